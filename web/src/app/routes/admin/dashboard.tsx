import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { useAdminDashboard } from '#web/features/admin/api/admin-api.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { DashboardView } from '#web/features/admin/components/dashboard-view.tsx';

/** /admin: the owner's dashboard (D25). */
export function AdminDashboardRoute() {
  const dashboard = useAdminDashboard();
  return (
    <AdminShell title="Dashboard">
      {dashboard.data ? (
        <DashboardView dashboard={dashboard.data} />
      ) : dashboard.error ? (
        <ErrorMessage message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      ) : (
        <LoadingMessage>Loading dashboard...</LoadingMessage>
      )}
    </AdminShell>
  );
}
