import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { GIFT_MESSAGE_MAX_LENGTH } from '#contract';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

/** SPEC §2 Cart: the code the cart starts with (D10). */
export const DEFAULT_COUPON_CODE = 'MAX500';

export interface CheckoutOptionsState {
  /** The coupon the shopper asked for (the server says whether it applies), or null for none. */
  couponCode: string | null;
  giftWrap: boolean;
  giftMessage: string;
  applyCoupon: (code: string) => void;
  removeCoupon: () => void;
  setGiftWrap: (giftWrap: boolean) => void;
  setGiftMessage: (message: string) => void;
  /** Back to the defaults, after an order is placed. */
  reset: () => void;
}

const defaults = { couponCode: DEFAULT_COUPON_CODE, giftWrap: false, giftMessage: '' };

/**
 * The coupon and gift wrap chosen in the cart, read again at checkout. Kept
 * for the browser tab (sessionStorage), so a reload of the checkout page
 * charges what the cart showed.
 */
export const useCheckoutOptionsStore = create<CheckoutOptionsState>()(
  persist(
    (set) => ({
      ...defaults,
      applyCoupon: (code) => set({ couponCode: code.trim().toUpperCase() || null }),
      removeCoupon: () => set({ couponCode: null }),
      setGiftWrap: (giftWrap) => set({ giftWrap }),
      setGiftMessage: (message) => set({ giftMessage: message.slice(0, GIFT_MESSAGE_MAX_LENGTH) }),
      reset: () => set(defaults),
    }),
    {
      name: STORAGE_KEYS.checkoutOptions,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ couponCode, giftWrap, giftMessage }) => ({
        couponCode,
        giftWrap,
        giftMessage,
      }),
    },
  ),
);
