import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminReturn,
  canMoveReturn,
  formatRupees,
  orderNumber,
  RETURN_REASONS,
  shortOrderNumber,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { type ReturnStep, useReturnStep } from '../api/returns.ts';

const STEP_DONE: Record<ReturnStep['step'], string> = {
  approve: 'Return approved: the shopper was sent the instructions',
  receive: 'Return received: stock is back, refund and new sizes on their way',
  reject: 'Return rejected',
};

/** The owner's returns (D31): each with its items and the step it is waiting for. */
export function AdminReturnsList({ returns }: { returns: AdminReturn[] }) {
  return (
    <ul className="space-y-4">
      {returns.map((request) => (
        <AdminReturnCard key={request._id} request={request} />
      ))}
    </ul>
  );
}

function AdminReturnCard({ request }: { request: AdminReturn }) {
  const step = useReturnStep();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const number = `#${shortOrderNumber(request._id)}`;

  const take = (input: ReturnStep) =>
    step.mutate(input, {
      onSuccess: () => {
        toast.success(STEP_DONE[input.step]);
        setRejecting(false);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  const reject = (event: FormEvent) => {
    event.preventDefault();
    take({ step: 'reject', id: request._id, reason });
  };

  return (
    <li
      aria-label={`Return ${number}`}
      data-return-status={request.status}
      className="rounded-2xl border border-ink-200 bg-white p-4 text-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-ink-900">
          Return {number} · <span className="capitalize">{request.status}</span>
        </p>
        <p className="text-ink-600">
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time> ·{' '}
          {request.customer.name} ({request.customer.email}) ·{' '}
          <Link className="underline" to={paths.adminOrder(request.orderId)}>
            Order {orderNumber(request.orderId)}
          </Link>
        </p>
      </div>
      <ul className="mt-2 text-ink-700">
        {request.items.map((item) => (
          <li key={item._id}>
            {item.kind === 'exchange'
              ? `Exchange ${item.name}: size ${item.size} → ${item.exchangeSize} × ${item.quantity}`
              : `Return ${item.name} (size ${item.size}) × ${item.quantity}`}{' '}
            <span className="text-ink-500">({RETURN_REASONS[item.reason]})</span>
          </li>
        ))}
      </ul>
      {request.refundAmount > 0 ? (
        <p className="mt-1 text-ink-700">
          Refund: {formatRupees(request.refundAmount)}
          {request.refund ? ` (${request.refund.status})` : ''}
        </p>
      ) : null}
      {request.rejectionReason ? (
        <p className="mt-1 text-red-800">Rejected: {request.rejectionReason}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {canMoveReturn(request.status, 'approved') ? (
          <button
            type="button"
            className={buttonStyles({ size: 'sm' })}
            disabled={step.isPending}
            onClick={() => take({ step: 'approve', id: request._id })}
          >
            Approve
          </button>
        ) : null}
        {canMoveReturn(request.status, 'received') ? (
          <button
            type="button"
            className={buttonStyles({ size: 'sm' })}
            disabled={step.isPending}
            onClick={() => take({ step: 'receive', id: request._id })}
          >
            Mark received
          </button>
        ) : null}
        {canMoveReturn(request.status, 'rejected') && !rejecting ? (
          <button
            type="button"
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
            onClick={() => setRejecting(true)}
          >
            Reject
          </button>
        ) : null}
      </div>
      {rejecting ? (
        <form onSubmit={reject} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="grow">
            <label htmlFor={reasonId} className="mb-1 block text-xs font-semibold text-ink-700">
              Why is it rejected?
            </label>
            <input
              id={reasonId}
              required
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="block h-9 w-full rounded-xl border border-ink-300 px-3"
            />
          </div>
          <button
            type="submit"
            className={buttonStyles({ variant: 'danger', size: 'sm' })}
            disabled={step.isPending}
          >
            Reject return
          </button>
          <button
            type="button"
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
            onClick={() => setRejecting(false)}
          >
            Keep
          </button>
        </form>
      ) : null}
    </li>
  );
}
