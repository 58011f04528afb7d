import { Link } from 'react-router';
import { formatRupees, type Order, orderNumber } from '#contract';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/utils/format-date.ts';
import { itemCountLabel, orderItemCount } from '../utils/order-summary.ts';

/** The profile's 'Your Orders' table: id (a link to the order), date, items, total, status. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  if (orders.length === 0) {
    return <p className="py-6 text-center text-ink-600">You haven't ordered yet</p>;
  }
  return (
    // Scrolls sideways on a narrow phone; the order links inside let a keyboard scroll it too.
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Order
            </th>
            {/* On a phone the date and item count sit under the order id instead. */}
            <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
              Date
            </th>
            <th scope="col" className="hidden py-2 pr-4 text-right font-medium sm:table-cell">
              Items
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Total
            </th>
            <th scope="col" className="py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {orders.map((order) => (
            <tr key={order._id}>
              <th scope="row" className="py-3 pr-4 font-semibold">
                <Link
                  to={paths.order(order._id)}
                  className="rounded-sm text-brand-700 underline-offset-2 hover:underline"
                >
                  <span className="sr-only">Order </span>
                  {orderNumber(order._id)}
                </Link>
                <span className="mt-0.5 block text-xs font-normal text-ink-600 sm:hidden">
                  {formatDate(order.createdAt)} · {itemCountLabel(orderItemCount(order))}
                </span>
              </th>
              <td className="hidden py-3 pr-4 whitespace-nowrap text-ink-700 sm:table-cell">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </td>
              <td className="hidden py-3 pr-4 text-right text-ink-700 sm:table-cell">
                {orderItemCount(order)}
              </td>
              <td className="py-3 pr-4 text-right font-medium whitespace-nowrap text-ink-900">
                {formatRupees(order.totalPrice)}
              </td>
              <td className="py-3">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
