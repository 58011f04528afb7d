import { Link } from 'react-router';
import { type AdminDashboard, formatRupees, ORDER_STATUSES } from '#contract';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { OrderStatusBadge } from '#web/components/ui/order-status-badge.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDate } from '#web/utils/format-date.ts';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-6">
      <dt className="text-sm font-medium text-ink-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight text-ink-900">{value}</dd>
      <dd className="mt-1 text-sm text-ink-600">{detail}</dd>
    </div>
  );
}

const ordersLabel = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/** The owner's day at a glance: revenue, orders by status, sizes running out. */
export function DashboardView({ dashboard }: { dashboard: AdminDashboard }) {
  const { revenue, orders, ordersByStatus, lowStock, lowStockTotal, lowStockThreshold } = dashboard;
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Figure
          label={`Revenue today (${formatDate(dashboard.today)})`}
          value={formatRupees(revenue.today)}
          detail={ordersLabel(orders.today)}
        />
        <Figure
          label="Revenue, last 7 days"
          value={formatRupees(revenue.last7Days)}
          detail={ordersLabel(orders.last7Days)}
        />
      </dl>
      <p className="text-xs text-ink-600">Cancelled orders are left out of revenue.</p>

      <CardSection title="Orders by status" id="orders-by-status">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link
                to={paths.adminOrders({ status })}
                className="flex flex-col items-start gap-2 rounded-xl border border-ink-200 p-3 hover:border-ink-400"
              >
                <OrderStatusBadge status={status} />
                <span className="text-2xl font-bold text-ink-900">{ordersByStatus[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </CardSection>

      <CardSection title={`Low stock (${lowStockThreshold} or fewer)`} id="low-stock">
        {lowStock.length === 0 ? (
          <p className="text-ink-600">
            Every size on sale has more than {lowStockThreshold} units.
          </p>
        ) : (
          <>
            <ul className="grid gap-x-10 lg:grid-cols-2">
              {lowStock.map((line) => (
                <li
                  key={`${line.productId}-${line.size}`}
                  className="flex items-center justify-between gap-3 border-b border-ink-100 py-2"
                >
                  <Link
                    to={paths.adminProduct(line.productId)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {line.title}
                    <span className="font-normal text-ink-600"> · {line.color}</span>
                  </Link>
                  <span className="shrink-0 text-sm text-ink-700">
                    Size {line.size}:{' '}
                    <strong className={line.stock === 0 ? 'text-red-700' : 'text-ink-900'}>
                      {line.stock === 0 ? 'sold out' : `${line.stock} left`}
                    </strong>
                  </span>
                </li>
              ))}
            </ul>
            {lowStockTotal > lowStock.length ? (
              <p className="mt-3 text-sm text-ink-600">
                Showing {lowStock.length} of {lowStockTotal} low sizes.
              </p>
            ) : null}
          </>
        )}
      </CardSection>
    </div>
  );
}
