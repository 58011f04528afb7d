import {
  garmentKind,
  printedSides,
  SHARE_TOKEN_PATTERN,
  SHARED_DESIGN_NOT_FOUND,
  type ShareDesignResult,
  type SharedDesign,
  sharedDesignPath,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { newToken } from '#server/lib/tokens.ts';
import {
  findSharedDesign,
  shareSavedDesign,
  stopSharingSavedDesign,
} from './designs.repository.ts';
import { type DesignsService, SAVED_DESIGN_NOT_FOUND } from './designs.service.ts';

/** The Open Graph picture's width: chat apps show about this much of a link's picture. */
export const SHARED_DESIGN_IMAGE_WIDTH_PX = 600;

/** Pictures kept drawn, newest last: a link passed round a chat is fetched by many at once. */
const PICTURES_KEPT = 50;

export interface SharedDesignsDependencies {
  catalogue: Pick<CatalogueService, 'getProduct'>;
  designs: Pick<DesignsService, 'renderGarmentPicture'>;
}

/**
 * Saved designs shared by a read-only link (issue 29, decision 058): the
 * owner shares and stops sharing; anyone with the token reads the design with
 * its product, and its picture on the garment for chat apps' previews.
 */
export function createSharedDesignsService(
  db: Database,
  { catalogue, designs }: SharedDesignsDependencies,
  options: { publicUrl: string },
) {
  /** Drawn pictures by token and the design's last change, so a changed design is drawn anew. */
  const pictures = new Map<string, Promise<Buffer>>();

  /** The shared design and when it last changed. */
  async function readShared(token: string): Promise<{ shared: SharedDesign; changedAt: Date }> {
    const row = SHARE_TOKEN_PATTERN.test(token) ? await findSharedDesign(db, token) : undefined;
    if (!row) throw notFound(SHARED_DESIGN_NOT_FOUND);
    try {
      const product = await catalogue.getProduct(row.productId);
      return {
        shared: { token, name: row.name, design: row.design, product },
        changedAt: row.updatedAt,
      };
    } catch (error) {
      // A product no longer on sale takes its shared designs' pages with it.
      if (error instanceof AppError && error.status === 404)
        throw notFound(SHARED_DESIGN_NOT_FOUND);
      throw error;
    }
  }

  return {
    async share(userId: string, id: string): Promise<ShareDesignResult> {
      const token = isUuid(id) ? await shareSavedDesign(db, userId, id, newToken()) : undefined;
      if (!token) throw notFound(SAVED_DESIGN_NOT_FOUND);
      return { url: `${options.publicUrl}${sharedDesignPath(token)}` };
    },

    async stopSharing(userId: string, id: string): Promise<void> {
      const stopped = isUuid(id) && (await stopSharingSavedDesign(db, userId, id));
      if (!stopped) throw notFound(SAVED_DESIGN_NOT_FOUND);
    },

    async getSharedDesign(token: string): Promise<SharedDesign> {
      return (await readShared(token)).shared;
    },

    /**
     * The design's first printed side on its garment as a PNG (the front when
     * it has one): the link's Open Graph picture.
     */
    async renderPicture(token: string): Promise<Buffer> {
      const { shared, changedAt } = await readShared(token);
      const key = `${token}:${changedAt.getTime()}`;
      const kept = pictures.get(key);
      if (kept) return kept;
      const [side = 'front'] = printedSides(shared.design);
      const drawing = designs.renderGarmentPicture(
        { design: shared.design, printAreas: shared.product.customisation.printAreas },
        side,
        garmentKind(shared.product.category),
        shared.product.color.hex,
        SHARED_DESIGN_IMAGE_WIDTH_PX,
      );
      pictures.set(key, drawing);
      drawing.catch(() => pictures.delete(key));
      for (const old of pictures.keys()) {
        if (pictures.size <= PICTURES_KEPT) break;
        pictures.delete(old);
      }
      return drawing;
    },
  };
}

export type SharedDesignsService = ReturnType<typeof createSharedDesignsService>;
