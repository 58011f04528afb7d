import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type {
  CatalogueReader,
  Product,
  ProductPage,
  ProductReviewsPage,
  SharedDesign,
} from '#contract';
import { routePaths } from '#web/config/paths.ts';
import { productFiltersQueryOptions } from '#web/features/catalogue/api/get-product-filters.ts';
import {
  type ListProductsInput,
  productsQueryOptions,
} from '#web/features/catalogue/api/list-products.ts';
import {
  type ProductsView,
  readProductsView,
  toListProductsQuery,
} from '#web/features/catalogue/utils/products-view.ts';
import { sharedDesignQueryOptions } from '#web/features/designer/api/shared-designs.ts';
import { productReviewsQueryOptions } from '#web/features/reviews/api/reviews-api.ts';
import { ApiError, serialiseQuery } from '#web/lib/api-client.ts';
import { productQueryOptions } from '#web/lib/product-query.ts';
import { BEST_SELLERS_QUERY, LATEST_QUERY } from '../routes/home.tsx';

/** A server-rendered page and what it read, for its head (page-head.ts). */
export type PageData =
  | { page: 'home'; latest: ProductPage | undefined }
  | { page: 'products'; view: ProductsView; results: ProductPage | undefined }
  | {
      page: 'product';
      id: string;
      product: Product | undefined;
      /** The first page of its reviews, for the page and its JSON-LD. */
      reviews: ProductReviewsPage | undefined;
      notFound: boolean;
    }
  | {
      page: 'sharedDesign';
      token: string;
      shared: SharedDesign | undefined;
      /** Never shared, or its owner stopped sharing it (issue 29). */
      notFound: boolean;
    };

/** The reader's failure as the browser's fetchers report it, so a page shows it the same way. */
function asApiError(error: unknown): ApiError {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, (error as Error).message);
  }
  return new ApiError(500, 'The shop is having trouble right now. Please try again shortly.');
}

/**
 * Fills the query cache for the page at `url` with what the browser's
 * fetchers would have read, under the same keys, so the page renders with its
 * data on the server and hydrates without asking again (decision 022).
 * Undefined for a page that is rendered in the browser only.
 */
export async function loadPageData(
  url: URL,
  catalogue: CatalogueReader,
  queryClient: QueryClient,
): Promise<PageData | undefined> {
  const fill = async <T>(
    options: { queryKey: readonly unknown[] },
    read: () => Promise<T>,
  ): Promise<T | undefined> => {
    await queryClient.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: () => read().catch((error: unknown) => Promise.reject(asApiError(error))),
    });
    return queryClient.getQueryData<T>(options.queryKey);
  };
  const list = (query: ListProductsInput) =>
    fill(productsQueryOptions(query), () =>
      catalogue.listProducts(Object.fromEntries(new URLSearchParams(serialiseQuery(query)))),
    );

  const path = url.pathname;
  if (matchPath(routePaths.home, path)) {
    const [latest] = await Promise.all([list(LATEST_QUERY), list(BEST_SELLERS_QUERY)]);
    return { page: 'home', latest };
  }
  if (matchPath(routePaths.products, path)) {
    const view = readProductsView(url.searchParams);
    const [results] = await Promise.all([
      list(toListProductsQuery(view)),
      fill(productFiltersQueryOptions(), () => catalogue.getProductFilters()),
    ]);
    return { page: 'products', view, results };
  }
  const id = matchPath(routePaths.product, path)?.params.id;
  if (id !== undefined) {
    const [product, reviews] = await Promise.all([
      fill(productQueryOptions(id), () => catalogue.getProduct(id)),
      fill(productReviewsQueryOptions(id, 1), () => catalogue.listProductReviews(id)),
    ]);
    const error = queryClient.getQueryState(productQueryOptions(id).queryKey)?.error;
    return { page: 'product', id, product, reviews, notFound: error?.status === 404 };
  }
  const token = matchPath(routePaths.sharedDesign, path)?.params.token;
  if (token !== undefined) {
    const options = sharedDesignQueryOptions(token);
    const shared = await fill(options, () => catalogue.getSharedDesign(token));
    const error = queryClient.getQueryState(options.queryKey)?.error;
    return { page: 'sharedDesign', token, shared, notFound: error?.status === 404 };
  }
  return undefined;
}
