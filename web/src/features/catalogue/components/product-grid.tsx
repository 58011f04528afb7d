import type { ReactNode } from 'react';
import { ProductCard, type ProductCardProduct } from './product-card.tsx';

interface ProductGridProps {
  products: readonly ProductCardProduct[];
  /** Shown instead of the grid when there are no products. */
  emptyText: string;
  className?: string;
  /** A control each card shows over its picture (the page's wishlist heart). */
  cardAction?: (product: ProductCardProduct) => ReactNode;
  /** How many cards from the first load their picture at once (those on a phone's first screen). */
  eagerImages?: number;
}

/**
 * A card off screen is neither styled, laid out nor painted until it nears the
 * viewport (`content-visibility: auto`); until then it holds a card's height.
 * A phone's first load then renders its first screen only (decision 080).
 */
const CARD_OFF_SCREEN = '[content-visibility:auto] [contain-intrinsic-height:auto_28rem]';

/** Cards in a responsive grid: 2 columns on phones up to 5 on wide screens. */
export function ProductGrid({
  products,
  emptyText,
  className = 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5',
  cardAction,
  eagerImages = 0,
}: ProductGridProps) {
  if (products.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-ink-300 px-4 py-12 text-center text-ink-600">
        {emptyText}
      </p>
    );
  }
  return (
    <ul className={`grid gap-3 sm:gap-5 ${className}`}>
      {products.map((product, index) => (
        <li key={product._id} className={`flex ${CARD_OFF_SCREEN}`}>
          <ProductCard
            product={product}
            index={index}
            action={cardAction?.(product)}
            eagerImage={index < eagerImages}
          />
        </li>
      ))}
    </ul>
  );
}
