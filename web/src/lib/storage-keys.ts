/** Browser storage keys the spec fixes (SPEC §3); the original client reads the same ones. */
export const STORAGE_KEYS = {
  token: 'token',
  cart: 'cart-storage',
  address: 'address-storage',
  /** Not in the spec: the coupon and gift wrap chosen in the cart, for checkout (sessionStorage). */
  checkoutOptions: 'checkout-options',
} as const;
