import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';

/** SPEC §2 Cart, empty. */
export function EmptyCart() {
  return (
    <EmptyState
      title="Your Cart is Empty."
      actions={
        <Link to={paths.home()} className={buttonStyles()}>
          Continue Shopping
        </Link>
      }
    >
      Looks like you haven't added anything to your cart yet.
    </EmptyState>
  );
}
