import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckoutSteps } from '#web/components/ui/checkout-steps.tsx';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AddressManager } from '#web/features/addresses/components/address-manager.tsx';
import { useCartQuote } from '#web/features/cart/api/get-cart-quote.ts';
import { PriceDetails } from '#web/features/cart/components/price-details.tsx';
import { useCartStore } from '#web/features/cart/stores/cart-store.ts';
import { useCheckoutOptionsStore } from '#web/features/cart/stores/checkout-options-store.ts';
import { usePlaceOrder } from '#web/features/checkout/api/place-order.ts';
import { OrderSummary } from '#web/features/checkout/components/order-summary.tsx';
import {
  type PaymentChoice,
  PaymentOptions,
} from '#web/features/checkout/components/payment-options.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const PAYMENT_FORM_ID = 'payment-form';

/**
 * /checkout, step 2 (SPEC §2 Checkout): where to deliver, how to pay, what
 * is ordered and what it costs (the server's quote, with the coupon and gift
 * wrap chosen in the cart). 'Place order →' places it once (D18) and goes
 * to the success page; a refusal stays here with the server's reason.
 */
export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const navigate = useNavigate();
  const list = useCartStore((state) => state.list);
  const isCartLoading = useCartStore((state) => state.isLoading);
  const giftWrap = useCheckoutOptionsStore((state) => state.giftWrap);
  const giftMessage = useCheckoutOptionsStore((state) => state.giftMessage);
  const quote = useCartQuote();
  const order = usePlaceOrder();
  const selected = list.filter((line) => line.selected);

  const onPay = async (payment: PaymentChoice) => {
    const placed = await order.place({
      ...payment,
      // The coupon the quote applied: what the shopper was shown is what is charged.
      couponCode: quote.data?.coupon?.code,
      giftWrap: giftWrap ? { message: giftMessage } : undefined,
    });
    if (placed) navigate(paths.paymentDone(placed._id), { replace: true });
  };

  if (selected.length === 0) {
    return (
      <CheckoutPage>
        {isCartLoading ? (
          <LoadingMessage>Loading your cart...</LoadingMessage>
        ) : (
          <EmptyState
            title="Nothing to check out yet."
            actions={
              <Link to={paths.cart()} className={buttonStyles()}>
                Go to Cart
              </Link>
            }
          >
            Select the items you want to order in your cart first.
          </EmptyState>
        )}
      </CheckoutPage>
    );
  }

  const ready = Boolean(quote.data) && !quote.isLoading;
  return (
    <CheckoutPage>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <AddressManager />
          <PaymentOptions formId={PAYMENT_FORM_ID} onSubmit={onPay} disabled={order.isPlacing} />
        </div>
        <div className="flex flex-col gap-4 lg:sticky lg:top-20">
          <OrderSummary lines={selected} estimatedDelivery={quote.data?.estimatedDelivery} />
          {quote.data ? (
            <PriceDetails quote={quote.data} isUpdating={quote.isLoading} />
          ) : quote.error ? (
            <ErrorMessage message={quote.error.message} onRetry={quote.reload} />
          ) : (
            <LoadingMessage>Working out your total...</LoadingMessage>
          )}
          {order.error ? (
            <p
              role="alert"
              className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
            >
              {order.error.message}
            </p>
          ) : null}
          <button
            type="submit"
            form={PAYMENT_FORM_ID}
            disabled={!ready || order.isPlacing}
            className={buttonStyles({ size: 'lg' })}
          >
            {order.isPlacing ? (
              <>
                <Spinner label="Placing your order" className="size-5" />
                Placing order...
              </>
            ) : (
              <>
                Place order
                <ArrowRightIcon className="size-5" />
              </>
            )}
          </button>
        </div>
      </div>
    </CheckoutPage>
  );
}

function CheckoutPage({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <CheckoutSteps current={2} />
      <h1 className="mt-8 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Checkout</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}
