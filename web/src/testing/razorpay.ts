import { vi } from 'vitest';

type Razorpay = NonNullable<Window['Razorpay']>;
type CheckoutOptions = ConstructorParameters<Razorpay>[0];
type FailedListener = Parameters<InstanceType<Razorpay>['on']>[1];

/** What the shopper does in the stand-in of Razorpay Checkout once it opens. */
export type CheckoutAct =
  | { pays: { razorpay_payment_id: string; razorpay_signature: string } }
  | { fails: string }
  | 'dismisses';

/**
 * Puts a stand-in of Razorpay Checkout's `window.Razorpay` on the page (as
 * its script would), which acts as told when opened. Answers the options it
 * was opened with. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeRazorpayCheckout(act: CheckoutAct) {
  const opened: CheckoutOptions[] = [];
  class FakeRazorpay {
    private readonly failed: FailedListener[] = [];
    constructor(private readonly options: CheckoutOptions) {
      opened.push(options);
    }
    on(_event: 'payment.failed', listener: FailedListener) {
      this.failed.push(listener);
    }
    close() {}
    open() {
      queueMicrotask(() => {
        if (act === 'dismisses') this.options.modal.ondismiss();
        else if ('fails' in act) {
          for (const listener of this.failed) listener({ error: { description: act.fails } });
        } else this.options.handler({ razorpay_order_id: this.options.order_id, ...act.pays });
      });
    }
  }
  vi.stubGlobal('Razorpay', FakeRazorpay);
  return { opened };
}
