import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { NewsletterBodySchema } from '#contract';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { subscribeNewsletter } from '../api/subscribe-newsletter.ts';

export const NEWSLETTER_SUCCESS_MESSAGE =
  "Thanks for subscribing! We'll be in touch with new drops and offers.";

const TONES = {
  /** On the brand-coloured home block. */
  light: {
    input: 'border-white bg-white text-ink-900 placeholder:text-ink-500',
    button: 'bg-ink-900 text-white hover:bg-ink-800',
    error: 'text-white',
  },
  /** On the dark footer. */
  dark: {
    input: 'border-ink-600 bg-ink-800 text-white placeholder:text-ink-400',
    button: 'bg-white text-ink-900 hover:bg-brand-100',
    error: 'text-red-300',
  },
} as const;

interface NewsletterFormProps {
  tone?: keyof typeof TONES;
  buttonLabel?: string;
}

/** An email box and a button: the email is stored for the newsletter, twice is fine (D22). */
export function NewsletterForm({ tone = 'light', buttonLabel = 'Subscribe' }: NewsletterFormProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof NewsletterBodySchema>, unknown, z.output<typeof NewsletterBodySchema>>(
    { resolver: zodResolver(NewsletterBodySchema), defaultValues: { email: '' } },
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await subscribeNewsletter(values);
    } catch (error) {
      if (setServerFieldErrors(error, setError, ['email']) === 0)
        toast.error(getErrorMessage(error));
      return;
    }
    reset();
    // One thank-you at a time, however often the button is pressed.
    toast.success(NEWSLETTER_SUCCESS_MESSAGE, { id: 'newsletter-subscribed' });
  });

  const styles = TONES[tone];
  const error = errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="w-full">
      <div className="flex w-full flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Newsletter email
        </label>
        <input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className={`h-11 w-full min-w-0 rounded-full border px-4 text-base sm:flex-1 sm:text-sm ${styles.input}`}
          {...register('email')}
        />
        <button
          type="submit"
          disabled={isSubmitting}
          className={`h-11 shrink-0 rounded-full px-5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${styles.button}`}
        >
          {isSubmitting ? 'Subscribing…' : buttonLabel}
        </button>
      </div>
      {error ? (
        <p
          id={errorId}
          className={`mt-2 flex gap-1.5 px-4 text-left text-sm font-medium ${styles.error}`}
        >
          <span aria-hidden="true">⚠</span>
          {error}
        </p>
      ) : null}
    </form>
  );
}
