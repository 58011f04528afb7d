import { useNavigate, useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '#contract';
import { ListFilters } from '#web/components/admin/list-filters.tsx';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { orderStatusLabel } from '#web/components/ui/order-status-badge.tsx';
import { PagedList } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { OrdersCsvForm } from '#web/features/admin-csv/components/orders-csv-form.tsx';
import { useAdminOrders } from '#web/features/orders/api/admin-orders.ts';
import { AdminOrdersTable } from '#web/features/orders/components/admin-orders-table.tsx';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];

const asStatus = (value: string | null): OrderStatus | undefined =>
  ORDER_STATUSES.find((status) => status === value);

/** /admin/orders: every order, filtered by status and searched by id or email. */
export function AdminOrdersRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.get('search') ?? '';
  const status = asStatus(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useAdminOrders({ search: search || undefined, status, page, limit: 20 });

  return (
    <AdminShell title="Orders">
      <ListFilters
        searchLabel="Search by order id or email"
        search={search}
        filterLabel="Status"
        filter={status ?? ''}
        options={STATUS_OPTIONS}
        onChange={(next) =>
          navigate(paths.adminOrders({ search: next.search, status: next.filter }))
        }
      />
      <div className="mt-6 space-y-6">
        <PagedList
          query={orders}
          loading="Loading orders..."
          empty={
            search || status ? (
              <EmptyState title="No orders match.">Try another status or search.</EmptyState>
            ) : (
              <EmptyState title="No orders yet.">
                Orders show up here as shoppers place them.
              </EmptyState>
            )
          }
          pagination={{ hrefFor: (value) => paths.adminOrders({ search, status, page: value }) }}
        >
          {(results, { total }) => (
            <>
              <p className="text-sm text-ink-600">
                {total} {total === 1 ? 'order' : 'orders'}
              </p>
              <AdminOrdersTable orders={results} />
            </>
          )}
        </PagedList>
        <CardSection title="Orders as a spreadsheet" id="orders-csv">
          <p className="mb-4 text-sm text-ink-700">
            One row per item ordered, with its order's date, shopper, status, payment, discount and
            total, for the orders placed on the days chosen (India's calendar).
          </p>
          <OrdersCsvForm />
        </CardSection>
      </div>
    </AdminShell>
  );
}
