import { QueryResult } from '#web/components/ui/query-result.tsx';
import { useAdminDashboard } from '#web/features/admin/api/admin-api.ts';
import { useBackups } from '#web/features/admin/api/backups.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { BackupsPanel } from '#web/features/admin/components/backups-panel.tsx';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';

/** /admin: the owner's dashboard (D25) and the backups (decision 034). */
export function AdminDashboardRoute() {
  const dashboard = useAdminDashboard();
  const backups = useBackups();
  return (
    <AdminShell title="Dashboard">
      <div className="space-y-6">
        <QueryResult query={dashboard} loading="Loading dashboard...">
          {(data) => <DashboardView dashboard={data} />}
        </QueryResult>
        <QueryResult query={backups} loading="Loading backups...">
          {(list) => <BackupsPanel list={list} />}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
