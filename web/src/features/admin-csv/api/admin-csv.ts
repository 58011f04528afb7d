import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  exportProductsCsv,
  importProductsCsv,
  type OrdersCsvQuery,
  ordersCsvFileName,
  ordersCsvPath,
  PRODUCTS_CSV_FILE_NAME,
  type ProductImportResult,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

// The owner's CSV files (issue 27): /api/v1/admin/..., refused to shoppers by the server.

export function useDownloadOrdersCsv() {
  return useMutation({
    mutationFn: (query: OrdersCsvQuery) =>
      downloadFile(ordersCsvPath(query), ordersCsvFileName(query)),
  });
}

export function useDownloadProductsCsv() {
  return useMutation({
    mutationFn: () => downloadFile(exportProductsCsv.path, PRODUCTS_CSV_FILE_NAME),
  });
}

/**
 * Sends the file as text/csv (a spreadsheet's own type, say
 * application/vnd.ms-excel, is not what the server takes). An applied import
 * may have changed any product the shop shows: every cached answer is stale.
 */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: Blob; dryRun: boolean }): Promise<ProductImportResult> =>
      apiCall(importProductsCsv, {
        query: { dryRun },
        file: new Blob([file], { type: 'text/csv' }),
      }),
    onSuccess: (result) => (result.dryRun ? undefined : client.invalidateQueries()),
  });
}
