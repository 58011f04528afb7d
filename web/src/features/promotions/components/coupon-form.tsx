import { useForm } from 'react-hook-form';
import { type AdminCoupon, COUPON_KINDS, type CouponKind, type CouponRules } from '#contract';
import { CheckboxField, SelectField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveCoupon } from '../api/coupons.ts';

/** The form's fields as typed: text, turned into the contract's body on submit. */
interface CouponFormValues {
  code: string;
  description: string;
  kind: CouponKind | '';
  value: string;
  minOrder: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  active: boolean;
}

const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'minOrder',
  'maxDiscount',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
] as const;

const KIND_OPTIONS = COUPON_KINDS.map((kind) => ({
  value: kind,
  label: kind === 'percent' ? 'A percentage off' : 'A flat amount off (₹)',
}));

/** '' is no value; anything else a number, which the server checks. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
/** A datetime-local value (the owner's clock) as an instant, or null. */
const instantOrNull = (text: string) => (text === '' ? null : new Date(text).toISOString());
/** An instant as a datetime-local value on the owner's clock. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
const text = (value: number | null) => (value === null ? '' : String(value));

function valuesOf(coupon: AdminCoupon | undefined): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    value: text(coupon?.value ?? null),
    minOrder: text(coupon?.minOrder ?? 0),
    maxDiscount: text(coupon?.maxDiscount ?? null),
    startsAt: localInput(coupon?.startsAt ?? null),
    endsAt: localInput(coupon?.endsAt ?? null),
    usageLimit: text(coupon?.usageLimit ?? null),
    perCustomerLimit: text(coupon?.perCustomerLimit ?? null),
    firstOrderOnly: coupon?.firstOrderOnly ?? false,
    active: coupon?.active ?? true,
  };
}

/**
 * A new coupon, or an existing one's rules (its code stays). The server checks
 * every rule (the contract's schema) and its complaints show under their field.
 */
export function CouponForm({ coupon, onDone }: { coupon?: AdminCoupon; onDone: () => void }) {
  const save = useSaveCoupon();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues>({ defaultValues: valuesOf(coupon) });

  const onSubmit = handleSubmit(async (values) => {
    const rules = {
      description: values.description,
      kind: values.kind,
      value: numberOrNull(values.value),
      minOrder: numberOrNull(values.minOrder) ?? 0,
      maxDiscount: numberOrNull(values.maxDiscount),
      startsAt: instantOrNull(values.startsAt),
      endsAt: instantOrNull(values.endsAt),
      usageLimit: numberOrNull(values.usageLimit),
      perCustomerLimit: numberOrNull(values.perCustomerLimit),
      firstOrderOnly: values.firstOrderOnly,
      active: values.active,
    } as CouponRules;
    try {
      await save.mutateAsync({ code: values.code, rules, isNew: !coupon });
      toast.success(coupon ? `${coupon.code} saved` : 'Coupon created');
      onDone();
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          hint="Letters, digits, - or _; shoppers may type it in any case."
          autoCapitalize="characters"
          readOnly={Boolean(coupon)}
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="Description"
          hint="What the cart shows beside the code."
          error={errors.description?.message}
          {...register('description')}
        />
        <SelectField
          label="Discount"
          placeholder="Choose a kind"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <TextField
          label="Value"
          inputMode="decimal"
          hint="The percentage, or the rupees off."
          error={errors.value?.message}
          {...register('value')}
        />
        <TextField
          label="Minimum order (₹)"
          inputMode="decimal"
          error={errors.minOrder?.message}
          {...register('minOrder')}
        />
        <TextField
          label="Maximum discount (₹)"
          inputMode="decimal"
          hint="Empty for no cap."
          error={errors.maxDiscount?.message}
          {...register('maxDiscount')}
        />
        <TextField
          label="Starts"
          type="datetime-local"
          hint="Empty: from now."
          error={errors.startsAt?.message}
          {...register('startsAt')}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          hint="Empty: no end."
          error={errors.endsAt?.message}
          {...register('endsAt')}
        />
        <TextField
          label="Uses in all"
          inputMode="numeric"
          hint="Orders that may use it; empty for no limit."
          error={errors.usageLimit?.message}
          {...register('usageLimit')}
        />
        <TextField
          label="Uses per customer"
          inputMode="numeric"
          hint="Empty for no limit."
          error={errors.perCustomerLimit?.message}
          {...register('perCustomerLimit')}
        />
      </div>
      <CheckboxField label="First order only" {...register('firstOrderOnly')} />
      <CheckboxField label="Active" {...register('active')} />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {coupon ? 'Save coupon' : 'Create coupon'}
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          className="inline-flex h-11 items-center rounded-full px-4 text-sm font-semibold text-ink-700 hover:bg-ink-100"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
