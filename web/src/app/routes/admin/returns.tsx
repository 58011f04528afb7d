import { Link, useSearchParams } from 'react-router';
import { RETURN_STATUSES, type ReturnStatus } from '#contract';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useAdminReturns } from '#web/features/admin/api/returns.ts';
import { AdminReturnsList } from '#web/features/admin/components/admin-returns-list.tsx';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';

const statusOf = (value: string | null): ReturnStatus | undefined =>
  RETURN_STATUSES.find((status) => status === value);

/** /admin/returns: returns and exchanges to approve, receive or reject (D31). */
export function AdminReturnsRoute() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = statusOf(params.get('status'));
  const returns = useAdminReturns(page, status);
  const filters = [undefined, ...RETURN_STATUSES];

  return (
    <AdminShell title="Returns">
      <nav aria-label="Return status" className="mb-4">
        <ul className="flex flex-wrap gap-1">
          {filters.map((value) => (
            <li key={value ?? 'all'}>
              <Link
                to={paths.adminReturns({ status: value })}
                aria-current={value === status ? 'page' : undefined}
                className={`inline-flex h-9 items-center rounded-full px-3 text-sm font-semibold capitalize ${
                  value === status ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-ink-100'
                }`}
              >
                {value ?? 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {returns.data ? (
        returns.data.results.length === 0 ? (
          <EmptyState title="No returns yet." />
        ) : (
          <div className="space-y-4">
            <AdminReturnsList returns={returns.data.results} />
            <Pagination
              label="Returns pages"
              page={returns.data.page}
              pages={returns.data.pages}
              hrefFor={(value) => paths.adminReturns({ status, page: value })}
            />
          </div>
        )
      ) : returns.error ? (
        <ErrorMessage message={returns.error.message} onRetry={() => void returns.refetch()} />
      ) : (
        <LoadingMessage>Loading returns...</LoadingMessage>
      )}
    </AdminShell>
  );
}
