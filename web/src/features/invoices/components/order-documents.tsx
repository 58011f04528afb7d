import { formatRupees, type OrderDocument } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDate } from '#web/utils/format-date.ts';
import {
  type OrderDocumentKind,
  useDownloadDocument,
  useOrderDocuments,
} from '../api/order-documents.ts';

interface OrderDocumentsProps {
  orderId: string;
  /** How many events the order's history has: the list is read again when it grows. */
  historyLength: number;
}

/**
 * 'Download invoice' and each credit note's download (issue 26), on the
 * shopper's and the owner's order pages; nothing while the order has none.
 */
export function OrderDocuments({ orderId, historyLength }: OrderDocumentsProps) {
  const documents = useOrderDocuments(orderId, historyLength);
  const download = useDownloadDocument(orderId);
  const { invoice, creditNotes } = documents.data ?? { invoice: null, creditNotes: [] };
  if (!invoice && creditNotes.length === 0) return null;

  const row = (kind: OrderDocumentKind, document: OrderDocument, label: string) => {
    const busy = download.isPending && download.variables.number === document.number;
    return (
      <li
        key={document.number}
        className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 py-3 last:border-b-0"
      >
        <div className="text-sm">
          <p className="font-semibold text-ink-900">
            {kind === 'invoice' ? 'Tax invoice' : 'Credit note'} {document.number}
          </p>
          <p className="text-ink-600">
            <time dateTime={document.issuedAt}>{formatDate(document.issuedAt)}</time> ·{' '}
            {formatRupees(document.total)}
          </p>
        </div>
        <button
          type="button"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(
              { kind, number: document.number },
              { onError: (error) => toast.error(getErrorMessage(error)) },
            )
          }
          className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
        >
          {busy ? 'Preparing…' : label}
        </button>
      </li>
    );
  };

  return (
    <CardSection title="Tax documents" id="order-documents">
      <ul>
        {invoice ? row('invoice', invoice, 'Download invoice') : null}
        {creditNotes.map((note) => row('credit-note', note, `Download credit note ${note.number}`))}
      </ul>
    </CardSection>
  );
}
