/** Browser storage keys the spec fixes (SPEC §3); the original client reads the same ones. */
export const STORAGE_KEYS = {
  token: 'token',
  /** A visitor's cart (D17); a signed-in cart is the server's. */
  cart: 'cart-storage',
  /** A visitor's saved products (D33), merged into the account at sign-in. */
  wishlist: 'wishlist-storage',
  /** Products viewed in this browser, newest first (issue 16). */
  recentlyViewed: 'recently-viewed-storage',
} as const;
