import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order, PaymentMethod } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckoutSteps } from '#web/components/ui/checkout-steps.tsx';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useAddresses } from '#web/features/addresses/api/list-addresses.ts';
import { AddressManager } from '#web/features/addresses/components/address-manager.tsx';
import { cartKeys } from '#web/features/cart/api/cart-keys.ts';
import { useCartQuote } from '#web/features/cart/api/get-cart-quote.ts';
import { PriceDetails } from '#web/features/cart/components/price-details.tsx';
import { useCartLines } from '#web/features/cart/hooks/use-cart-lines.ts';
import { usePaymentOptions } from '#web/features/checkout/api/get-payment-options.ts';
import { usePlaceOrder } from '#web/features/checkout/api/place-order.ts';
import { OrderSummary } from '#web/features/checkout/components/order-summary.tsx';
import {
  type PaymentChoice,
  PaymentOptions,
} from '#web/features/checkout/components/payment-options.tsx';
import { usePayOnline } from '#web/features/checkout/hooks/use-pay-online.ts';
import { orderQueryOptions } from '#web/features/orders/api/get-order.ts';
import { useSavedCards } from '#web/features/payments/api/saved-cards.ts';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { toast } from '#web/lib/toast.ts';

const PAYMENT_FORM_ID = 'payment-form';
const PLACE_ORDER_REASON_ID = 'place-order-reason';
/** Why 'Place order' is disabled before an address is chosen (issue 28). */
const CHOOSE_ADDRESS_TO_ORDER = 'Choose a delivery address to place your order';

/**
 * /checkout, steps 2 and 3 (SPEC §2 Checkout): where to deliver, how to pay,
 * what is ordered and what it costs (the server's quote, with the coupon and
 * gift wrap kept with the cart). 'Place order →' places it once (D18), sending
 * no coupon or gift wrap: the server charges the cart's, which the quote
 * showed. It waits, disabled with its reason, until an address is chosen. It
 * goes to the success page; a refusal stays here with its reason.
 *
 * Paid online (issue 25), the order is placed awaiting payment and Razorpay
 * Checkout opens on it; paid, dismissed or failed, the shopper lands on the
 * order's page (paid, or 'Payment not completed' with Pay now).
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
  const addresses = useAddresses();
  const address = addresses.data?.find((saved) => saved.selected);
  const savedCards = useSavedCards();
  const paymentOptions = usePaymentOptions();
  const payOnline = Boolean(paymentOptions.data?.online);
  const online = usePayOnline({ needed: payOnline });
  const profile = useProfile();
  // Checkout is open on a placed order: the page stays as it is under it.
  const [paying, setPaying] = useState(false);
  const selected = cart.list.filter((line) => line.selected);
  const { clearError } = order;
  const addressId = address?._id;

  // A refusal is about the order as it was ('Please select a delivery address'): a newly
  // chosen address makes it stale.
  useEffect(() => {
    if (addressId) clearError();
  }, [addressId, clearError]);

  const payPlacedOrder = async (placed: Order) => {
    setPaying(true);
    const result = await online.pay(placed, {
      name: profile.data?.name,
      email: profile.data?.email,
      contact: profile.data?.phone || placed.address.phone,
    });
    if (result.status === 'paid') {
      queryClient.setQueryData(orderQueryOptions(placed._id).queryKey, result.order);
      toast.success('Payment received: your order is placed');
    } else if (result.status === 'failed') {
      toast.error(result.message);
    }
    await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    navigate(paths.order(placed._id), { replace: true });
  };

  const onPay = async (payment: PaymentChoice) => {
    const placed = await order.place(payment);
    if (!placed) return;
    if (placed.paymentMethod === 'online') {
      await payPlacedOrder(placed);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: cartKeys.all });
    navigate(paths.paymentDone(placed._id), { replace: true });
  };

  if (selected.length === 0 && !paying) {
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

  const ready =
    Boolean(quote.data) && !quote.isFetching && Boolean(paymentOptions.data) && !online.reloading;
  const busy = order.isPlacing || paying;
  return (
    // The shopper chooses how to pay (step 3) once there is an address to deliver to.
    <CheckoutPage step={address ? 3 : 2}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <AddressManager />
          {paymentOptions.data ? (
            <PaymentOptions
              formId={PAYMENT_FORM_ID}
              onSubmit={onPay}
              disabled={busy}
              savedCards={payOnline ? [] : savedCards.data}
              cashOnDelivery={quote.data?.cashOnDelivery}
              onMethodChange={setPaymentMethod}
              payOnline={payOnline}
            />
          ) : paymentOptions.error ? (
            <ErrorMessage
              message={paymentOptions.error.message}
              onRetry={() => void paymentOptions.refetch()}
            />
          ) : (
            <LoadingMessage>Loading payment options...</LoadingMessage>
          )}
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
          {/* Said once the addresses are known, so it does not flash while they load. */}
          {!address && addresses.data ? (
            <p id={PLACE_ORDER_REASON_ID} className="text-sm font-medium text-ink-700">
              {CHOOSE_ADDRESS_TO_ORDER}
            </p>
          ) : null}
          <button
            type="submit"
            form={PAYMENT_FORM_ID}
            disabled={!ready || busy || !address}
            aria-describedby={address ? undefined : PLACE_ORDER_REASON_ID}
            className={buttonStyles({ size: 'lg' })}
          >
            {busy ? (
              <>
                <Spinner label="Placing your order" className="size-5" />
                {paying ? 'Paying...' : 'Placing order...'}
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
