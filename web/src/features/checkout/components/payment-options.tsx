import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  BUSINESS_NAME_MAX_LENGTH,
  type CashOnDelivery,
  type CheckoutBody,
  CheckoutBodySchema,
  formatRupees,
  PAY_ONLINE_LABEL,
  type PaymentMethod,
  type SavedCard,
  TEST_PAYMENTS_NOTICE,
} from '#contract';
import { CheckboxField, PasswordField, TextField } from '#web/components/ui/form-field.tsx';
import { savedCardLabel } from '#web/utils/card-label.ts';

type PaymentInput = z.input<typeof CheckoutBodySchema>;

export type PaymentChoice = Pick<
  CheckoutBody,
  'paymentMethod' | 'card' | 'savedCardId' | 'cvv' | 'business'
>;

/** The card choice that is not a saved card. */
const NEW_CARD = 'new';

interface CardContext {
  /** A saved card's id, or NEW_CARD. */
  chosenCard: string;
}

/**
 * The contract's rules, with the saved card chosen (kept outside the form's
 * fields, as its radios' 'new card' is no id) put in the body when paying by card.
 */
const checkPayment: Resolver<PaymentInput, CardContext, CheckoutBody> = (
  values,
  context,
  options,
) =>
  zodResolver(CheckoutBodySchema)(
    {
      ...values,
      savedCardId:
        values.paymentMethod === 'debit-card' && context && context.chosenCard !== NEW_CARD
          ? context.chosenCard
          : undefined,
    },
    context,
    options,
  );

interface PaymentOption {
  value: PaymentMethod;
  label: string;
  hint: string;
}

const CASH: PaymentOption = {
  value: 'cash',
  label: 'Cash On Delivery',
  hint: 'Pay when your order arrives.',
};
/** Without Razorpay's keys: cash, or a card paid to the built-in test gateway (D12). */
const TEST_GATEWAY_OPTIONS: readonly PaymentOption[] = [
  CASH,
  { value: 'debit-card', label: 'Debit/Card', hint: 'Pay now with your card.' },
];
/** With Razorpay's keys: Razorpay Checkout takes the payment, and no card form is shown (issue 25). */
const RAZORPAY_OPTIONS: readonly PaymentOption[] = [
  {
    value: 'online',
    label: PAY_ONLINE_LABEL,
    hint: 'Razorpay opens when you place the order; the shop never sees your card or UPI PIN.',
  },
  CASH,
];

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
  /** Cards saved at earlier checkouts: offered first, paid with the CVV alone (issue 13). */
  savedCards?: SavedCard[];
  /** The owner's rules for cash, as the quote states them: not offered when unavailable (issue 25). */
  cashOnDelivery?: CashOnDelivery | undefined;
  /** Told the method chosen, and each change of it, so the price details can show its fee. */
  onMethodChange?: (method: PaymentMethod) => void;
  /** The shop has Razorpay's keys: 'Pay online' (chosen first) instead of the card form. */
  payOnline?: boolean;
}

/**
 * SPEC §2 Payment options, wired to the order (D12): 'Cash On Delivery' or
 * 'Debit/Card' with the card form (name, number, expiry, a masked 3-digit
 * CVV, 'Save this card for later use'), checked with the contract's
 * CheckoutBodySchema. The card fields exist only while card is chosen. A
 * shopper with saved cards chooses one of them (the newest first) or a new
 * card; a saved card asks only for its CVV. The card goes to the test
 * gateway, which the section says ('Test payments: no money moves').
 *
 * With Razorpay's keys (issue 25) the choice is 'Pay online: UPI, cards,
 * netbanking, wallets' (Razorpay Checkout, opened once the order is placed)
 * or cash: no card field at all.
 */
