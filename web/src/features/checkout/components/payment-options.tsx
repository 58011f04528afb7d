import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CheckoutBody, CheckoutBodySchema } from '#contract';
import { CheckboxField, PasswordField, TextField } from '#web/components/ui/form-field.tsx';

type PaymentInput = z.input<typeof CheckoutBodySchema>;

export type PaymentChoice = Pick<CheckoutBody, 'paymentMethod' | 'card'>;

const OPTIONS = [
  { value: 'cash', label: 'Cash On Delivery', hint: 'Pay when your order arrives.' },
  { value: 'debit-card', label: 'Debit/Card', hint: 'Pay now with your card.' },
] as const;

/** "MM" or "YYYY" (a 2-digit year means 20YY) as a number; '' becomes 0 so the rule's message shows. */
const toMonth = (value: string) => Number(value.trim());
const toYear = (value: string) => {
  const year = Number(value.trim());
  return value.trim().length === 2 ? 2000 + year : year;
};

interface PaymentOptionsProps {
  /** The form's id, so a 'Place order' button elsewhere on the page can submit it. */
  formId: string;
  /** Called with the payment method (and the card) once they pass the contract's rules. */
  onSubmit: (payment: PaymentChoice) => void | Promise<void>;
  /** True while the order is being placed: the choice cannot change under it. */
  disabled?: boolean;
}

/**
 * SPEC §2 Payment options, wired to the order (D12): 'Cash On Delivery' or
 * 'Debit/Card' with the card form (name, number, expiry, a masked 3-digit
 * CVV, 'Save this card for later use'), checked with the contract's
 * CheckoutBodySchema. The card fields exist only while card is chosen.
 */
export function PaymentOptions({ formId, onSubmit, disabled = false }: PaymentOptionsProps) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<PaymentInput, unknown, CheckoutBody>({
    resolver: zodResolver(CheckoutBodySchema),
    defaultValues: { paymentMethod: 'cash' },
    shouldUnregister: true,
  });
  const method = watch('paymentMethod');
  const cardErrors = errors.card;

  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${formId}-heading`} className="text-lg font-bold text-ink-900">
        Payment options
      </h2>
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit(({ paymentMethod, card }) => onSubmit({ paymentMethod, card }))}
        className="mt-4"
      >
        <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
          <legend className="sr-only">Payment method</legend>
          {OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4 ${
                method === option.value
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-ink-200 hover:border-ink-400'
              }`}
            >
              <input
                type="radio"
                value={option.value}
                {...register('paymentMethod')}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600"
              />
              <span className="text-sm">
                <span className="block font-semibold text-ink-900">{option.label}</span>
                <span className="block text-ink-600">{option.hint}</span>
              </span>
            </label>
          ))}
          {method === 'debit-card' ? (
            <div className="grid gap-4 rounded-xl border border-ink-200 bg-ink-50 p-4 sm:grid-cols-3">
              <TextField
                label="Name on card"
                autoComplete="cc-name"
                className="sm:col-span-3"
                error={cardErrors?.name?.message}
                {...register('card.name')}
              />
              <TextField
                label="Card number"
                autoComplete="cc-number"
                inputMode="numeric"
                maxLength={23}
                className="sm:col-span-3"
                error={cardErrors?.number?.message ?? cardErrors?.message}
                {...register('card.number')}
              />
              <TextField
                label="Expiry month (MM)"
                autoComplete="cc-exp-month"
                inputMode="numeric"
                maxLength={2}
                placeholder="MM"
                error={cardErrors?.expMonth?.message}
                {...register('card.expMonth', { setValueAs: toMonth })}
              />
              <TextField
                label="Expiry year (YYYY)"
                autoComplete="cc-exp-year"
                inputMode="numeric"
                maxLength={4}
                placeholder="YYYY"
                error={cardErrors?.expYear?.message}
                {...register('card.expYear', { setValueAs: toYear })}
              />
              <PasswordField
                label="CVV"
                autoComplete="cc-csc"
                inputMode="numeric"
                maxLength={3}
                error={cardErrors?.cvv?.message}
                {...register('card.cvv')}
              />
              <CheckboxField
                label="Save this card for later use"
                className="sm:col-span-3"
                {...register('card.save')}
              />
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
