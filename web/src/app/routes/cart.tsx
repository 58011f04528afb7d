import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckoutSteps } from '#web/components/ui/checkout-steps.tsx';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useCartQuote } from '#web/features/cart/api/get-cart-quote.ts';
import { CartLines } from '#web/features/cart/components/cart-lines.tsx';
import { CouponsBox } from '#web/features/cart/components/coupons-box.tsx';
import { EmptyCart } from '#web/features/cart/components/empty-cart.tsx';
import { GiftingBox } from '#web/features/cart/components/gifting-box.tsx';
import { PriceDetails } from '#web/features/cart/components/price-details.tsx';
import { useCartLines } from '#web/features/cart/hooks/use-cart-lines.ts';
import { usePaymentOptions } from '#web/features/checkout/api/get-payment-options.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * /cart: the cart, checkout step 1 (SPEC §2 Cart). A visitor sees their own
 * lines too (D17); checking out asks them to sign in and brings them back (D15).
 */
export function CartRoute() {
  useDocumentTitle('Your Cart');
  const cart = useCartLines();
  const anySelected = cart.list.some((line) => line.selected);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <CheckoutSteps current={1} />
      <h1 className="mt-8 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">Your Cart</h1>
      <div className="mt-6">
        {cart.list.length > 0 ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <CartLines />
            {cart.isGuest ? (
              <GuestSidebar anySelected={anySelected} />
            ) : (
              <CartSidebar anySelected={anySelected} />
            )}
          </div>
        ) : cart.isLoading ? (
          <LoadingMessage>Loading your cart...</LoadingMessage>
        ) : cart.error ? (
          <ErrorMessage message={cart.error.message} onRetry={cart.reload} />
        ) : (
          <EmptyCart />
        )}
      </div>
    </section>
  );
}

/**
 * With Razorpay's keys, checkout loads as a document of its own: the CSP that
 * admits Razorpay Checkout is the checkout document's (decision 039).
 */
function PlaceOrderLink({ children = 'Place order' }: { children?: string }) {
  const paymentOptions = usePaymentOptions();
  return (
    <Link
      to={paths.checkout()}
      reloadDocument={Boolean(paymentOptions.data?.online)}
      className={buttonStyles({ size: 'lg' })}
    >
      {children}
      <ArrowRightIcon className="size-5" />
    </Link>
  );
}

function SelectToSeePrices() {
  return (
    <p className="rounded-2xl bg-ink-50 px-4 py-3 text-sm text-ink-700">
      Select the items you want to order to see the price details.
    </p>
  );
}

/** Coupons, gifting, and with a line selected: Price Details and the way on. */
function CartSidebar({ anySelected }: { anySelected: boolean }) {
  const quote = useCartQuote();
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-20">
      <CouponsBox quote={quote.data} />
      <GiftingBox />
      {anySelected ? (
        <>
          {quote.data ? (
            <PriceDetails quote={quote.data} isUpdating={quote.isFetching} />
          ) : quote.error ? (
            <ErrorMessage message={quote.error.message} onRetry={() => void quote.refetch()} />
          ) : (
            <LoadingMessage>Working out your total...</LoadingMessage>
          )}
          <PlaceOrderLink />
        </>
      ) : (
        <SelectToSeePrices />
      )}
    </div>
  );
}

/**
 * A visitor's way on: coupons, gift wrap and the total are the server cart's,
 * chosen once signed in; checkout asks them to sign in and brings them back.
 */
function GuestSidebar({ anySelected }: { anySelected: boolean }) {
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-20">
      <p className="rounded-2xl border border-ink-200 bg-white p-4 text-sm text-ink-700 shadow-sm sm:p-5">
        Sign in to check out: your items come with you, and you can apply coupons and add gift wrap.
      </p>
      {anySelected ? (
        <PlaceOrderLink>Sign in to place order</PlaceOrderLink>
      ) : (
        <SelectToSeePrices />
      )}
    </div>
  );
}
