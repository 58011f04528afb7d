import { type FormEvent, useId, useRef, useState } from 'react';
import { NEWSLETTER_DISCOUNT_PERCENT } from '#contract';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';

/** What the form says once it is sent: the list is double opt-in, and a known address is mailed nothing. */
export const NEWSLETTER_SUBSCRIBED_MESSAGE = `Thanks! If this address is new to our list, confirm with the link we have emailed and your ${NEWSLETTER_DISCOUNT_PERCENT}% code follows.`;

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

const importNewsletterApi = () => import('../api/subscribe-newsletter.ts');
type NewsletterApi = Awaited<ReturnType<typeof importNewsletterApi>>;

/**
 * The subscribe call and its email rule, loaded when the shopper reaches for
 * the box (or submits): the form is on every page, and the schema library
 * (~30 KB brotli) stays out of the first download (issue 14 budgets). Not on
 * mount: on a slow phone it then competed with the page's own pictures and
 * code, and it counted in /cart's simulated LCP (decision 027).
 */
let newsletterApi: NewsletterApi | undefined;
async function loadNewsletterApi(): Promise<NewsletterApi> {
  newsletterApi ??= await importNewsletterApi();
  return newsletterApi;
}

interface NewsletterFormProps {
  tone?: keyof typeof TONES;
  buttonLabel?: string;
}

/** An email box and a button: the email is stored for the newsletter, twice is fine (D22). */
/**
 * An email box and a button: the email is stored for the newsletter, twice is fine (D22).
 * One field, so plain state rather than a form library: it is on every page, in the
 * first download (issue 14).
 */
export function NewsletterForm({ tone = 'light', buttonLabel = 'Subscribe' }: NewsletterFormProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Typed before React takes over, the email would be lost at its first render (decision 027).
  const hydrated = useHydrated();

  /** The schema's complaint about the email, if any (the server checks it again). */
  const check = (api: NewsletterApi, value: string) =>
    api.NewsletterBodySchema.safeParse({ email: value }).error?.issues[0]?.message;

  const onChange = (value: string) => {
    setEmail(value);
    // Like a form library's default: once submitted, the message follows the typing.
    if (submitted && newsletterApi) setError(check(newsletterApi, value));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const api = await loadNewsletterApi();
    const problem = check(api, email);
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await api.subscribeNewsletter({ email });
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldError('email') : undefined;
      if (fieldError) {
        setError(fieldError);
        inputRef.current?.focus();
      } else {
        toast.error(getErrorMessage(failure));
      }
      return;
    } finally {
      setSubmitting(false);
    }
    setEmail('');
    setSubmitted(false);
    // One thank-you at a time, however often the button is pressed.
    toast.success(NEWSLETTER_SUBSCRIBED_MESSAGE, { id: 'newsletter-subscribed' });
  };

  const styles = TONES[tone];
  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadNewsletterApi()}
      onPointerEnter={() => void loadNewsletterApi()}
      noValidate
      className="w-full"
    >
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
          ref={inputRef}
          name="email"
          disabled={!hydrated}
          value={email}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="submit"
          disabled={isSubmitting || !hydrated}
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
