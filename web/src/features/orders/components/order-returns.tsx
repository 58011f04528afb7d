import { type FormEvent, useId, useState } from 'react';
import {
  formatRupees,
  type Order,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  type ReturnKind,
  type ReturnReason,
  ReturnReasonSchema,
  type ReturnRequest,
  type ReturnStatus,
  returnWindowClosesAt,
  SIZES,
  type Size,
  shortOrderNumber,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { selectedOption } from '#web/utils/select-option.ts';
import { useExchangeSizes } from '../api/get-exchange-sizes.ts';
import { useOrderReturns } from '../api/list-order-returns.ts';
import { useRequestReturn } from '../api/request-return.ts';
import { refundLabel } from '../utils/order-summary.ts';

type OrderItem = Order['items'][number];

const STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested: waiting for approval',
  approved: 'Approved: send the items back',
  received: 'Received',
  rejected: 'Rejected',
};

const selectStyles =
  'block h-10 w-full rounded-xl border border-ink-300 bg-white px-3 text-sm text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600';

/** Units of each order line already in returns that were not rejected. */
function returnedUnits(returns: ReturnRequest[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const request of returns) {
    if (request.status === 'rejected') continue;
    for (const item of request.items) {
      units.set(item.orderItemId, (units.get(item.orderItemId) ?? 0) + item.quantity);
    }
  }
  return units;
}

/**
 * Returns and exchanges on a delivered order (D31): within 7 days of delivery
 * each item offers 'Return' and 'Exchange size'; after that the buttons are
 * gone. Every request made is listed with where it is.
 */
