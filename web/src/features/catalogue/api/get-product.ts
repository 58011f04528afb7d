import { useQuery } from '@tanstack/react-query';
import { productQueryOptions } from '#web/lib/product-query.ts';

/** The product with this id. */
export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
