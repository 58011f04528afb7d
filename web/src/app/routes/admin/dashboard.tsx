import { QueryResult } from '#web/components/ui/query-result.tsx';
import { useAdminDashboard } from '#web/features/admin/api/admin-api.ts';
import { useBackups } from '#web/features/admin/api/backups.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { BackupsPanel } from '#web/features/admin/components/backups-panel.tsx';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';
import { SalesOverTime } from '#web/features/analytics/components/sales-over-time.tsx';
import { NoGstinNotice } from '#web/features/business/components/no-gstin-notice.tsx';

/** /admin: the owner's dashboard (D25), sales over time (issue 27), the backups (decision 034), and a notice while the shop has no GSTIN (issue 26). */
export function AdminDashboardRoute() {
  const dashboard = useAdminDashboard();
  const backups = useBackups();
  return (
    <AdminShell title="Dashboard">
      <div className="space-y-6">
        <NoGstinNotice />
        <QueryResult query={dashboard} loading="Loading dashboard...">
          {(data) => <DashboardView dashboard={data} />}
        </QueryResult>
        <SalesOverTime />
        <QueryResult query={backups} loading="Loading backups...">
          {(list) => <BackupsPanel list={list} />}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
