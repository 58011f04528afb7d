import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { NotFoundView } from '#web/components/ui/not-found-view.tsx';
import { paths } from '#web/config/paths.ts';

/** An unknown order, or another shopper's (the API answers 404 for both, D2). */
export function OrderNotFound() {
  return (
    <NotFoundView
      title="Order not found"
      actions={
        <>
          <Link to={paths.orders()} className={buttonStyles()}>
            Your Orders
          </Link>
          <Link to={paths.products()} className={buttonStyles({ variant: 'outline' })}>
            Browse products
          </Link>
        </>
      }
    >
      We could not find this order in your account. The link may be mistyped, or the order may
      belong to another account.
    </NotFoundView>
  );
}
