import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { usePaymentSettings } from '#web/features/payments/api/admin-payment-settings.ts';
import {
  CashOnDeliveryForm,
  PaymentGatewayStatus,
} from '#web/features/payments/components/admin-payment-settings.tsx';

/** /admin/settings: how shoppers pay, and cash on delivery's rules (issue 25). */
export function AdminSettingsRoute() {
  const settings = usePaymentSettings();
  return (
    <AdminShell title="Settings">
      <QueryResult query={settings} loading="Loading the settings...">
        {(loaded) => (
          <div className="flex max-w-3xl flex-col gap-6">
            <CardSection title="Online payments" id="online-payments">
              <PaymentGatewayStatus razorpay={loaded.razorpay} />
            </CardSection>
            <CardSection title="Cash on delivery" id="cash-on-delivery">
              <CashOnDeliveryForm settings={loaded} />
            </CardSection>
          </div>
        )}
      </QueryResult>
    </AdminShell>
  );
}
