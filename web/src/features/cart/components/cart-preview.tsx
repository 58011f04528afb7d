import { Link } from 'react-router';
import { formatRupees } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { paths } from '#web/config/paths.ts';
import { useCartLines } from '../hooks/use-cart-lines.ts';
import { sumOfLines } from '../utils/cart-lines.ts';

/** SPEC §9: the profile previews the first 3 cart lines. */
export const CART_PREVIEW_LINES = 3;

/**
 * The profile's cart summary (SPEC §2 Profile): total items, total price, the
 * first 3 lines and 'Go to Cart'.
 */
export function CartPreview() {
  const { list, isLoading } = useCartLines();

  if (list.length === 0) {
    return (
      <p className="py-6 text-center text-ink-600">
        {isLoading ? 'Loading your cart...' : 'Cart is empty'}
      </p>
    );
  }

  return (
    <div>
      <dl className="grid grid-cols-2 gap-4 rounded-xl bg-ink-50 p-4 text-sm">
        <div>
          <dt className="text-ink-600">Total items</dt>
          <dd className="mt-0.5 text-lg font-bold text-ink-900">{list.length}</dd>
        </div>
        <div>
          <dt className="text-ink-600">Total price</dt>
          <dd className="mt-0.5 text-lg font-bold text-ink-900">
            {formatRupees(sumOfLines(list))}
          </dd>
        </div>
      </dl>
      <ul aria-label="In your cart" className="mt-4 divide-y divide-ink-100">
        {list.slice(0, CART_PREVIEW_LINES).map((line) => (
          <li key={line._id} className="flex items-center gap-3 py-3">
            <img
              src={line.productId.images[0]?.url}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-lg bg-ink-100 object-cover ring-1 ring-ink-200"
            />
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-semibold text-ink-900">{line.productId.title}</p>
              <p className="text-ink-600">
                Size {line.size} · Qty {line.quantity}
              </p>
            </div>
            <p className="text-sm font-semibold whitespace-nowrap text-ink-900">
              {formatRupees(line.totalPrice)}
            </p>
          </li>
        ))}
      </ul>
      {list.length > CART_PREVIEW_LINES ? (
        <p className="text-sm text-ink-600">
          and {list.length - CART_PREVIEW_LINES} more in your cart
        </p>
      ) : null}
      <Link to={paths.cart()} className={buttonStyles({ className: 'mt-4 w-full' })}>
        Go to Cart
      </Link>
    </div>
  );
}
