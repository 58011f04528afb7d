import { Link } from 'react-router';
import { formatRupees, type Order, shortOrderNumber } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/utils/format-date.ts';
import { itemCountLabel, orderItemCount } from '../utils/order-summary.ts';

/** SPEC §9: a card shows up to 3 item pictures. */
export const ORDER_CARD_IMAGES = 3;

/** One order in the list (SPEC §2 Orders). */
export function OrderCard({ order }: { order: Order }) {
  const shortId = shortOrderNumber(order._id);
  const headingId = `order-${order._id}-heading`;
  const shown = order.items.slice(0, ORDER_CARD_IMAGES);
  const more = order.items.length - shown.length;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-bold text-ink-900">
            Order #{shortId}
          </h2>
          <p className="mt-0.5 text-sm text-ink-600">
            Placed on <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <ul aria-label="Items" className="mt-4 flex flex-wrap items-center gap-3">
        {shown.map((item) => (
          <li key={item._id}>
            <img
              src={item.image}
              alt={item.name}
              width={64}
              height={64}
              loading="lazy"
              className="size-16 rounded-lg bg-ink-100 object-cover ring-1 ring-ink-200"
            />
          </li>
        ))}
        {more > 0 ? (
          <li className="flex size-16 items-center justify-center rounded-lg bg-ink-100 text-xs font-semibold whitespace-nowrap text-ink-700 ring-1 ring-ink-200">
            +{more} more
          </li>
        ) : null}
      </ul>

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 border-t border-ink-100 pt-4">
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-ink-600">Items</dt>
            <dd className="font-semibold text-ink-900">{itemCountLabel(orderItemCount(order))}</dd>
          </div>
          <div>
            <dt className="text-ink-600">Total</dt>
            <dd className="font-semibold text-ink-900">{formatRupees(order.totalPrice)}</dd>
          </div>
        </dl>
        <div className="flex w-full gap-2 sm:w-auto">
          <Link
            to={paths.order(order._id)}
            className={buttonStyles({ size: 'sm', className: 'flex-1 sm:flex-none' })}
          >
            View Details<span className="sr-only"> of order {shortId}</span>
          </Link>
          <Link
            to={paths.orderTracking(order._id)}
            className={buttonStyles({
              variant: 'outline',
              size: 'sm',
              className: 'flex-1 sm:flex-none',
            })}
          >
            Track Order<span className="sr-only"> {shortId}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
