import { Link, useSearchParams } from 'react-router';
import { NEWSLETTER_DISCOUNT_PERCENT } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useConfirmNewsletter } from '#web/features/messages/api/confirm-newsletter.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';

/**
 * /newsletter/confirm?token=…: the link mailed for a newsletter subscription
 * (issue 27, double opt-in). Confirming takes a click, not the page load, so
 * a mail scanner that opens links confirms nothing; the code is mailed then.
 */
export function ConfirmNewsletterRoute() {
  useDocumentTitle('Confirm your subscription');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmNewsletter();
  const hydrated = useHydrated();

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Confirm your subscription</h1>
      {confirm.isSuccess ? (
        <>
          <p role="status" className="text-green-800">
            {`Subscribed. Your code for ${NEWSLETTER_DISCOUNT_PERCENT}% off one order is on its way to your inbox.`}
          </p>
          <Link to={paths.products()} className={buttonStyles({ variant: 'outline' })}>
            Shop now
          </Link>
        </>
      ) : (
        <>
          <p className="text-ink-700">
            Someone subscribed this address to our newsletter. Nothing is sent until you confirm.
          </p>
          {confirm.error ? <ErrorMessage message={getErrorMessage(confirm.error)} /> : null}
          <button
            type="button"
            disabled={!hydrated || confirm.isPending || !token}
            onClick={() => confirm.mutate(token)}
            className={buttonStyles()}
          >
            Yes, subscribe me
          </button>
        </>
      )}
    </section>
  );
}
