import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PaymentMethod } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckoutSteps } from '#web/components/ui/checkout-steps.tsx';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useSelectedAddress } from '#web/features/addresses/api/list-addresses.ts';
import { AddressManager } from '#web/features/addresses/components/address-manager.tsx';
import { cartKeys } from '#web/features/cart/api/cart-keys.ts';
import { useCartQuote } from '#web/features/cart/api/get-cart-quote.ts';
import { PriceDetails } from '#web/features/cart/components/price-details.tsx';
import { useCartLines } from '#web/features/cart/hooks/use-cart-lines.ts';
import { usePlaceOrder } from '#web/features/checkout/api/place-order.ts';
import { OrderSummary } from '#web/features/checkout/components/order-summary.tsx';
import {
  type PaymentChoice,
  PaymentOptions,
} from '#web/features/checkout/components/payment-options.tsx';
import { useSavedCards } from '#web/features/payments/api/saved-cards.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const PAYMENT_FORM_ID = 'payment-form';

/**
 * /checkout, steps 2 and 3 (SPEC §2 Checkout): where to deliver, how to pay,
 * what is ordered and what it costs (the server's quote, with the coupon and
 * gift wrap kept with the cart). 'Place order →' places it once (D18), sending
 * no coupon or gift wrap: the server charges the cart's, which the quote
 * showed. It goes to the success page; a refusal stays here with its reason.
 */
export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = useCartLines();
  // The quote prices the way the shopper pays, so the cash fee shows before placing (issue 25).
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash');
  const quote = useCartQuote(paymentMethod);
  const order = usePlaceOrder();
  const address = useSelectedAddress();
  const savedCards = useSavedCards();
  const selected = cart.list.filter((line) => line.selected);
  const { clearError } = order;
  const addressId = address?._id;

  // A refusal is about the order as it was ('Please select a delivery address'): a newly
  // chosen address makes it stale.
  useEffect(() => {
    if (addressId) clearError();
  }, [addressId, clearError]);

  const onPay = async (payment: PaymentChoice) => {
    const placed = await order.place(payment);
    if (!placed) return;
    await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    navigate(paths.paymentDone(placed._id), { replace: true });
  };

  if (selected.length === 0) {
    return (
      <CheckoutPage step={2}>
        {cart.isLoading ? (
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

  const ready = Boolean(quote.data) && !quote.isFetching;
  return (
    // The shopper chooses how to pay (step 3) once there is an address to deliver to.
    <CheckoutPage step={address ? 3 : 2}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <AddressManager />
          <PaymentOptions
            formId={PAYMENT_FORM_ID}
            onSubmit={onPay}
            disabled={order.isPlacing}
            savedCards={savedCards.data}
            cashOnDelivery={quote.data?.cashOnDelivery}
            onMethodChange={setPaymentMethod}
          />
        </div>
        <div className="flex flex-col gap-4 lg:sticky lg:top-20">
          <OrderSummary lines={selected} estimatedDelivery={quote.data?.estimatedDelivery} />
          {quote.data ? (
            <PriceDetails quote={quote.data} isUpdating={quote.isFetching} />
          ) : quote.error ? (
            <ErrorMessage message={quote.error.message} onRetry={() => void quote.refetch()} />
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

function CheckoutPage({ step, children }: { step: 2 | 3; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <CheckoutSteps current={step} />
      <h1 className="mt-8 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Checkout</h1>
      <div className="mt-6">{children}</div>
    </section>
  );
}
