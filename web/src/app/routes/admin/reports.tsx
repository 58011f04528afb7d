import { CardSection } from '#web/components/ui/card-section.tsx';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { NoGstinNotice } from '#web/features/business/components/no-gstin-notice.tsx';
import { GstReportForm } from '#web/features/invoices/components/gst-report-form.tsx';

/** /admin/reports: the month's GST return files (issue 26). */
export function AdminReportsRoute() {
  return (
    <AdminShell title="Reports">
      <div className="space-y-6">
        <NoGstinNotice />
        <CardSection title="GST return (GSTR-1)" id="gst-report">
          <p className="mb-4 text-sm text-ink-700">
            A ZIP of CSV files in the shape of GSTR-1's tables (B2B, B2C large and small, credit
            notes, the HSN summary and the documents issued) for the tax invoices and credit notes
            issued in the month, by their date in India.
          </p>
          <GstReportForm />
        </CardSection>
      </div>
    </AdminShell>
  );
}
