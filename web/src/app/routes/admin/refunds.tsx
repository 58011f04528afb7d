import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { AdminRefundsToPay } from '#web/features/payments/components/admin-refunds-to-pay.tsx';

/** /admin/refunds: refunds of cash orders the shop pays by hand (issue 25). */
export function AdminRefundsRoute() {
  return (
    <AdminShell title="Refunds to pay">
      <AdminRefundsToPay />
    </AdminShell>
  );
}
