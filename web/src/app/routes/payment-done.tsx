import { Link, useParams } from 'react-router';
import { orderNumber } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useOrder } from '#web/features/orders/api/get-order.ts';
import {
  OrderFacts,
  OrderItems,
  OrderPrices,
} from '#web/features/orders/components/order-details.tsx';
import { OrderNotFound } from '#web/features/orders/components/order-not-found.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * /payment-done/{id} (SPEC §2 Payment-done): the order just placed, loaded
 * from the server, so an unknown id or another shopper's (404, D2) is not
 * called a success. It stays until the shopper leaves (decision 052: SPEC §9's
 * 5-second return home was a time limit the shopper could not stop, WCAG 2.2.1).
 */
export function PaymentDoneRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  // D2: an unknown id is a 404, a malformed one a 400; to a shopper both are "not found".
  const notFound = order.error?.status === 404 || order.error?.status === 400;
  const placed = order.data;
  useDocumentTitle(notFound ? 'Order not found' : 'Order placed');

  if (notFound) return <OrderNotFound />;
  if (!placed) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 sm:py-24">
        {order.error ? (
          <ErrorMessage message={order.error.message} onRetry={() => void order.refetch()} />
        ) : (
          <LoadingMessage>Loading your order...</LoadingMessage>
        )}
      </section>
    );
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-12 text-center sm:py-16">
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 motion-safe:animate-fade-in-up"
      >
        <CheckIcon className="size-9" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
        Order placed successfully!
      </h1>
      <p className="mt-3 text-lg font-semibold text-ink-900">Order {orderNumber(placed._id)}</p>
      <p className="mt-2 text-ink-700">Thank you for your purchase.</p>

      <section
        aria-labelledby="placed-order-heading"
        className="mt-8 w-full rounded-2xl border border-ink-200 bg-white p-4 text-left sm:p-6"
      >
        <h2 id="placed-order-heading" className="mb-4 text-lg font-bold text-ink-900">
          Order summary
        </h2>
        <OrderItems order={placed} />
        <div className="mt-2 border-t border-ink-200 pt-4">
          <OrderPrices order={placed} />
        </div>
        <div className="mt-4 border-t border-ink-200">
          <OrderFacts order={placed} />
        </div>
      </section>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.order(placed._id)} className={buttonStyles()}>
          View order
        </Link>
        <Link to={paths.orderTracking(placed._id)} className={buttonStyles({ variant: 'outline' })}>
          Track order
        </Link>
        <Link to={paths.home()} className={buttonStyles({ variant: 'outline' })}>
          Back to Home
        </Link>
      </div>
      <p className="mt-8 text-sm text-ink-600">You will receive a confirmation email soon.</p>
    </section>
  );
}
