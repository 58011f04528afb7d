import { type SavedDesign, sharedDesignPath } from '#contract';
import type { SavedDesignRow } from '#server/db/schema/designs.ts';

export function toSavedDesign(row: SavedDesignRow): SavedDesign {
  return {
    _id: row.id,
    name: row.name,
    productId: row.productId,
    design: row.design,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sharePath: row.shareToken === null ? null : sharedDesignPath(row.shareToken),
  };
}
