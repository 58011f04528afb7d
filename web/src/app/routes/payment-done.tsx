import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CheckIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** SPEC §9: the success page goes home after 5 seconds. */
export const PAYMENT_DONE_REDIRECT_MS = 5000;

/**
 * /payment-done/{id} (SPEC §2 Payment-done): the order is placed (checkout
 * has read the cart again: lines left unselected are still in it) and the
 * shopper goes home after 5 seconds.
 */
export function PaymentDoneRoute() {
  useDocumentTitle('Order placed');
  const { id = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.home()), PAYMENT_DONE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 motion-safe:animate-fade-in-up"
      >
        <CheckIcon className="size-9" />
      </span>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
        Order placed successfully!
      </h1>
      <p className="mt-3 text-ink-700">
        Order ID: <span className="font-mono font-semibold break-all text-ink-900">{id}</span>
      </p>
      <p className="mt-4 text-ink-700">Thank you for your purchase.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.home()} className={buttonStyles()}>
          Back to Home
        </Link>
        <Link to={paths.order(id)} className={buttonStyles({ variant: 'outline' })}>
          View order
        </Link>
      </div>
      <p className="mt-8 text-sm text-ink-600">You will receive a confirmation email soon.</p>
      <p className="mt-1 text-xs text-ink-600">Taking you to the home page in 5 seconds.</p>
    </section>
  );
}
