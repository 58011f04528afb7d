import { useMutation } from '@tanstack/react-query';
import { gstReportFileName, gstReportPath } from '#contract';
import { downloadFile } from '#web/lib/download-file.ts';

/** GET /api/v1/admin/reports/gst?month=YYYY-MM: the month's GSTR-1 files, as a ZIP download. */
export function useDownloadGstReport() {
  return useMutation({
    mutationFn: (month: string) => downloadFile(gstReportPath(month), gstReportFileName(month)),
  });
}
