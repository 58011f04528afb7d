import { useId, useState } from 'react';
import { type Product, SIZES, type Size, STOCK_ALERT_CHECK_INBOX } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { TextField } from '#web/components/ui/form-field.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { selectedOption } from '#web/utils/select-option.ts';
import { useCreateStockAlert } from '../api/wishlist-api.ts';

/**
 * 'Notify me' (D33): for a size that is sold out, one email when it is back.
 * A guest gives an address and confirms it by a mailed link; a signed-in
 * shopper's account email is used at once.
 */
export function NotifyMe({ product }: { product: Pick<Product, '_id' | 'sizes'> }) {
  const soldOut = SIZES.filter((size) => product.sizes[size] === 0);
  const token = useAuthToken();
  const hydrated = useHydrated();
  const id = useId();
  const [size, setSize] = useState<Size | ''>(soldOut[0] ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const create = useCreateStockAlert(product._id);
  if (soldOut.length === 0) return null;

  const submit = async () => {
    if (!size) return;
    setError(undefined);
    try {
      const alert = await create.mutateAsync(token && !email ? { size } : { size, email });
      setDone(
        alert.status === 'pending'
          ? `${STOCK_ALERT_CHECK_INBOX} We sent the link to ${alert.email}.`
          : `We will email ${alert.email} once when size ${alert.size} is back.`,
      );
    } catch (failure) {
      const emailError = failure instanceof ApiError ? failure.fieldError('email') : undefined;
      if (emailError) setError(emailError);
      else toast.error(getErrorMessage(failure));
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl border border-ink-200 bg-ink-50 p-4"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-ink-900">
        Sold out in your size?
      </h2>
      {done ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          {done}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          className="mt-3"
        >
          {/* A server-rendered page submits nothing until React takes over (decision 022). */}
          <fieldset disabled={!hydrated} className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-sm text-ink-800">
              Size
              <select
                value={size}
                onChange={(event) => setSize(selectedOption(SIZES, event.target.value) ?? '')}
                className="h-11 rounded-xl border border-ink-300 bg-white px-3"
              >
                {soldOut.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            {token ? null : (
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={error}
                className="min-w-56 flex-1"
              />
            )}
            <button
              type="submit"
              disabled={create.isPending}
              className={buttonStyles({ variant: 'outline' })}
            >
              Notify me
            </button>
          </fieldset>
        </form>
      )}
    </section>
  );
}
