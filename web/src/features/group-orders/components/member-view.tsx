import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  formatRupees,
  type GroupEntry,
  type GroupEntryPayment,
  type GroupOrder,
  groupEntryLinkSearch,
  isSize,
  type JoinedGroupOrder,
  letteringText,
  type PayOrderBody,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { EmailField, TextField } from '#web/components/ui/form-field.tsx';
import { ErrorMessage, LoadingMessage } from '#web/components/ui/status-message.tsx';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import {
  useDeleteGroupEntry,
  useGroupEntry,
  useJoinGroupOrder,
  usePayGroupEntry,
  useUpdateGroupEntry,
} from '../api/group-orders.ts';
import {
  changedPieceBody,
  EMPTY_PIECE,
  PieceFields,
  type PieceValues,
  pieceBody,
  pieceValuesOf,
} from './entry-fields.tsx';

/** The envelope's message and its field errors, as the form shows them. */
function errorsOf(error: unknown) {
  return {
    message: error ? getErrorMessage(error) : null,
    field: (name: string) => (error instanceof ApiError ? error.fieldError(name) : undefined),
  };
}

function ErrorLine({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

interface MemberValues {
  name: string;
  email: string;
}

/** The member's name and email, as they join and as they change their entry. */
function MemberFields({
  values,
  onChange,
  errorOf,
}: {
  values: MemberValues;
  onChange: (values: MemberValues) => void;
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <>
      <TextField
        label="Your name"
        autoComplete="name"
        required
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
        error={errorOf('name')}
      />
      <EmailField
        label="Your email"
        required
        value={values.email}
        onChange={(event) => onChange({ ...values, email: event.target.value })}
        error={errorOf('email')}
      />
    </>
  );
}

export const CHOOSE_SIZE_MESSAGE = 'Choose a size';

/** What a member chose, in words: 'M · ASHA · 7'. */
export function pieceText(entry: Pick<GroupEntry, 'size' | 'playerName' | 'number'>): string {
  const lettering =
    entry.playerName || entry.number !== null
      ? ` · ${letteringText({ name: entry.playerName ?? '', number: entry.number })}`
      : '';
  return `${entry.size}${lettering}`;
}

/**
 * Each pays (decision 066): what a member paid and what went back to them;
 * a refund that failed (decision 073) no longer counts as refunded.
 */
export function paymentText(
  entry: Pick<GroupEntry, 'paid' | 'amountPaid' | 'refunded' | 'dropped'>,
) {
  if (!entry.paid || entry.amountPaid === null) return 'Not paid yet';
  const paid = formatRupees(entry.amountPaid);
  const refunded = formatRupees(entry.refunded);
  if (entry.dropped) return `Out of the group: ${refunded} of ${paid} refunded`;
  return entry.refunded > 0 ? `Paid ${paid}, ${refunded} refunded` : `Paid ${paid}`;
}

/** What paying in Razorpay Checkout came to: the page composes Checkout (decision 066). */
export type GroupCheckoutOutcome =
  | { status: 'paid'; answer: PayOrderBody }
  | { status: 'failed'; message: string }
  | { status: 'dismissed' };

/** Opens Checkout for a member's piece; undefined while online payment is not available. */
export type OpenGroupCheckout = (
  payment: GroupEntryPayment,
  prefill: { name: string; email: string },
) => Promise<GroupCheckoutOutcome>;

/** A member joins with a name, an email and their piece (each pays: and pays); then 'You're in'. */
export function JoinGroupForm({
  group,
  openCheckout,
}: {
  group: GroupOrder;
  openCheckout?: OpenGroupCheckout | undefined;
}) {
  const [member, setMember] = useState<MemberValues>({ name: '', email: '' });
  const [piece, setPiece] = useState<PieceValues>(EMPTY_PIECE);
  const [sizeMissing, setSizeMissing] = useState(false);
  const [joined, setJoined] = useState<JoinedGroupOrder | null>(null);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const join = useJoinGroupOrder(group.token);
  const payEntry = usePayGroupEntry(group.token);
  const errors = errorsOf(join.error);

  /** Each pays (decision 066): Razorpay Checkout for the member's piece, then its answer to the shop. */
  const pay = async (entry: JoinedGroupOrder) => {
    if (!entry.payment || !openCheckout) return;
    setPaymentProblem(null);
    try {
      const outcome = await openCheckout(entry.payment, {
        name: entry.entry.name,
        email: entry.entry.email,
      });
      if (outcome.status === 'failed') setPaymentProblem(outcome.message);
      if (outcome.status === 'dismissed') setPaymentProblem('Payment not completed yet.');
      if (outcome.status !== 'paid') return;
      const paid = await payEntry.mutateAsync({
        entryId: entry.entry._id,
        entryToken: entry.entryToken,
        answer: outcome.answer,
      });
      setJoined({ ...entry, entry: paid });
    } catch (error) {
      setPaymentProblem(getErrorMessage(error));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSize(piece.size)) {
      setSizeMissing(true);
      return;
    }
    setSizeMissing(false);
    try {
      const entry = await join.mutateAsync({
        ...member,
        ...pieceBody(piece, group.personalise),
        size: piece.size,
      });
      setJoined(entry);
      if (entry.payment) await pay(entry);
    } catch {
      // Shown from the mutation's error below.
    }
  };

  if (joined?.payment && !joined.entry.paid) {
    return (
      <section aria-labelledby="pay-title" className="space-y-2 rounded-2xl bg-amber-50 p-4">
        <h2 id="pay-title" className="text-xl font-bold text-ink-900">
          Pay for your piece
        </h2>
        <p className="text-ink-800">
          Your place counts once paid: {formatRupees(joined.payment.amount / 100)}.
        </p>
        {paymentProblem ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {paymentProblem}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => void pay(joined)}
          disabled={payEntry.isPending || !openCheckout}
          className={buttonStyles({ variant: 'brand' })}
        >
          Pay now
        </button>
      </section>
    );
  }
  if (joined) {
    return (
      <section aria-labelledby="joined-title" className="rounded-2xl bg-green-50 p-4">
        <h2 id="joined-title" className="text-xl font-bold text-ink-900">
          You're in
        </h2>
        <p className="mt-1 text-ink-800">
          {joined.entry.name}: {pieceText(joined.entry)}.
        </p>
        {joined.entry.paid ? (
          <p className="mt-1 font-medium text-ink-900">{paymentText(joined.entry)}.</p>
        ) : null}
        <p className="mt-1 text-sm text-ink-700">
          We emailed {joined.entry.email} a link to change your piece or leave the group until the
          deadline.
        </p>
        <Link
          to={{ search: `?${groupEntryLinkSearch(joined.entry._id, joined.entryToken)}` }}
          className={buttonStyles({ variant: 'outline', className: 'mt-3' })}
        >
          Change your entry
        </Link>
      </section>
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="Join the group order" className="space-y-3">
      <h2 className="text-xl font-bold text-ink-900">Join</h2>
      <MemberFields values={member} onChange={setMember} errorOf={errors.field} />
      <PieceFields
        group={group}
        values={piece}
        onChange={setPiece}
        sizePlaceholder="Choose a size"
        errorOf={(field) =>
          field === 'size' && sizeMissing ? CHOOSE_SIZE_MESSAGE : errors.field(field)
        }
      />
      <ErrorLine message={errors.message} />
      <button
        type="submit"
        disabled={join.isPending}
        className={buttonStyles({ className: 'w-full' })}
      >
        {join.isPending ? 'Joining…' : 'Join the group'}
      </button>
    </form>
  );
}

/**
 * The 'joined' email's link (or the page's 'Change your entry'): the member's
 * entry, read with the token of their link, fills the form they change it in.
 */
export function EditEntryForm({
  group,
  entryId,
  entryToken,
}: {
  group: GroupOrder;
  entryId: string;
  entryToken: string;
}) {
  const { data: entry, error, refetch } = useGroupEntry(group.token, entryId, entryToken);
  if (error instanceof ApiError && error.status === 404) {
    return (
      <p role="alert" className="font-medium text-ink-900">
        {ENTRY_LINK_GONE_MESSAGE}
      </p>
    );
  }
  if (error)
    return <ErrorMessage message={getErrorMessage(error)} onRetry={() => void refetch()} />;
  if (!entry) return <LoadingMessage>Loading your entry</LoadingMessage>;
  return <EntryEditor group={group} entry={entry} entryToken={entryToken} />;
}

export const ENTRY_LINK_GONE_MESSAGE =
  'This link opens no entry now: it may have left the group, or the link is cut short.';

function EntryEditor({
  group,
  entry,
  entryToken,
}: {
  group: GroupOrder;
  entry: GroupEntry;
  entryToken: string;
}) {
  const [member, setMember] = useState<MemberValues>({ name: entry.name, email: entry.email });
  const [piece, setPiece] = useState<PieceValues>(() => pieceValuesOf(entry));
  const [done, setDone] = useState<string | null>(null);
  const update = useUpdateGroupEntry(group.token, entryToken);
  const leave = useDeleteGroupEntry(group.token, entryToken);
  const errors = errorsOf(update.error ?? leave.error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    try {
      const saved = await update.mutateAsync({
        entryId: entry._id,
        body: { ...member, ...changedPieceBody(piece, group.personalise) },
      });
      setDone(`Saved: ${pieceText(saved)}.`);
    } catch {
      // Shown from the mutation's error below.
    }
  };
  const onLeave = async () => {
    try {
      await leave.mutateAsync(entry._id);
    } catch {
      // Shown from the mutation's error below.
    }
  };

  if (leave.isSuccess) {
    return (
      <p role="status" className="font-medium text-ink-900">
        You left the group order.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} aria-label="Change your entry" className="space-y-3">
      <h2 className="text-xl font-bold text-ink-900">Change your entry</h2>
      <MemberFields values={member} onChange={setMember} errorOf={errors.field} />
      <PieceFields
        group={group}
        values={piece}
        onChange={setPiece}
        sizePlaceholder="Choose a size"
        errorOf={errors.field}
      />
      <ErrorLine message={errors.message} />
      {done ? (
        <p role="status" className="font-medium text-ink-900">
          {done}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={update.isPending} className={buttonStyles()}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <button
          type="button"
          disabled={leave.isPending}
          onClick={() => void onLeave()}
          className={buttonStyles({ variant: 'outline' })}
        >
          Leave the group
        </button>
      </div>
    </form>
  );
}
