import {
  type AddWishlistItemBody,
  type MergeWishlistBody,
  WISHLIST_FULL,
  WISHLIST_ITEM_NOT_FOUND,
  WISHLIST_MAX_ITEMS,
  type WishlistItem,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import {
  countWishlist,
  deleteWishlistItem,
  findWishlist,
  insertWishlistItems,
} from './wishlist.repository.ts';

interface WishlistDependencies {
  catalogue: Pick<CatalogueService, 'getProducts' | 'isOnSale'>;
}

/** D33: a signed-in shopper's saved products, with each product as it is now. */
export function createWishlistService(db: Database, { catalogue }: WishlistDependencies) {
  async function getWishlist(userId: string): Promise<WishlistItem[]> {
    const saved = await findWishlist(db, userId);
    const found = new Map(
      (await catalogue.getProducts(saved.map((item) => item.productId))).map((product) => [
        product._id,
        product,
      ]),
    );
    return saved.flatMap((item) => {
      const product = found.get(item.productId);
      return product ? [{ product, addedAt: item.createdAt.toISOString() }] : [];
    });
  }

  return {
    getWishlist,

    async addWishlistItem(userId: string, body: AddWishlistItemBody): Promise<WishlistItem[]> {
      if (!(await catalogue.isOnSale(body.productId))) throw notFound('Product not found');
      await db.transaction(async (tx) => {
        if ((await countWishlist(tx, userId)) >= WISHLIST_MAX_ITEMS) throw conflict(WISHLIST_FULL);
        await insertWishlistItems(tx, userId, [
          { productId: body.productId, createdAt: new Date() },
        ]);
      });
      return getWishlist(userId);
    },

    async removeWishlistItem(userId: string, productId: string): Promise<WishlistItem[]> {
      // D2: an id that is not in the list is a 404, like any unknown id.
      if (!isUuid(productId) || !(await deleteWishlistItem(db, userId, productId))) {
        throw notFound(WISHLIST_ITEM_NOT_FOUND);
      }
      return getWishlist(userId);
    },

    /**
     * A guest's saved products join the account's at sign-in (like the guest
     * cart, D17): unknown, archived and already saved ones are skipped, and
     * the list keeps at most WISHLIST_MAX_ITEMS.
     */
    async mergeWishlist(userId: string, body: MergeWishlistBody): Promise<WishlistItem[]> {
      const ids = [...new Set(body.productIds.filter(isUuid))];
      await db.transaction(async (tx) => {
        const room = WISHLIST_MAX_ITEMS - (await countWishlist(tx, userId));
        // The guest's list is oldest first: each later one a moment newer.
        const start = Date.now();
        await insertWishlistItems(
          tx,
          userId,
          ids.slice(0, Math.max(room, 0)).map((productId, index) => ({
            productId,
            createdAt: new Date(start + index),
          })),
        );
      });
      return getWishlist(userId);
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
