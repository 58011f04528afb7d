import { z } from 'zod';
import { ProductSchema, SizeSchema } from './catalogue.ts';
import { IdParamsSchema, IdSchema, TimestampSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailSchema, linkTokenBodySchema } from './fields.ts';

/**
 * D33: a shopper saves products for later (a wishlist: on the server when
 * signed in, in the browser for a guest, merged at sign-in like the guest
 * cart), and asks to be emailed when a sold-out size comes back.
 */

/** How many products a wishlist holds, and a guest's list may bring to a merge. */
export const WISHLIST_MAX_ITEMS = 100;

export const WISHLIST_FULL = `A wishlist holds at most ${WISHLIST_MAX_ITEMS} products`;
export const WISHLIST_ITEM_NOT_FOUND = 'This product is not in your wishlist';
export const STOCK_ALERT_IN_STOCK = 'This size is in stock: add it to your cart instead';
export const STOCK_ALERT_NO_SUCH_SIZE = 'This product does not come in that size';
export const STOCK_ALERT_EMAIL_REQUIRED = 'Email is required';

/**
 * A request for an email that is not the signed-in shopper's own waits for a
 * mailed link (double opt-in), so nobody can sign up someone else's inbox; an
 * unconfirmed request is never answered and is forgotten after this long.
 */
export const STOCK_ALERT_CONFIRM_HOURS = 48;
/** Confirmation emails one address may be sent per hour. */
export const STOCK_ALERT_CONFIRMATIONS_PER_HOUR = 5;
export const STOCK_ALERT_CHECK_INBOX =
  'Check your inbox to confirm: we will email you once when this size is back.';
export const STOCK_ALERT_LINK_INVALID =
  'This link has expired or was already used. Please ask again on the product page.';
export const STOCK_ALERT_CONFIRMATIONS_LIMITED =
  'We have already sent several links to this email. Please check your inbox, or try again in an hour.';

export const WishlistItemSchema = z.object({
  /** The product as it is now: current price and stock per size. */
  product: ProductSchema,
  addedAt: TimestampSchema,
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const AddWishlistItemBodySchema = z.object({ productId: IdSchema });
export type AddWishlistItemBody = z.infer<typeof AddWishlistItemBodySchema>;

export const MergeWishlistBodySchema = z.object({
  productIds: z
    .array(IdSchema)
    .max(WISHLIST_MAX_ITEMS, `At most ${WISHLIST_MAX_ITEMS} products can be merged`),
});
export type MergeWishlistBody = z.infer<typeof MergeWishlistBodySchema>;

export const CreateStockAlertBodySchema = z.object({
  size: SizeSchema,
  /** A guest's address; a signed-in shopper's account email is used when it is left out. */
  email: EmailSchema.optional(),
});
export type CreateStockAlertBody = z.infer<typeof CreateStockAlertBodySchema>;

/** `active`: it will be answered; `pending`: it waits for the link mailed to `email`. */
export const StockAlertStatusSchema = z.enum(['active', 'pending']);

export const StockAlertSchema = z.object({
  productId: IdSchema,
  size: SizeSchema,
  email: z.string(),
  status: StockAlertStatusSchema,
});
export type StockAlert = z.infer<typeof StockAlertSchema>;

const wishlistResult = z.array(WishlistItemSchema);

export const getWishlist = defineEndpoint({
  name: 'getWishlist',
  method: 'GET',
  path: '/wishlist',
  tag: 'wishlist',
  summary: 'The saved products, newest first, with their current price and stock',
  auth: 'user',
  result: wishlistResult,
});

export const addWishlistItem = defineEndpoint({
  name: 'addWishlistItem',
  method: 'POST',
  path: '/wishlist',
  tag: 'wishlist',
  summary: 'Save a product (saving it again changes nothing)',
  auth: 'user',
  body: AddWishlistItemBodySchema,
  result: wishlistResult,
});

export const removeWishlistItem = defineEndpoint({
  name: 'removeWishlistItem',
  method: 'DELETE',
  path: '/wishlist/:id',
  tag: 'wishlist',
  summary: 'Forget a saved product (by product _id)',
  auth: 'user',
  params: IdParamsSchema,
  result: wishlistResult,
});

export const mergeWishlist = defineEndpoint({
  name: 'mergeWishlist',
  method: 'POST',
  path: '/wishlist/merge',
  tag: 'wishlist',
  summary: "Add a guest's saved products at sign-in (unknown and duplicate ones skipped)",
  auth: 'user',
  body: MergeWishlistBodySchema,
  result: wishlistResult,
});

export const createStockAlert = defineEndpoint({
  name: 'createStockAlert',
  method: 'POST',
  path: '/product/:id/stock-alerts',
  tag: 'wishlist',
  summary:
    "Email me once when this sold-out size is back (asking twice changes nothing); pending until confirmed by a mailed link unless it is the signed-in shopper's own email",
  auth: 'optional',
  params: IdParamsSchema,
  body: CreateStockAlertBodySchema,
  result: StockAlertSchema,
});

export const ConfirmStockAlertBodySchema = linkTokenBodySchema(STOCK_ALERT_LINK_INVALID);
export type ConfirmStockAlertBody = z.infer<typeof ConfirmStockAlertBodySchema>;

export const confirmStockAlert = defineEndpoint({
  name: 'confirmStockAlert',
  method: 'POST',
  path: '/stock-alerts/confirm',
  tag: 'wishlist',
  summary: 'Confirm a back-in-stock request with the token of its mailed link (works once)',
  auth: 'none',
  body: ConfirmStockAlertBodySchema,
  result: StockAlertSchema,
});
