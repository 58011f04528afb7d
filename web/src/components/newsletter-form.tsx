import { type FormEvent, useId } from 'react';

interface NewsletterFormProps {
  /** `dark` for dark backgrounds (the footer). */
  tone?: 'light' | 'dark';
  buttonLabel?: string;
}

/**
 * An email box and a button. SPEC §5: email required and of email type;
 * submitting is prevented and sends nothing yet (D22 wires it up later).
 */
export function NewsletterForm({ tone = 'light', buttonLabel = 'Subscribe' }: NewsletterFormProps) {
  const inputId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
  };
  const input =
    tone === 'dark'
      ? 'border-ink-600 bg-ink-800 text-white placeholder:text-ink-400'
      : 'border-ink-300 bg-white text-ink-900 placeholder:text-ink-500';
  const button =
    tone === 'dark'
      ? 'bg-white text-ink-900 hover:bg-brand-100'
      : 'bg-ink-900 text-white hover:bg-brand-700';

  return (
    <form onSubmit={onSubmit} className="flex w-full flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        className={`h-11 w-full min-w-0 rounded-full border px-4 text-sm sm:flex-1 ${input}`}
      />
      <button
        type="submit"
        className={`h-11 shrink-0 rounded-full px-5 text-sm font-semibold transition-colors ${button}`}
      >
        {buttonLabel}
      </button>
    </form>
  );
}
