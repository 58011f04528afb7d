import { type FormEvent, useState } from 'react';
import { type RefundAccount, type RefundAccountKind, SetRefundAccountBodySchema } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { TextField } from '#web/components/ui/form-field.tsx';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useRefundAccount, useSetRefundAccount } from '../api/refunds.ts';

/** Where the refund goes, in the words the page and the email use. */
export function refundAccountLabel(account: RefundAccount): string {
  return account.kind === 'upi'
    ? `UPI ID ${account.upiId}`
    : `bank account ending ${account.accountLast4} (${account.ifsc}, ${account.accountHolder})`;
}

type Fields = Record<'upiId' | 'accountNumber' | 'ifsc' | 'accountHolder', string>;
const EMPTY: Fields = { upiId: '', accountNumber: '', ifsc: '', accountHolder: '' };

/**
 * A cash order's refund (issue 25): there is no card to refund to, so the
 * shopper gives a UPI ID or a bank account and the shop pays it by hand.
 * Shown on a delivered cash order's returns until the refund is paid.
 */
export function RefundAccountPanel({ orderId }: { orderId: string }) {
  const account = useRefundAccount(orderId);
  const [editing, setEditing] = useState(false);
  if (account.isPending) return null;
  const saved = account.data ?? null;
  return (
    <section
      aria-labelledby="refund-account-heading"
      className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm"
    >
      <h3 id="refund-account-heading" className="font-semibold text-ink-900">
        Your refund
      </h3>
      <p className="mt-1 text-ink-700">
        You paid in cash, so there is no card to refund to. Give us a UPI ID or a bank account: the
        shop pays your refund into it by hand once we receive the items, and emails you when it is
        paid, with the payment’s reference.
      </p>
      {saved && !editing ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="font-medium text-ink-900">
            We will pay your refund to {refundAccountLabel(saved)}.
          </p>
          <button
            type="button"
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
            onClick={() => setEditing(true)}
          >
            Change
          </button>
        </div>
      ) : (
        <RefundAccountForm
          orderId={orderId}
          onSaved={() => setEditing(false)}
          {...(saved && { onCancel: () => setEditing(false) })}
        />
      )}
    </section>
  );
}

function RefundAccountForm({
  orderId,
  onSaved,
  onCancel,
}: {
  orderId: string;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const save = useSetRefundAccount(orderId);
  const [kind, setKind] = useState<RefundAccountKind>('upi');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SetRefundAccountBodySchema.safeParse(
      kind === 'upi'
        ? { kind, upiId: fields.upiId }
        : {
            kind,
            accountNumber: fields.accountNumber,
            ifsc: fields.ifsc,
            accountHolder: fields.accountHolder,
          },
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Refund details saved');
        onSaved();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors.length > 0) {
          setErrors(
            Object.fromEntries(error.fieldErrors.map((item) => [item.field, item.message])),
          );
        } else {
          toast.error(getErrorMessage(error));
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Refund details" className="mt-3 space-y-3">
      <fieldset>
        <legend className="mb-1 font-medium text-ink-800">Pay my refund to</legend>
        <div className="flex gap-4">
          {(['upi', 'bank'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`refund-kind-${orderId}`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {value === 'upi' ? 'UPI ID' : 'Bank account'}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'upi' ? (
        <TextField
          label="UPI ID"
          placeholder="name@bank"
          autoComplete="off"
          hint="As your UPI app shows it, e.g. asha@okaxis"
          {...field('upiId')}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            {...field('accountNumber')}
          />
          <TextField label="IFSC" autoComplete="off" hint="e.g. HDFC0001234" {...field('ifsc')} />
          <TextField
            label="Account holder’s name"
            autoComplete="name"
            {...field('accountHolder')}
          />
        </div>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles({ size: 'sm' })} disabled={save.isPending}>
          Save refund details
        </button>
        {onCancel ? (
          <button
            type="button"
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
            onClick={onCancel}
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
