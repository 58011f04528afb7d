import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { useLowStockSettings } from '#web/features/admin/api/low-stock.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { LowStockForm } from '#web/features/admin/components/low-stock-form.tsx';
import {
  useBusinessSettings,
  useTaxSettings,
} from '#web/features/business/api/business-settings.ts';
import {
  BusinessDetailsForm,
  TaxSettingsForm,
} from '#web/features/business/components/business-settings-forms.tsx';
import { usePaymentSettings } from '#web/features/payments/api/admin-payment-settings.ts';
import {
  CashOnDeliveryForm,
  PaymentGatewayStatus,
} from '#web/features/payments/components/admin-payment-settings.tsx';

/** /admin/settings: the business on tax invoices and GST (issue 26), how shoppers pay, and cash on delivery's rules (issue 25), the low-stock alert (issue 27). */
export function AdminSettingsRoute() {
  const business = useBusinessSettings();
  const tax = useTaxSettings();
  const settings = usePaymentSettings();
  const lowStock = useLowStockSettings();
  return (
    <AdminShell title="Settings">
      <div className="flex max-w-3xl flex-col gap-6">
        <CardSection title="Business" id="business">
          <QueryResult query={business} loading="Loading the business details...">
            {(loaded) => <BusinessDetailsForm settings={loaded} />}
          </QueryResult>
        </CardSection>
        <CardSection title="Tax (GST)" id="tax">
          <QueryResult query={tax} loading="Loading the tax settings...">
            {(loaded) => <TaxSettingsForm settings={loaded} />}
          </QueryResult>
        </CardSection>
        <CardSection title="Low-stock alert" id="low-stock">
          <QueryResult query={lowStock} loading="Loading the low-stock alert...">
            {(loaded) => <LowStockForm settings={loaded} />}
          </QueryResult>
        </CardSection>
        <QueryResult query={settings} loading="Loading the settings...">
          {(loaded) => (
            <>
              <CardSection title="Online payments" id="online-payments">
                <PaymentGatewayStatus razorpay={loaded.razorpay} />
              </CardSection>
              <CardSection title="Cash on delivery" id="cash-on-delivery">
                <CashOnDeliveryForm settings={loaded} />
              </CardSection>
            </>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
