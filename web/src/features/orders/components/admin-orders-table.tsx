import { Link } from 'react-router';
import { type AdminOrderSummary, formatRupees, orderNumber } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/utils/format-date.ts';

/** Orders as the owner lists them; each row's id opens the order. */
export function AdminOrdersTable({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <AdminTable
      headings={['Order', 'Placed', 'Customer', 'Items', 'Total', 'Status']}
      minWidthClass="min-w-[40rem]"
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <td className="px-4 py-3">
            <Link
              to={paths.adminOrder(order._id)}
              className="font-mono font-semibold text-brand-700 hover:underline"
            >
              {orderNumber(order._id)}
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
          <td className="px-4 py-3 font-semibold text-ink-900">{formatRupees(order.totalPrice)}</td>
          <td className="px-4 py-3">
            <OrderStatusBadge status={order.status} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
