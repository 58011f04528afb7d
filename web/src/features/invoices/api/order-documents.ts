import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  creditNoteFileName,
  creditNotePath,
  invoiceFileName,
  invoicePath,
  listOrderDocuments,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';

export const orderDocumentKeys = {
  /**
   * An order's documents. A document is issued only with a change to the
   * order's history (paid, cancelled, a return received), so the key carries
   * the history's length: the list is read again whenever the order moves.
   */
  list: (orderId: string, historyLength: number) =>
    [listOrderDocuments.path, { id: orderId, historyLength }] as const,
};

/** GET /api/v1/order/{id}/documents: the order's tax invoice and credit notes (issue 26). */
export function useOrderDocuments(orderId: string, historyLength: number) {
  return useQuery({
    queryKey: orderDocumentKeys.list(orderId, historyLength),
    queryFn: ({ signal }) => apiCall(listOrderDocuments, { params: { id: orderId }, signal }),
    // Read again as the order moves, the documents already shown stay until the new list comes.
    placeholderData: keepPreviousData,
  });
}

export type OrderDocumentKind = 'invoice' | 'credit-note';

/** Downloads one of the order's documents, the PDF the server renders. */
export function useDownloadDocument(orderId: string) {
  return useMutation({
    mutationFn: ({ kind, number }: { kind: OrderDocumentKind; number: string }) =>
      kind === 'invoice'
        ? downloadFile(invoicePath(orderId), invoiceFileName(number))
        : downloadFile(creditNotePath(orderId, number), creditNoteFileName(number)),
  });
}
