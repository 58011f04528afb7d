import { Link, useSearchParams } from 'react-router';
import { OUTBOX_STATUSES, type OutboxStatus } from '#contract';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState, ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useOutbox } from '#web/features/admin/api/outbox.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { OutboxTable } from '#web/features/admin/components/outbox-table.tsx';

const statusOf = (value: string | null): OutboxStatus | undefined =>
  OUTBOX_STATUSES.find((status) => status === value);

/** /admin/outbox: every email the shop sent or would send, with its delivery status (D29). */
export function AdminOutboxRoute() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = statusOf(params.get('status'));
  const outbox = useOutbox(page, status);
  const filters = [undefined, ...OUTBOX_STATUSES];

  return (
    <AdminShell title="Outbox">
      <nav aria-label="Outbox status" className="mb-4">
        <ul className="flex flex-wrap gap-1">
          {filters.map((value) => (
            <li key={value ?? 'all'}>
              <Link
                to={paths.adminOutbox({ status: value })}
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
      {outbox.data ? (
        outbox.data.results.length === 0 ? (
          <EmptyState title="No emails yet." />
        ) : (
          <div className="space-y-4">
            <OutboxTable messages={outbox.data.results} />
            <Pagination
              label="Outbox pages"
              page={outbox.data.page}
              pages={outbox.data.pages}
              hrefFor={(value) => paths.adminOutbox({ status, page: value })}
            />
          </div>
        )
      ) : outbox.error ? (
        <ErrorMessage message={outbox.error.message} onRetry={() => void outbox.refetch()} />
      ) : (
        <LoadingMessage>Loading emails...</LoadingMessage>
      )}
    </AdminShell>
  );
}
