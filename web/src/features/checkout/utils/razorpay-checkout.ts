import { type OnlinePayment, PAYMENT_PAGE_PATTERN, type PayOrderBody } from '#contract';

/** What the shop gives Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  handler: (answer: PayOrderBody) => void;
  modal: { ondismiss: () => void };
}

/** What Checkout tells its 'payment.failed' listeners; the shop reads the description. */
export interface RazorpayFailure {
  error?: { description?: string };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', listener: (failure: RazorpayFailure) => void): void;
}

declare global {
  interface Window {
    /** Defined by Razorpay Checkout's script once it has loaded. */
    Razorpay?: new (
      options: RazorpayCheckoutOptions,
    ) => RazorpayCheckout;
  }
}

export const CHECKOUT_UNAVAILABLE_MESSAGE =
  'Online payment could not be opened just now. Your order is saved: try Pay now in a moment.';
export const PAYMENT_FAILED_MESSAGE = 'The payment did not go through.';

let loading: { url: string; script: Promise<void> } | undefined;

/** Loads Checkout's script once per page; a failed load may be tried again. */
export function loadCheckoutScript(url: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  if (loading?.url === url) return loading.script;
  const script = new Promise<void>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = url;
    element.async = true;
    element.onload = () => resolve();
    element.onerror = () => {
      element.remove();
      loading = undefined;
      reject(new Error(CHECKOUT_UNAVAILABLE_MESSAGE));
    };
    document.head.append(element);
  });
  loading = { url, script };
  return script;
}

/** The path this document was loaded at, whatever the router has shown since. */
function documentPath(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : window.location.pathname;
}

/**
 * Whether this page must load again as a document before Checkout can open:
 * a Content-Security-Policy belongs to the document, and the server's admits
 * Checkout only on documents loaded at a payment page (decision 039). A page
 * reached inside the app from another document (the cart, the order list)
 * must; a page that is its own document never does, so it never loops.
 */
export function needsDocumentLoad(): boolean {
  const path = documentPath();
  return !PAYMENT_PAGE_PATTERN.test(path) && path !== window.location.pathname;
}

export interface CheckoutPrefill {
  name?: string | undefined;
  email?: string | undefined;
  contact?: string | undefined;
}

export type CheckoutOutcome =
  | { status: 'paid'; answer: PayOrderBody }
  | { status: 'failed'; message: string }
  | { status: 'dismissed' };

/**
 * Opens Razorpay Checkout for an order's Razorpay order and settles with the
 * first thing that happens: paid (Checkout's signed answer, to post to the
 * shop), failed (Checkout closed, so the order's page offers Pay now), or
 * dismissed by the shopper.
 */
export async function openRazorpayCheckout({
  checkoutUrl,
  payment,
  shopName,
  description,
  prefill,
}: {
  checkoutUrl: string;
  payment: Pick<OnlinePayment, 'keyId' | 'orderId' | 'amount' | 'currency'>;
  shopName: string;
  description: string;
  prefill: CheckoutPrefill;
}): Promise<CheckoutOutcome> {
  await loadCheckoutScript(checkoutUrl);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error(CHECKOUT_UNAVAILABLE_MESSAGE);
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      key: payment.keyId,
      order_id: payment.orderId,
      amount: payment.amount,
      currency: payment.currency,
      name: shopName,
      description,
      prefill: Object.fromEntries(Object.entries(prefill).filter(([, value]) => Boolean(value))),
      handler: (answer) => settle({ status: 'paid', answer }),
      modal: { ondismiss: () => settle({ status: 'dismissed' }) },
    });
    checkout.on('payment.failed', (failure) => {
      settle({
        status: 'failed',
        message: failure.error?.description || PAYMENT_FAILED_MESSAGE,
      });
      checkout.close();
    });
    checkout.open();
  });
}
