import { useNavigate, useSearchParams } from 'react-router';
import { ListFilters } from '#web/components/admin/list-filters.tsx';
import { PagedList } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useAdminCustomers } from '#web/features/customers/api/customers.ts';
import { AdminCustomersTable } from '#web/features/customers/components/admin-customers-table.tsx';

/** /admin/customers: shoppers' accounts, newest first, searched by name or email. */
export function AdminCustomersRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const customers = useAdminCustomers({ search: search || undefined, page, limit: 20 });

  return (
    <AdminShell title="Customers">
      <ListFilters
        searchLabel="Search by name or email"
        search={search}
        onChange={(next) => navigate(paths.adminCustomers({ search: next.search }))}
      />
      <div className="mt-6 space-y-6">
        <PagedList
          query={customers}
          loading="Loading customers..."
          empty={
            search ? (
              <EmptyState title="No customers match.">Try another name or email.</EmptyState>
            ) : (
              <EmptyState title="No customers yet.">
                Shoppers show up here as they sign up.
              </EmptyState>
            )
          }
          pagination={{ hrefFor: (value) => paths.adminCustomers({ search, page: value }) }}
        >
          {(results, { total }) => (
            <>
              <p className="text-sm text-ink-600">
                {total} {total === 1 ? 'customer' : 'customers'}
              </p>
              <AdminCustomersTable customers={results} />
            </>
          )}
        </PagedList>
      </div>
    </AdminShell>
  );
}
