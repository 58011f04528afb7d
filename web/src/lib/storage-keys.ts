/** Browser storage keys the spec fixes (SPEC §3); the original client reads the same ones. */
export const STORAGE_KEYS = {
  token: 'token',
  cart: 'cart-storage',
  address: 'address-storage',
} as const;