export function PaymentOptions({
  formId,
  onSubmit,
  disabled = false,
  savedCards = [],
  cashOnDelivery,
  onMethodChange,
  payOnline = false,
}: PaymentOptionsProps) {
  const [cardChoice, setCardChoice] = useState<string>();
  // Its fields exist only while it is ticked (shouldUnregister): unticked, no `business` is sent.
  const [businessPurchase, setBusinessPurchase] = useState(false);
  const chosenCard = cardChoice ?? savedCards[0]?._id ?? NEW_CARD;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<PaymentInput, CardContext, CheckoutBody>({
    resolver: checkPayment,
    context: { chosenCard },
    defaultValues: { paymentMethod: payOnline ? 'online' : 'cash' },
    shouldUnregister: true,
  });
  const method = watch('paymentMethod');
  const cardErrors = errors.card;
  const cashOffered = cashOnDelivery?.available !== false;
  const offered = (payOnline ? RAZORPAY_OPTIONS : TEST_GATEWAY_OPTIONS).filter(
    (option) => option.value !== 'cash' || cashOffered,
  );
  const firstOffered = offered[0]?.value;

  // Cash above the owner's limit (or turned off) is not offered: another way is chosen instead.
  useEffect(() => {
    if (method === 'cash' && !cashOffered && firstOffered) setValue('paymentMethod', firstOffered);
  }, [method, cashOffered, firstOffered, setValue]);
  useEffect(() => {
    if (method) onMethodChange?.(method);
  }, [method, onMethodChange]);

  return (
    <section
      aria-labelledby={`${formId}-heading`}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${formId}-heading`} className="text-lg font-bold text-ink-900">
        Payment options
      </h2>
      {payOnline ? null : (
        <p className="mt-1 text-sm text-ink-600">
          <span className="font-semibold text-amber-800">{TEST_PAYMENTS_NOTICE}</span>: cards are
          approved by the shop's built-in test gateway.
        </p>
      )}
      <form
        id={formId}
        noValidate
        onSubmit={handleSubmit(({ paymentMethod, card, savedCardId, cvv, business }) =>
          onSubmit({ paymentMethod, card, savedCardId, cvv, business }),
        )}
        className="mt-4"
      >
        <fieldset disabled={disabled} className="flex min-w-0 flex-col gap-3">
          <legend className="sr-only">Payment method</legend>
          {offered.map((option) => (
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
                <span className="block text-ink-600">
                  {option.hint}
                  {option.value === 'cash' && cashOnDelivery && cashOnDelivery.fee > 0
                    ? ` A fee of ${formatRupees(cashOnDelivery.fee)} applies.`
                    : null}
                </span>
              </span>
            </label>
          ))}
          {cashOnDelivery?.unavailableReason ? (
            <p className="text-sm text-ink-600">{cashOnDelivery.unavailableReason}</p>
          ) : null}
          {method === 'debit-card' && savedCards.length > 0 ? (
            <fieldset className="flex flex-col gap-2 rounded-xl border border-ink-200 bg-ink-50 p-4">
              <legend className="sr-only">Card</legend>
              {[
                ...savedCards.map((card) => ({ id: card._id, label: savedCardLabel(card) })),
                {
                  id: NEW_CARD,
                  label: 'Use a new card',
                },
              ].map((option) => (
                <label key={option.id} className="flex cursor-pointer items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name={`${formId}-card`}
                    value={option.id}
                    checked={chosenCard === option.id}
                    onChange={() => setCardChoice(option.id)}
                    className="size-4 shrink-0 cursor-pointer accent-brand-600"
                  />
                  <span className="font-medium text-ink-900">{option.label}</span>
                </label>
              ))}
              {chosenCard !== NEW_CARD ? (
                <PasswordField
                  label="CVV"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  maxLength={3}
                  className="mt-2 max-w-40"
                  error={errors.cvv?.message}
                  {...register('cvv')}
                />
              ) : null}
            </fieldset>
          ) : null}
          {method === 'debit-card' && chosenCard === NEW_CARD ? (
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
          <CheckboxField
            label="Business purchase: a GST invoice with your business's GSTIN"
            checked={businessPurchase}
            onChange={(event) => setBusinessPurchase(event.target.checked)}
          />
          {businessPurchase ? (
            <div className="grid gap-4 rounded-xl border border-ink-200 bg-ink-50 p-4 sm:grid-cols-2">
              <TextField
                label="GSTIN"
                autoComplete="off"
                maxLength={20}
                hint="15 characters, as on your GST registration"
                error={errors.business?.gstin?.message}
                {...register('business.gstin')}
              />
              <TextField
                label="Business name"
                autoComplete="organization"
                maxLength={BUSINESS_NAME_MAX_LENGTH}
                error={errors.business?.name?.message}
                {...register('business.name')}
              />
            </div>
          ) : null}
        </fieldset>
      </form>
    </section>
  );
}
