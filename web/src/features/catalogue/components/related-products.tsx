import type { ReactNode } from 'react';
import { useRelatedProducts } from '../api/list-related-products.ts';
import type { ProductCardProduct } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

interface RelatedProductsProps {
  productId: string;
  cardAction?: (product: ProductCardProduct) => ReactNode;
}

/** 'You may also like' (issue 16): the server picks same category and gender, in stock. */
export function RelatedProducts({ productId, cardAction }: RelatedProductsProps) {
  const { data } = useRelatedProducts(productId);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-14">
      <h2 id="related-heading" className="mb-5 text-2xl font-bold tracking-tight text-ink-900">
        You may also like
      </h2>
      <ProductGrid
        products={data}
        emptyText=""
        className="grid-cols-2 md:grid-cols-4"
        {...(cardAction && { cardAction })}
      />
    </section>
  );
}
