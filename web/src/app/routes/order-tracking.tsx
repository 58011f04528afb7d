import { Link, useParams } from 'react-router';
import { orderNumber } from '#contract';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useOrder } from '#web/features/orders/api/get-order.ts';
import { OrderNotFound } from '#web/features/orders/components/order-not-found.tsx';
import { DeliveryOutlook, OrderTimeline } from '#web/features/orders/components/order-timeline.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /order/{id}/track: where the order is, as a timeline of its events (D20). */
export function OrderTrackingRoute() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const heading = `Track Order ${orderNumber(id)}`;
  useDocumentTitle(heading);

  if (order.error?.status === 404) return <OrderNotFound />;
  const data = order.data;
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      {data ? (
        <>
          <BackLink to={paths.order(data._id)}>Order details</BackLink>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
              {heading}
            </h1>
            <OrderStatusBadge status={data.status} />
          </div>

          <div className="mt-6">
            <DeliveryOutlook order={data} />
          </div>

          {data.items.some((item) => item.design) ? (
            <section
              aria-labelledby="designs-heading"
              className="mt-6 rounded-2xl border border-ink-200 bg-white p-4 sm:p-6"
            >
              <h2 id="designs-heading" className="mb-3 text-lg font-bold text-ink-900">
                Your designs
              </h2>
              <ul className="space-y-3">
                {data.items.map((item) =>
                  item.design && item.printAreas ? (
                    <li key={item._id}>
                      <p className="mb-1 text-sm text-ink-700">
                        {item.name}, size {item.size}, {item.color.name}
                      </p>
                      <DesignThumbnails
                        design={item.design}
                        printAreas={item.printAreas}
                        garment={item.garment}
                        color={item.color}
                        className="w-24"
                      />
                    </li>
                  ) : null,
                )}
              </ul>
            </section>
          ) : null}

          <section
            aria-labelledby="tracking-heading"
            className="mt-6 rounded-2xl border border-ink-200 bg-white p-4 sm:p-6"
          >
            <h2 id="tracking-heading" className="mb-5 text-lg font-bold text-ink-900">
              Order progress
            </h2>
            <OrderTimeline order={data} />
          </section>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.order(data._id)} className={buttonStyles()}>
              View order details
            </Link>
            <Link to={paths.orders()} className={buttonStyles({ variant: 'outline' })}>
              Your Orders
            </Link>
          </div>
        </>
      ) : order.error ? (
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