export function OrderReturns({ order, now = new Date() }: { order: Order; now?: Date }) {
  const returns = useOrderReturns(order._id, order.status === 'delivered');
  if (order.status !== 'delivered' || !order.deliveredAt) return null;
  const closesAt = returnWindowClosesAt(order.deliveredAt);
  const open = now.getTime() < closesAt.getTime();
  const requests = returns.data ?? [];
  if (!open && requests.length === 0) return null;
  const returned = returnedUnits(requests);

  return (
    <section
      aria-labelledby="returns-heading"
      className="rounded-2xl border border-ink-200 bg-white p-4 sm:p-6"
    >
      <h2 id="returns-heading" className="text-lg font-bold text-ink-900">
        Returns and exchanges
      </h2>
      <p className="mt-1 text-sm text-ink-600">
        {open ? (
          <>
            Free returns and size exchanges for {RETURN_WINDOW_DAYS} days after delivery: until{' '}
            <time dateTime={closesAt.toISOString()}>{formatDateTime(closesAt.toISOString())}</time>.
          </>
        ) : (
          <>
            The return window closed on{' '}
            <time dateTime={closesAt.toISOString()}>{formatDateTime(closesAt.toISOString())}</time>.
          </>
        )}
      </p>
      {open && returns.data ? (
        <ul className="mt-4 divide-y divide-ink-100">
          {order.items.map((item) => (
            <ReturnableItem
              key={item._id}
              orderId={order._id}
              item={item}
              left={item.quantity - (returned.get(item._id) ?? 0)}
            />
          ))}
        </ul>
      ) : null}
      {requests.length > 0 ? (
        <ol aria-label="Your returns" className="mt-4 space-y-3">
          {requests.map((request) => (
            <ReturnSummary
              key={request._id}
              request={request}
              paidInCash={order.paymentMethod === 'cash'}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

function ReturnableItem({
  orderId,
  item,
  left,
}: {
  orderId: string;
  item: OrderItem;
  left: number;
}) {
  const [kind, setKind] = useState<ReturnKind | undefined>();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-ink-900">
          {item.name} <span className="font-normal text-ink-600">(size {item.size})</span>
        </p>
        {left > 0 ? (
          kind ? null : (
            <div className="flex gap-2">
              <button
                type="button"
                className={buttonStyles({ variant: 'outline', size: 'sm' })}
                onClick={() => setKind('return')}
                aria-label={`Return ${item.name}`}
              >
                Return
              </button>
              <button
                type="button"
                className={buttonStyles({ variant: 'outline', size: 'sm' })}
                onClick={() => setKind('exchange')}
                aria-label={`Exchange size of ${item.name}`}
              >
                Exchange size
              </button>
            </div>
          )
        ) : (
          <p className="text-sm text-ink-600">Already returned</p>
        )}
      </div>
      {kind ? (
        <ReturnForm
          orderId={orderId}
          item={item}
          kind={kind}
          left={left}
          onDone={() => setKind(undefined)}
        />
      ) : null}
    </li>
  );
}

function ReturnForm({
  orderId,
  item,
  kind,
  left,
  onDone,
}: {
  orderId: string;
  item: OrderItem;
  kind: ReturnKind;
  left: number;
  onDone: () => void;
}) {
  const id = useId();
  const sizes = useExchangeSizes(item.productId, item.size, kind === 'exchange');
  const request = useRequestReturn(orderId);
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState<ReturnReason>(
    kind === 'exchange' ? 'too-small' : 'changed-mind',
  );
  const [size, setSize] = useState<Size | ''>('');
  const noSizes = kind === 'exchange' && sizes.data?.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      {
        items: [
          {
            orderItemId: item._id,
            quantity,
            kind,
            reason,
            ...(kind === 'exchange' && size ? { size } : {}),
          },
        ],
      },
      {
        onSuccess: () => {
          toast.success(kind === 'exchange' ? 'Exchange requested' : 'Return requested');
          onDone();
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`${kind === 'exchange' ? 'Exchange' : 'Return'} ${item.name}`}
      className="mt-3 grid gap-3 rounded-xl bg-ink-50 p-3 sm:grid-cols-3"
    >
      <div>
        <label htmlFor={`${id}-quantity`} className="mb-1 block text-xs font-semibold text-ink-700">
          Quantity
        </label>
        <select
          id={`${id}-quantity`}
          className={selectStyles}
          value={quantity}
          onChange={(event) => setQuantity(Number(event.target.value))}
        >
          {Array.from({ length: left }, (_, index) => index + 1).map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      {kind === 'exchange' ? (
        <div>
          <label htmlFor={`${id}-size`} className="mb-1 block text-xs font-semibold text-ink-700">
            New size
          </label>
          <select
            id={`${id}-size`}
            className={selectStyles}
            value={size}
            required
            disabled={!sizes.data || noSizes}
            onChange={(event) => setSize(selectedOption(SIZES, event.target.value) ?? '')}
          >
            <option value="">{noSizes ? 'No other size in stock' : 'Choose a size'}</option>
            {(sizes.data ?? []).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1 block text-xs font-semibold text-ink-700">
          Reason
        </label>
        <select
          id={`${id}-reason`}
          className={selectStyles}
          value={reason}
          onChange={(event) =>
            setReason(selectedOption(ReturnReasonSchema.options, event.target.value) ?? reason)
          }
        >
          {Object.entries(RETURN_REASONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex gap-2 sm:col-span-3">
        <button
          type="submit"
          className={buttonStyles({ size: 'sm' })}
          disabled={request.isPending || noSizes}
        >
          {kind === 'exchange' ? 'Request exchange' : 'Request return'}
        </button>
        <button
          type="button"
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
          onClick={onDone}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReturnSummary({ request, paidInCash }: { request: ReturnRequest; paidInCash: boolean }) {
  return (
    <li
      className="rounded-xl border border-ink-200 p-3 text-sm"
      data-return-status={request.status}
    >
      <p className="font-semibold text-ink-900">
        Return #{shortOrderNumber(request._id)} · {STATUS_LABELS[request.status]}
      </p>
      <ul className="mt-1 text-ink-700">
        {request.items.map((item) => (
          <li key={item._id}>
            {item.kind === 'exchange'
              ? `${item.name}: size ${item.size} → ${item.exchangeSize} × ${item.quantity}${
                  request.status === 'received' ? ' · new size shipped' : ''
                }`
              : `Return ${item.name} (size ${item.size}) × ${item.quantity}`}{' '}
            <span className="text-ink-500">({RETURN_REASONS[item.reason]})</span>
          </li>
        ))}
      </ul>
      {request.status === 'approved' && request.instructions ? (
        <p className="mt-2 whitespace-pre-line rounded-lg bg-brand-50 p-2 text-ink-900">
          {request.instructions}
        </p>
      ) : null}
      {request.refund ? (
        <p className="mt-2 font-semibold text-emerald-800">{refundLabel(request.refund)}</p>
      ) : request.refundAmount > 0 && request.status !== 'rejected' ? (
        <p className="mt-2 text-ink-700">
          {paidInCash
            ? `Refund of ${formatRupees(request.refundAmount)} once we receive the items, paid by hand into the UPI ID or bank account you give below`
            : `Refund of ${formatRupees(request.refundAmount)} to your original payment method once we receive the items`}
        </p>
      ) : null}
      {request.rejectionReason ? (
        <p className="mt-2 text-red-800">Reason: {request.rejectionReason}</p>
      ) : null}
    </li>
  );
}
