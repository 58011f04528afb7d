import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRupees, type Product } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { StarRating } from '#web/components/ui/star-rating.tsx';
import { paths } from '#web/config/paths.ts';
import { inStockSizes } from '../utils/stock.ts';

export type ProductCardProduct = Pick<
  Product,
  '_id' | 'title' | 'price' | 'rating' | 'images' | 'sizes' | 'isNew' | 'color' | 'colors'
> & {
  /** Marks a product shoppers may design on (issue 28); a card kept from before may lack it. */
  customisation?: Pick<Product['customisation'], 'customisable'>;
};

interface ProductCardProps {
  product: ProductCardProduct;
  /** Position in its grid: card n fades in 0.1 s × n after the first (SPEC §2, §9). */
  index?: number;
  /** A control shown over the picture's top right corner (the wishlist heart, D33). */
  action?: ReactNode;
  /** In the first screenful: the picture loads at once, first in line (it is what paints last). */
  eagerImage?: boolean;
}

/** One product in a listing (SPEC §2 Product card, §4 states). */
export function ProductCard({ product, index = 0, action, eagerImage = false }: ProductCardProps) {
  const href = paths.product(product._id);
  const sizes = inStockSizes(product.sizes);
  const outOfStock = sizes.length === 0;
  const image = product.images[0]?.url;

  return (
    <article
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm transition-shadow hover:shadow-md motion-safe:animate-fade-in-up"
      style={{ animationDelay: `${(index * 0.1).toFixed(1)}s` }}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-100">
        {image ? (
          <img
            src={image}
            alt={product.title}
            width={400}
            height={500}
            loading={eagerImage ? 'eager' : 'lazy'}
            fetchPriority={eagerImage ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-ink-600">
            No picture yet
          </span>
        )}
        {outOfStock ? (
          <span className="absolute top-3 left-3 rounded-full bg-red-600 px-2.5 py-1 text-xs font-semibold text-white">
            Out of Stock
          </span>
        ) : product.isNew ? (
          <span className="absolute top-3 left-3 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white">
            New
          </span>
        ) : null}
        {product.customisation?.customisable ? (
          <span className="absolute bottom-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
            Customisable
          </span>
        ) : null}
        {action ? <div className="absolute top-2 right-2 z-10">{action}</div> : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base font-semibold text-ink-900">
          {/* Its ::after covers the picture above, so the picture opens the product too without a
              second link per card (fewer elements and links to hydrate, decision 080). */}
          <Link
            to={href}
            className="rounded-sm after:absolute after:inset-x-0 after:top-0 after:aspect-[4/5] hover:text-brand-700"
          >
            {product.title}
          </Link>
        </h3>
        <StarRating rating={product.rating} showValue />
        <p className="flex items-center gap-2 text-sm text-ink-700">
          <span
            aria-hidden="true"
            className="size-3.5 shrink-0 rounded-full border border-ink-300"
            style={{ backgroundColor: product.color.hex }}
          />
          {product.color.name}
          {product.colors.length > 1 ? (
            <span className="text-ink-600">· {product.colors.length} colours</span>
          ) : null}
        </p>
        <p className="text-lg font-bold text-ink-900">{formatRupees(product.price)}</p>
        <p className="text-sm text-ink-600">
          {sizes.length > 0 ? `Sizes: ${sizes.join(', ')}` : 'No sizes'}
        </p>
        <div className="mt-auto pt-2">
          {outOfStock ? (
            <button
              type="button"
              disabled
              className={buttonStyles({ variant: 'primary', size: 'sm', className: 'w-full' })}
            >
              Out of Stock
            </button>
          ) : (
            <Link
              to={href}
              className={buttonStyles({ variant: 'primary', size: 'sm', className: 'w-full' })}
            >
              View Details<span className="sr-only">: {product.title}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
