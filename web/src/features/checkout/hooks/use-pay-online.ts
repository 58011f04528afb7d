import { useCallback, useEffect } from 'react';
import { type Order, orderNumber, SHOP_NAME } from '#contract';
import { ApiError } from '#web/lib/api-client.ts';
import { usePaymentOptions } from '../api/get-payment-options.ts';
import { payOrder } from '../api/pay-order.ts';
import {
  CHECKOUT_UNAVAILABLE_MESSAGE,
  type CheckoutPrefill,
  needsDocumentLoad,
  openRazorpayCheckout,
} from '../utils/razorpay-checkout.ts';

export type PayOnlineResult =
  | { status: 'paid'; order: Order }
  | { status: 'dismissed' }
  /** Checkout failed the payment, could not open, or the shop could not confirm it. */
  | { status: 'failed'; message: string };

/**
 * Paying an online order through Razorpay Checkout (issue 25): `pay` opens
 * Checkout with the order's Razorpay order and, on success, posts its answer
 * to the shop, which answers the order paid.
 *
 * `needed` says the page will open Checkout: reached inside the app from a
 * page whose document does not admit it (the CSP, decision 039), the page
 * loads again as a document at once; `reloading` is true meanwhile.
 */
export function usePayOnline({ needed }: { needed: boolean }) {
  const options = usePaymentOptions();
  const online = options.data?.online ?? null;
  const reloading = needed && online !== null && needsDocumentLoad();

  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  const pay = useCallback(
    async (order: Order, prefill: CheckoutPrefill): Promise<PayOnlineResult> => {
      if (!online || !order.payment) {
        return { status: 'failed', message: CHECKOUT_UNAVAILABLE_MESSAGE };
      }
      try {
        const outcome = await openRazorpayCheckout({
          checkoutUrl: online.checkoutUrl,
          payment: order.payment,
          shopName: SHOP_NAME,
          description: `Order ${orderNumber(order._id)}`,
          prefill,
        });
        if (outcome.status !== 'paid') return outcome;
        return { status: 'paid', order: await payOrder(order._id, outcome.answer) };
      } catch (error) {
        // The shop's refusal says why; anything else is Checkout not opening.
        const message = error instanceof ApiError ? error.message : CHECKOUT_UNAVAILABLE_MESSAGE;
        return { status: 'failed', message };
      }
    },
    [online],
  );

  return { online, reloading, pay };
}
