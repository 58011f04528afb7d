import { Link } from 'react-router';
import { type AdminOrderSummary, formatRupees } from '#contract';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/utils/format-date.ts';

/** Orders as the owner lists them; each row's id opens the order. */
export function AdminOrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-ink-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Order
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Placed
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Customer
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Items
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Total
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {orders.map((order) => (
            <tr key={order._id}>
              <td className="px-4 py-3">
                <Link
                  to={paths.adminOrder(order._id)}
                  className="font-mono font-semibold text-brand-700 hover:underline"
                >
                  #{order._id}
                </Link>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-700">
                {formatDateTime(order.createdAt)}
              </td>
              <td className="px-4 py-3">
                <span className="block text-ink-900">{order.customer.name}</span>
                <span className="block text-ink-600">{order.customer.email}</span>
              </td>
              <td className="px-4 py-3 text-ink-700">{order.itemCount}</td>
              <td className="px-4 py-3 font-semibold text-ink-900">
                {formatRupees(order.totalPrice)}
              </td>
              <td className="px-4 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
