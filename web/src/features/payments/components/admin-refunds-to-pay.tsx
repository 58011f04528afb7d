import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { formatRupees, MarkRefundPaidBodySchema, orderNumber, type RefundToPay } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { TextField } from '#web/components/ui/form-field.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { useMarkRefundPaid, useRefundsToPay } from '../api/refunds.ts';

/** Where to pay, in full: the owner types it into a UPI app or a bank transfer. */
function payTo(account: RefundToPay['account']): string {
  if (!account) return 'Waiting for the shopper’s UPI ID or bank account';
  return account.kind === 'upi'
    ? `UPI ID ${account.upiId}`
    : `Bank account ${account.accountNumber}, IFSC ${account.ifsc}, ${account.accountHolder}`;
}

/**
 * The owner's 'Refunds to pay' (issue 25): refunds of cash orders, which no
 * provider can send. The owner pays each by hand and marks it paid with the
 * payment's reference; the shopper is emailed.
 */
export function AdminRefundsToPay() {
  const refunds = useRefundsToPay();
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-700">
        Refunds of orders paid in cash. There is no payment to refund into, so pay each one by hand
        into the UPI ID or bank account the shopper gave, then mark it paid here with the payment’s
        reference (the UPI transaction id or the bank’s UTR). The shopper is emailed that it is
        paid.
      </p>
      {refunds.isPending ? (
        <LoadingMessage>Loading refunds to pay...</LoadingMessage>
      ) : refunds.isError ? (
        <ErrorMessage message={refunds.error.message} onRetry={() => void refunds.refetch()} />
      ) : refunds.data.results.length === 0 ? (
        <p className="text-sm text-ink-600">No refunds to pay.</p>
      ) : (
        <ul aria-label="Refunds to pay" className="space-y-4">
          {refunds.data.results.map((refund) => (
            <RefundToPayCard key={refund._id} refund={refund} />
          ))}
        </ul>
      )}
    </div>
  );
}

function RefundToPayCard({ refund }: { refund: RefundToPay }) {
  const markPaid = useMarkRefundPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const title = `${formatRupees(refund.amount)} for order ${orderNumber(refund.orderId)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MarkRefundPaidBodySchema.safeParse({ reference });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    markPaid.mutate(
      { id: refund._id, reference: parsed.data.reference },
      {
        onSuccess: () => toast.success(`Refund of ${formatRupees(refund.amount)} marked paid`),
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <li aria-label={title} className="rounded-2xl border border-ink-200 bg-white p-4 text-sm">
      <p className="font-semibold text-ink-900">
        {formatRupees(refund.amount)} for{' '}
        <Link className="text-brand-700 underline" to={paths.adminOrder(refund.orderId)}>
          order {orderNumber(refund.orderId)}
        </Link>
      </p>
      <p className="text-ink-700">
        {refund.customer.name} · {refund.customer.email} · since{' '}
        <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
      </p>
      <p className="mt-1 font-medium text-ink-900">Pay to: {payTo(refund.account)}</p>
      <form
        onSubmit={submit}
        noValidate
        aria-label={`Mark ${title} paid`}
        className="mt-3 flex flex-wrap items-end gap-2"
      >
        <TextField
          label="Payment reference (UPI transaction id or UTR)"
          className="min-w-64 flex-1"
          value={reference}
          error={error}
          onChange={(event) => setReference(event.target.value)}
        />
        <button
          type="submit"
          className={buttonStyles({ size: 'sm' })}
          disabled={markPaid.isPending}
        >
          Mark paid
        </button>
      </form>
    </li>
  );
}
