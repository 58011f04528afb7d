import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { findOrderTransition, type Order, orderNumber, PAYMENT_NOT_COMPLETED } from '#contract';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { PayNowButton } from '#web/features/checkout/components/pay-now-button.tsx';
import { OrderDocuments } from '#web/features/invoices/components/order-documents.tsx';
import { orderQueryOptions, useOrder } from '#web/features/orders/api/get-order.ts';
import { useOrderReturns } from '#web/features/orders/api/list-order-returns.ts';
import { CancelOrderButton } from '#web/features/orders/components/cancel-order-button.tsx';
import {
  OrderFacts,
  OrderItems,
  OrderPrices,
} from '#web/features/orders/components/order-details.tsx';
import { OrderNotFound } from '#web/features/orders/components/order-not-found.tsx';
import { OrderReturns } from '#web/features/orders/components/order-returns.tsx';
import { RefundAccountPanel } from '#web/features/payments/components/refund-account-form.tsx';
import { useProfile } from '#web/features/profile/api/get-profile.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { formatDate } from '#web/utils/format-date.ts';

/**
 * /order/{id}: one order in full (SPEC §2 Order detail), cancellable while
 * pending (D19), returnable or exchangeable for 7 days after delivery (D31).
 * An online order whose payment has not arrived says so, with Pay now and
 * Cancel (issue 25).
 */
export function OrderRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const heading = `Order ${orderNumber(id)}`;
  useDocumentTitle(heading);

  if (order.error?.status === 404) return <OrderNotFound />;
  if (!order.data) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        {order.error ? (
          <>
            <h1 className="mb-6 text-3xl font-bold tracking-tight text-ink-900">{heading}</h1>
            <ErrorMessage message={order.error.message} onRetry={() => void order.refetch()} />
          </>
        ) : (
          <LoadingMessage>Loading your order...</LoadingMessage>
        )}
      </section>
    );
  }

  const data = order.data;
  const awaitingPayment = data.status === 'awaiting-payment' && data.payment !== null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <BackLink to={paths.orders()}>Your Orders</BackLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{heading}</h1>
        <OrderStatusBadge status={data.status} />
      </div>
      <p className="mt-1 text-ink-600">
        Ordered on <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
      </p>
      {awaitingPayment ? <PaymentNotCompleted order={data} /> : null}

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-5">
        <section
          aria-labelledby="order-items-heading"
          className="rounded-2xl border border-ink-200 bg-white p-4 sm:p-6 lg:col-span-3"
        >
          <h2 id="order-items-heading" className="mb-4 text-lg font-bold text-ink-900">
            Items
          </h2>
          <OrderItems order={data} />
          <div className="mt-2 border-t border-ink-200 pt-4">
            <h3 className="sr-only">Price details</h3>
            <OrderPrices order={data} />
          </div>
        </section>

        <div className="space-y-6 lg:col-span-2">
          <section
            aria-labelledby="order-summary-heading"
            className="rounded-2xl border border-ink-200 bg-white p-4 sm:p-6"
          >
            <h2 id="order-summary-heading" className="text-lg font-bold text-ink-900">
              Order summary
            </h2>
            <OrderFacts order={data} />
          </section>
          <OrderDocuments orderId={data._id} historyLength={data.events.length} />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            <Link to={paths.orderTracking(data._id)} className={buttonStyles()}>
              Track Order
            </Link>
            {!awaitingPayment && findOrderTransition(data.status, 'cancelled', 'shopper') ? (
              <CancelOrderButton order={data} />
            ) : null}
          </div>
        </div>
      </div>
      <div className="mt-6">
        <OrderReturns order={data} />
        <CashRefundDetails order={data} />
      </div>
    </section>
  );
}

/**
 * An online order placed but not paid (Checkout dismissed or failed): pay it
 * now, on the same Razorpay order, or cancel it. Unpaid after the payment
 * window, the shop cancels it itself and the page, read again meanwhile, says so.
 */
function PaymentNotCompleted({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const profile = useProfile();
  return (
    <section
      aria-labelledby="payment-not-completed-heading"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
    >
      <h2 id="payment-not-completed-heading" className="text-lg font-bold text-amber-900">
        {PAYMENT_NOT_COMPLETED}
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Your items are held for you. Pay now to place the order, or cancel it; unpaid, it is
        cancelled for you after a while.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <PayNowButton
          order={order}
          prefill={{
            name: profile.data?.name,
            email: profile.data?.email,
            contact: profile.data?.phone || order.address.phone,
          }}
          onPaid={(paid) => queryClient.setQueryData(orderQueryOptions(paid._id).queryKey, paid)}
        />
        <CancelOrderButton order={order} />
      </div>
    </section>
  );
}

/**
 * A delivered cash order with money to give back (a return asked for, or a
 * refund still to pay) asks where to pay it (issue 25), until it is paid.
 */
function CashRefundDetails({ order }: { order: Order }) {
  const isDeliveredCash = order.paymentMethod === 'cash' && order.status === 'delivered';
  const returns = useOrderReturns(order._id, isDeliveredCash);
  if (!isDeliveredCash) return null;
  const refundAsked = (returns.data ?? []).some(
    (request) =>
      request.status !== 'rejected' && request.refund === null && request.refundAmount > 0,
  );
  const refundToPay = order.refunds.some((refund) => refund.status === 'pending');
  return refundAsked || refundToPay ? <RefundAccountPanel orderId={order._id} /> : null;
}
