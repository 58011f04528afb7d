import { RETURN_STATUSES } from '#contract';
import {
  StatusFilteredList,
  useStatusAndPage,
} from '#web/components/admin/status-filtered-list.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useAdminReturns } from '#web/features/returns/api/returns.ts';
import { AdminReturnsList } from '#web/features/returns/components/admin-returns-list.tsx';

/** /admin/returns: returns and exchanges to approve, receive or reject (D31). */
export function AdminReturnsRoute() {
  const { page, status } = useStatusAndPage(RETURN_STATUSES);
  return (
    <AdminShell title="Returns">
      <StatusFilteredList
        labels={{
          status: 'Return status',
          pages: 'Returns pages',
          loading: 'Loading returns...',
          empty: 'No returns yet.',
        }}
        statuses={RETURN_STATUSES}
        status={status}
        hrefFor={paths.adminReturns}
        query={useAdminReturns(page, status)}
      >
        {(returns) => <AdminReturnsList returns={returns} />}
      </StatusFilteredList>
    </AdminShell>
  );
}
