import { type FormEvent, useId, useState } from 'react';
import type { Quote } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import { CloseIcon, TagIcon } from '#web/components/ui/icons.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCartOptions } from '../api/get-cart-options.ts';
import { useUpdateCartOptions } from '../api/update-cart-options.ts';
import { CartOptionBox } from './cart-option-box.tsx';

/**
 * D10: MAX500 starts applied and comes off with its ×; another code can be
 * typed in. The server keeps the choice with the cart and checks the code;
 * its quote names the coupon it applied, or says why the kept one does not.
 */
export function CouponsBox({ quote }: { quote: Quote | undefined }) {
  const couponCode = useCartOptions().data?.couponCode ?? null;
  const updateOptions = useUpdateCartOptions();
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const fieldId = useId();
  const applied = quote?.coupon ?? null;
  const error =
    refused ?? (couponCode && quote?.couponError ? `${couponCode}: ${quote.couponError}` : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = draft.trim().toUpperCase();
    if (!code) return;
    setRefused(null);
    updateOptions.mutate(
      { couponCode: code },
      {
        // An accepted code has done its job in the box.
        onSuccess: () => setDraft(''),
        onError: (failure) => setRefused(`${code}: ${getErrorMessage(failure)}`),
      },
    );
  };

  const removeCoupon = () => {
    setRefused(null);
    updateOptions.mutate(
      { couponCode: null },
      { onError: (failure) => toast.error(getErrorMessage(failure)) },
    );
  };

  return (
    <CartOptionBox id="coupons" title="Coupons" icon={TagIcon}>
      {applied ? (
        <div className="mt-3 flex items-center justify-between gap-3 rounded-xl border border-dashed border-emerald-400 bg-emerald-50 px-3 py-2">
          <p className="min-w-0 text-sm">
            <span className="font-bold tracking-wide text-emerald-800">{applied.code}</span>
            <span className="text-emerald-800"> applied</span>
            <span className="block text-xs text-ink-700">{applied.description}</span>
          </p>
          <button
            type="button"
            onClick={removeCoupon}
            aria-label={`Remove coupon ${applied.code}`}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-emerald-100 hover:text-ink-900"
          >
            <CloseIcon className="size-4" />
          </button>
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="mt-3" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium text-ink-800">
          {applied ? 'Have another code?' : 'Coupon code'}
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={fieldId}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setRefused(null);
            }}
            maxLength={40}
            autoComplete="off"
            placeholder="Enter code"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className={`${inputStyles(Boolean(error))} h-10 uppercase placeholder:normal-case`}
          />
          <button type="submit" className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            Apply
          </button>
        </div>
        {error ? (
          <p
            id={`${fieldId}-error`}
            role="alert"
            className="mt-1.5 text-sm font-medium text-red-700"
          >
            {error}
          </p>
        ) : null}
      </form>
    </CartOptionBox>
  );
}
