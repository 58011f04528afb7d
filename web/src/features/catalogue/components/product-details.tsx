import { type ReactNode, useState } from 'react';
import { formatRupees, LOW_STOCK_THRESHOLD, type Product, SIZES, type Size } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CartIcon, ReturnIcon, TruckIcon } from '#web/components/ui/icons.tsx';
import { QuantityStepper } from '#web/components/ui/quantity-stepper.tsx';
import { StarRating } from '#web/components/ui/star-rating.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { toast } from '#web/lib/toast.ts';
import { inStockSizes } from '../utils/stock.ts';
import { ColorSwatches } from './color-swatches.tsx';

export const PRODUCT_MESSAGES = {
  selectSize: 'Please select a size.',
  onlyInStock: (stock: number) => `Only ${stock} in stock`,
  /** D23: the spec's 'Last 1 left - make it yours!' with the real count. */
  onlyLeft: (stock: number) => `Only ${stock} left - make it yours!`,
} as const;

interface ProductDetailsProps {
  product: Product;
  /** Adds the chosen size and quantity (the cart says how it went); the button waits for it. */
  onAddToCart: (size: Size, quantity: number) => Promise<unknown>;
  /** Beside 'Add to cart': the way into the designer on a customisable product (D27), given the size chosen so it carries over (issue 28). */
  customise?: ((size: Size | null) => ReactNode) | undefined;
  /** Beside the size choice, where a shopper unsure of their size looks: the size guide. */
  sizeGuide?: ReactNode;
  /** After 'Add to cart': many sizes at once (issue 29's 'Order for a group'). */
  groupOrder?: ReactNode;
}

/**
 * SPEC §2 Product detail and §5 rules: the first size with stock is chosen,
 * the quantity runs from 1 to that size's stock and goes back to 1 when the
 * size changes, and nothing can be added when every size is sold out.
 */
export function ProductDetails({
  product,
  onAddToCart,
  customise,
  sizeGuide,
  groupOrder,
}: ProductDetailsProps) {
  const hydrated = useHydrated();
  const available = inStockSizes(product.sizes);
  const outOfStock = available.length === 0;
  const sizes = SIZES.filter((size) => product.sizes[size] !== undefined);
  const [size, setSize] = useState<Size | null>(available[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const [adding, setAdding] = useState(false);
  const stock = size ? (product.sizes[size] ?? 0) : 0;

  const chooseSize = (next: Size) => {
    // Pressing the chosen size again lets it go.
    setSize((previous) => (previous === next ? null : next));
    setQuantity(1);
  };

  const increase = () => {
    if (!size) {
      toast.error(PRODUCT_MESSAGES.selectSize, { id: 'product-select-size' });
    } else if (quantity >= stock) {
      toast.error(PRODUCT_MESSAGES.onlyInStock(stock), { id: 'product-quantity-limit' });
    } else {
      setQuantity(quantity + 1);
    }
  };

  const addToCart = async () => {
    if (!size) {
      toast.error(PRODUCT_MESSAGES.selectSize, { id: 'product-select-size' });
      return;
    }
    setAdding(true);
    try {
      await onAddToCart(size, quantity);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="flex flex-col">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {product.gender} · {product.category}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">
          {product.title}
        </h1>
        {outOfStock ? (
          <span className="mt-1.5 rounded-full bg-red-600 px-3 py-1 text-xs font-semibold text-white">
            Out of Stock
          </span>
        ) : product.isNew ? (
          <span className="mt-1.5 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
            New
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex items-center gap-2">
        <StarRating rating={product.rating} showValue className="[&_svg]:size-5" />
        <a href="#reviews-heading" className="text-sm text-ink-600 underline hover:text-ink-900">
          {product.reviewCount === 0
            ? 'No reviews yet'
            : `${product.reviewCount} ${product.reviewCount === 1 ? 'review' : 'reviews'}`}
        </a>
      </div>
      <p className="mt-4 text-3xl font-bold text-ink-900">{formatRupees(product.price)}</p>
      <p className="mt-1 text-sm text-ink-600">Inclusive of all taxes</p>
      <p className="mt-5 leading-relaxed text-ink-700">{product.description}</p>

      <ColorSwatches product={product} />

      {/* Until React takes over a server-rendered page, a tap on a size would be lost (decision 022). */}
      <fieldset className="mt-6" disabled={!hydrated}>
        {/* Floated, so the size guide can share the legend's line. */}
        <legend className="float-left text-sm font-semibold text-ink-900">
          Size{size ? <span className="font-normal text-ink-600">: {size}</span> : null}
        </legend>
        {sizeGuide ? <div className="float-right">{sizeGuide}</div> : null}
        {sizes.length > 0 ? (
          <div className="clear-both flex flex-wrap gap-2 pt-3">
            {sizes.map((option) => {
              const soldOut = (product.sizes[option] ?? 0) === 0;
              const chosen = option === size;
              return (
                <button
                  key={option}
                  type="button"
                  disabled={soldOut}
                  aria-pressed={chosen}
                  onClick={() => chooseSize(option)}
                  // Styled by stock, not by `disabled`: every size is disabled until hydration.
                  className={`inline-flex h-11 min-w-14 items-center justify-center rounded-xl border px-4 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${
                    soldOut
                      ? 'border-ink-200 bg-ink-50 text-ink-500 line-through'
                      : chosen
                        ? 'border-ink-900 bg-ink-900 text-white'
                        : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900'
                  }`}
                >
                  {option}
                  {soldOut ? <span className="sr-only"> (sold out)</span> : null}
                </button>
              );
            })}
          </div>
        ) : (
          <p className="clear-both pt-3 text-sm text-ink-600">No sizes</p>
        )}
        <p aria-live="polite" className="mt-3 min-h-5 text-sm font-semibold text-red-700">
          {size && stock > 0 && stock <= LOW_STOCK_THRESHOLD
            ? PRODUCT_MESSAGES.onlyLeft(stock)
            : null}
        </p>
      </fieldset>

      {outOfStock ? null : (
        <div className="mt-6">
          <p className="text-sm font-semibold text-ink-900">Quantity</p>
          <div className="mt-3">
            <QuantityStepper
              value={quantity}
              onDecrease={() => setQuantity(Math.max(1, quantity - 1))}
              onIncrease={increase}
            />
          </div>
        </div>
      )}

      <div className="mt-8 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={outOfStock || adding || !hydrated}
          onClick={addToCart}
          className={buttonStyles({ size: 'lg', className: 'w-full sm:w-auto sm:min-w-64' })}
        >
          {outOfStock ? (
            'Out of Stock'
          ) : (
            <>
              <CartIcon className="size-5" />
              Add to cart
            </>
          )}
        </button>
        {outOfStock ? null : customise?.(size)}
        {outOfStock ? null : groupOrder}
      </div>

      <ul className="mt-8 grid gap-3 border-t border-ink-200 pt-6 text-sm text-ink-700 sm:grid-cols-2">
        <li className="flex items-center gap-3">
          <TruckIcon className="size-5 shrink-0 text-brand-600" />
          Free delivery on every order
        </li>
        <li className="flex items-center gap-3">
          <ReturnIcon className="size-5 shrink-0 text-brand-600" />7 days of free returns
        </li>
      </ul>
    </div>
  );
}
