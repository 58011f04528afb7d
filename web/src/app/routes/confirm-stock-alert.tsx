import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useConfirmStockAlert } from '#web/features/wishlist/api/wishlist-api.ts';
import { ConfirmByClickPage } from '../confirm-by-click-page.tsx';

/** /stock-alerts/confirm?token=…: the link mailed for a back-in-stock request (D33, double opt-in). */
export function ConfirmStockAlertRoute() {
  return (
    <ConfirmByClickPage
      title="Confirm your back-in-stock alert"
      request="Someone asked us to email you once when a sold-out size is back. Nothing is kept until you confirm."
      buttonLabel="Yes, tell me when it is back"
      confirm={useConfirmStockAlert()}
      confirmed={(alert) => (
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
      )}
    />
  );
}
