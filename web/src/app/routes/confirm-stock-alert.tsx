import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useConfirmStockAlert } from '#web/features/wishlist/api/wishlist-api.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';

/**
 * /stock-alerts/confirm?token=…: the link mailed for a back-in-stock request
 * (D33, double opt-in). Confirming takes a click, not the page load, so a
 * mail scanner that opens links confirms nothing on the owner's behalf.
 */
export function ConfirmStockAlertRoute() {
  useDocumentTitle('Confirm your back-in-stock alert');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmStockAlert();
  const hydrated = useHydrated();
  const alert = confirm.data;

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">
        Confirm your back-in-stock alert
      </h1>
      {alert ? (
        <>
          <p role="status" className="text-green-800">
            {`Confirmed: we will email ${alert.email} once when size ${alert.size} is back.`}
          </p>
          <Link
            to={paths.product(alert.productId)}
            className={buttonStyles({ variant: 'outline' })}
          >
            Back to the product
          </Link>
        </>
      ) : (
        <>
          <p className="text-ink-700">
            Someone asked us to email you once when a sold-out size is back. Nothing is kept until
            you confirm.
          </p>
          {confirm.error ? <ErrorMessage message={getErrorMessage(confirm.error)} /> : null}
          <button
            type="button"
            disabled={!hydrated || confirm.isPending || !token}
            onClick={() => confirm.mutate(token)}
            className={buttonStyles()}
          >
            Yes, tell me when it is back
          </button>
        </>
      )}
    </section>
  );
}
