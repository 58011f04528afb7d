import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { productQueryOptions } from '#web/lib/product-query.ts';
import { useRecentlyViewedStore } from '../stores/recently-viewed-store.ts';
import type { ProductCardProduct } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

/** How many the row shows. */
const SHOWN = 4;

/** Remembers that this browser viewed the product (issue 16). */
export function useRecordProductView(productId: string | undefined): void {
  useEffect(() => {
    if (productId) useRecentlyViewedStore.getState().viewed(productId);
  }, [productId]);
}

interface RecentlyViewedProps {
  /** The product on screen, left out of its own row. */
  excludeId?: string;
  cardAction?: (product: ProductCardProduct) => ReactNode;
}

/** 'Recently viewed' (this browser): the last products opened here, newest first. */
export function RecentlyViewed({ excludeId, cardAction }: RecentlyViewedProps) {
  const ids = useRecentlyViewedStore((state) => state.productIds)
    .filter((id) => id !== excludeId)
    .slice(0, SHOWN);
  const results = useQueries({ queries: ids.map((id) => productQueryOptions(id)) });
  const goneKey = ids
    .filter((_, index) => {
      const error = results[index]?.error;
      return error instanceof ApiError && (error.status === 404 || error.status === 400);
    })
    .join(',');
  // A product no longer on sale leaves the row for good.
  useEffect(() => {
    for (const id of goneKey.split(',').filter(Boolean)) {
      useRecentlyViewedStore.getState().forget(id);
    }
  }, [goneKey]);

  const products = results.flatMap((result) => (result.data ? [result.data] : []));
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="mt-14">
      <h2
        id="recently-viewed-heading"
        className="mb-5 text-2xl font-bold tracking-tight text-ink-900"
      >
        Recently viewed
      </h2>
      <ProductGrid
        products={products}
        emptyText=""
        className="grid-cols-2 md:grid-cols-4"
        {...(cardAction && { cardAction })}
      />
    </section>
  );
}
