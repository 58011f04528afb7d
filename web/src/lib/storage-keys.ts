/** Browser storage keys the spec fixes (SPEC §3); the original client reads the same ones. */
export const STORAGE_KEYS = {
  token: 'token',
  /** A visitor's cart (D17); a signed-in cart is the server's. */
  cart: 'cart-storage',
} as const;
