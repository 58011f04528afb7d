import { useState } from 'react';
import { Link } from 'react-router';
import { formatRupees, type Product, SIZES, type Size } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { TrashIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { selectedOption } from '#web/utils/select-option.ts';

interface WishlistListProps {
  products: readonly Product[];
  onRemove: (productId: string) => void;
  /** Adds one of the chosen size; the cart says how it went. */
  onAddToCart: (product: Product, size: Size) => Promise<unknown>;
}

const inStock = (product: Product) => SIZES.filter((size) => (product.sizes[size] ?? 0) > 0);

/** The saved products (D33) with their price and stock now, each one step from the cart. */
export function WishlistList({ products, onRemove, onAddToCart }: WishlistListProps) {
  return (
    <ul className="flex flex-col divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
      {products.map((product) => (
        <WishlistRow
          key={product._id}
          product={product}
          onRemove={onRemove}
          onAddToCart={onAddToCart}
        />
      ))}
    </ul>
  );
}

function WishlistRow({
  product,
  onRemove,
  onAddToCart,
}: { product: Product } & Omit<WishlistListProps, 'products'>) {
  const sizes = inStock(product);
  const [size, setSize] = useState<Size | ''>(sizes[0] ?? '');
  const [adding, setAdding] = useState(false);
  const image = product.images[0]?.url;
  const add = async () => {
    if (!size) return;
    setAdding(true);
    try {
      await onAddToCart(product, size);
    } finally {
      setAdding(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-4 p-4">
      <Link to={paths.product(product._id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {image ? (
          <img
            src={image}
            alt=""
            width={80}
            height={100}
            className="h-25 w-20 rounded-lg bg-ink-100 object-cover"
          />
        ) : (
          <span className="block h-25 w-20 rounded-lg bg-ink-100" />
        )}
      </Link>
      <div className="min-w-40 flex-1">
        <h2 className="font-semibold text-ink-900">
          <Link to={paths.product(product._id)} className="rounded-sm hover:text-brand-700">
            {product.title}
          </Link>
        </h2>
        <p className="mt-1 text-lg font-bold text-ink-900">{formatRupees(product.price)}</p>
        <p
          className={`text-sm ${sizes.length > 0 ? 'text-green-800' : 'font-semibold text-red-700'}`}
        >
          {sizes.length > 0 ? `In stock: ${sizes.join(', ')}` : 'Out of stock'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {sizes.length > 0 ? (
          <>
            <label className="flex items-center gap-2 text-sm text-ink-800">
              Size
              <select
                value={size}
                onChange={(event) => setSize(selectedOption(SIZES, event.target.value) ?? '')}
                className="h-9 rounded-lg border border-ink-300 bg-white px-2"
              >
                {sizes.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              disabled={adding}
              aria-label={`Add to cart: ${product.title}`}
              onClick={() => void add()}
              className={buttonStyles({ size: 'sm' })}
            >
              Add to cart
            </button>
          </>
        ) : null}
        <button
          type="button"
          aria-label={`Remove: ${product.title}`}
          onClick={() => onRemove(product._id)}
          className={buttonStyles({ variant: 'ghost', size: 'sm' })}
        >
          <TrashIcon className="size-4" />
          Remove
        </button>
      </div>
    </li>
  );
}
