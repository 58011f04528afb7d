import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type GroupOrder, orderNumber, SIZES } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TextField } from '#web/components/ui/form-field.tsx';
import { paths } from '#web/config/paths.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import {
  useCloseGroupOrder,
  useDeleteGroupEntry,
  useExtendGroupOrder,
  useGroupPiecesToCart,
} from '../api/group-orders.ts';
import { fromDateTimeLocal, toDateTimeLocal } from './deadline.ts';
import { paymentText, pieceText } from './member-view.tsx';

function ErrorLine({ error }: { error: unknown }) {
  return error ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {getErrorMessage(error)}
    </p>
  ) : null;
}

/** Pieces per size, in the shop's size order. */
function SizeTotals({ group }: { group: GroupOrder }) {
  const sizes = SIZES.filter((size) => group.sizeTotals[size]);
  return (
    <p className="text-ink-800">
      {group.pieces === 0
        ? 'No one has joined yet.'
        : `${group.pieces} ${group.pieces === 1 ? 'piece' : 'pieces'}: ${sizes
            .map((size) => `${size} × ${group.sizeTotals[size]}`)
            .join(', ')}`}
    </p>
  );
}

/**
 * A closed group's orders (decision 072: entries are ordered one by one), and
 * the pieces still to order: the way to the cart puts back any taken out of
 * it or left by a cancelled order first.
 */
function OrderedSoFar({ group }: { group: GroupOrder }) {
  const navigate = useNavigate();
  const toCart = useGroupPiecesToCart(group.token);
  const waiting = (group.entries ?? []).filter(
    (entry) => !entry.dropped && entry.orderId === null,
  ).length;
  return (
    <>
      {group.orderIds.length > 0 ? (
        <p className="font-medium text-ink-900">
          Ordered:{' '}
          {group.orderIds.map((orderId, index) => (
            <span key={orderId}>
              {index > 0 ? ', ' : null}
              <Link to={paths.order(orderId)} className="underline">
                {orderNumber(orderId)}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      {group.status === 'closed' && waiting > 0 ? (
        <div className="space-y-2">
          <p className="font-medium text-ink-900">
            {waiting} {waiting === 1 ? 'piece is' : 'pieces are'} not ordered yet.
          </p>
          <button
            type="button"
            className={buttonStyles({ className: 'w-full' })}
            disabled={toCart.isPending}
            onClick={() => toCart.mutate(undefined, { onSuccess: () => navigate(paths.cart()) })}
          >
            Go to the cart
          </button>
          <ErrorLine error={toCart.error} />
        </div>
      ) : null}
    </>
  );
}

/** The organiser's page: the roster (refreshed while open), the deadline, closing. */
export function OrganiserView({ group }: { group: GroupOrder }) {
  const remove = useDeleteGroupEntry(group.token);
  const extend = useExtendGroupOrder(group.token);
  const close = useCloseGroupOrder(group.token);
  const [closesAt, setClosesAt] = useState(() => toDateTimeLocal(new Date(group.closesAt)));
  const [confirmClose, setConfirmClose] = useState(false);
  const open = group.status === 'open';

  const onExtend = (event: FormEvent) => {
    event.preventDefault();
    extend.mutate(fromDateTimeLocal(closesAt));
  };

  return (
    <section aria-labelledby="roster-title" className="space-y-4">
      <h2 id="roster-title" className="text-xl font-bold text-ink-900">
        Your group
      </h2>
      <SizeTotals group={group} />
      <ul aria-label="Roster" className="divide-y divide-ink-200 rounded-xl border border-ink-200">
        {(group.entries ?? []).map((entry) => (
          <li key={entry._id} className="flex items-center justify-between gap-2 px-3 py-2">
            <span className="min-w-0">
              <span className="block truncate font-medium text-ink-900">{entry.name}</span>
              <span className="block text-sm text-ink-600">
                {pieceText(entry)}
                {entry.orderId ? ` · ordered in ${orderNumber(entry.orderId)}` : null}
              </span>
              {group.payer === 'each' ? (
                <span className="block text-sm text-ink-700">{paymentText(entry)}</span>
              ) : null}
            </span>
            {open ? (
              <button
                type="button"
                disabled={remove.isPending}
                onClick={() => remove.mutate(entry._id)}
                className={buttonStyles({ variant: 'ghost', className: 'px-3 text-red-700' })}
                aria-label={`Remove ${entry.name}`}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorLine error={remove.error} />
      {open ? (
        <>
          <form onSubmit={onExtend} aria-label="Move the deadline" className="space-y-2">
            <TextField
              label="Deadline"
              type="datetime-local"
              required
              value={closesAt}
              onChange={(event) => setClosesAt(event.target.value)}
            />
            <button
              type="submit"
              disabled={extend.isPending}
              className={buttonStyles({ variant: 'outline' })}
            >
              Move the deadline
            </button>
            <ErrorLine error={extend.error} />
          </form>
          <button
            type="button"
            onClick={() => setConfirmClose(true)}
            className={buttonStyles({ className: 'w-full' })}
          >
            Close now
          </button>
          <ErrorLine error={close.error} />
        </>
      ) : (
        <OrderedSoFar group={group} />
      )}
      {confirmClose ? (
        <ConfirmDialog
          title="Close the group now?"
          description="No one can join or change their piece after this. The pieces go to your cart."
          keepLabel="Keep it open"
          confirmLabel="Yes, close it"
          pendingLabel="Closing…"
          pending={close.isPending}
          onKeep={() => setConfirmClose(false)}
          onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirmClose(false) })}
        />
      ) : null}
    </section>
  );
}
