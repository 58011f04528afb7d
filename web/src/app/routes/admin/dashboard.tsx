import { QueryResult } from '#web/components/ui/query-result.tsx';
import { useAdminDashboard } from '#web/features/admin/api/admin-api.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';

/** /admin: the owner's dashboard (D25). */
export function AdminDashboardRoute() {
  const dashboard = useAdminDashboard();
  return (
    <AdminShell title="Dashboard">
      <QueryResult query={dashboard} loading="Loading dashboard...">
        {(data) => <DashboardView dashboard={data} />}
      </QueryResult>
    </AdminShell>
  );
}
