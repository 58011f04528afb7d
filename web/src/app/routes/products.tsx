import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProductPage } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { FilterIcon } from '#web/components/ui/icons.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { EmptyState, ErrorMessage } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { useProductFacets } from '#web/features/catalogue/api/get-product-facets.ts';
import { useProductFilters } from '#web/features/catalogue/api/get-product-filters.ts';
import { useProducts } from '#web/features/catalogue/api/list-products.ts';
import { ActiveFilterChips } from '#web/features/catalogue/components/active-filter-chips.tsx';
import { ProductGridSkeleton } from '#web/features/catalogue/components/product-card-skeleton.tsx';
import {
  type FilterGroup,
  ProductFiltersForm,
} from '#web/features/catalogue/components/product-filters-form.tsx';
import { ProductGrid } from '#web/features/catalogue/components/product-grid.tsx';
import { ProductSortSelect } from '#web/features/catalogue/components/product-sort-select.tsx';
import {
  countActiveFilters,
  DEFAULT_PRICE_RANGE,
  type ProductFilterValues,
  type ProductSort,
  type ProductsView,
  readProductsView,
  toListProductsQuery,
  writeProductsView,
} from '#web/features/catalogue/utils/products-view.ts';
import {
  SavedProductsProvider,
  wishlistHeartFor,
} from '#web/features/wishlist/components/wishlist-heart.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

/** Beside the filter sidebar the grid has room for fewer columns than on the home page. */
const GRID_COLUMNS = 'grid-cols-2 md:grid-cols-3 xl:grid-cols-4';
/** The cards a phone shows before scrolling (two rows of two): their pictures are the page's LCP. */
const FIRST_SCREEN_CARDS = 4;

const FILTER_SKELETON_WIDTHS = ['w-1/3', 'w-2/3', 'w-1/2', 'w-1/3', 'w-3/4', 'w-1/2'];

const COUNT = new Intl.NumberFormat('en-IN');

/**
 * The line under the heading; a page past the end says so instead of counting
 * backwards, and a listing that stopped counting says "over" (decision 028).
 */
function resultsSummary(page: ProductPage): string {
  if (page.total === 0) return 'No products match.';
  const count = `${page.moreThanTotal ? 'over ' : ''}${COUNT.format(page.total)} ${
    page.total === 1 && !page.moreThanTotal ? 'product' : 'products'
  }`;
  if (page.results.length === 0) return `No products on page ${page.page}: there are ${count}.`;
  const first = (page.page - 1) * page.limit + 1;
  return `Showing ${COUNT.format(first)}–${COUNT.format(first + page.results.length - 1)} of ${count}`;
}

/**
 * The phone's Filters button, waiting for hydration on its own: the page's switch
 * to hydrated re-renders this button, not the whole listing (decision 080).
 */
function OpenFiltersButton({
  activeFilters,
  onOpen,
}: {
  activeFilters: number;
  onOpen: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={onOpen}
      className={buttonStyles({ variant: 'outline', size: 'sm', className: 'lg:hidden' })}
    >
      <FilterIcon className="size-4" />
      Filters
      {activeFilters > 0 ? (
        <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
          {activeFilters}
          <span className="sr-only"> applied</span>
        </span>
      ) : null}
    </button>
  );
}

function hrefOf(view: ProductsView): string {
  const query = writeProductsView(view).toString();
  return query ? `${paths.products()}?${query}` : paths.products();
}

/**
 * /products (SPEC §2 Products, §4 filters): filters, sort, search and page
 * all live in the URL, so a refresh, a shared link and Back show the same list.
 */
export function ProductsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readProductsView(searchParams);
  const filterOptions = useProductFilters();
  const { sortBy: _sortBy, page: _page, ...filtersQuery } = toListProductsQuery(view);
  const products = useProducts(toListProductsQuery(view));
  const facets = useProductFacets(filtersQuery);
  const [openGroups, setOpenGroups] = useState<Record<FilterGroup, boolean>>({
    gender: true,
    category: true,
    size: true,
    color: true,
  });
  const [drawerOpen, setDrawerOpen] = useState(false);
  useDocumentTitle(view.search ? `Search: ${view.search}` : 'Products');

  const show = (next: ProductsView) => {
    const params = writeProductsView(next);
    if (params.toString() !== searchParams.toString()) setSearchParams(params);
  };
  const applyFilters = (filters: ProductFilterValues) => {
    setDrawerOpen(false);
    show({ ...view, filters, page: 1 });
  };
  const changeSort = (sortBy: ProductSort) => show({ ...view, sortBy, page: 1 });
  const toggleGroup = (group: FilterGroup) =>
    setOpenGroups((open) => ({ ...open, [group]: !open[group] }));

  const activeFilters = countActiveFilters(view.filters);
  const filtersPanel = filterOptions.isLoading ? (
    <div role="status" aria-label="Loading filters" className="flex flex-col gap-3">
      {FILTER_SKELETON_WIDTHS.map((width, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
          key={index}
          aria-hidden="true"
          className={`h-5 rounded bg-ink-100 motion-safe:animate-pulse ${width}`}
        />
      ))}
    </div>
  ) : (
    <>
      {filterOptions.error ? (
        <ErrorMessage
          message="Some filter options could not be loaded."
          onRetry={() => void filterOptions.refetch()}
        />
      ) : null}
      <ProductFiltersForm
        options={filterOptions.data ?? { genders: [], categories: [], sizes: [], colors: [] }}
        priceRange={filterOptions.data?.priceStats ?? DEFAULT_PRICE_RANGE}
        applied={view.filters}
        onApply={applyFilters}
        openGroups={openGroups}
        onToggleGroup={toggleGroup}
        counts={facets.data?.groups}
      />
    </>
  );

  const page = products.data;

  return (
    <SavedProductsProvider>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words text-ink-900">
              {view.search ? `Results for “${view.search}”` : 'All Products'}
            </h1>
            <p aria-live="polite" className="mt-1 text-sm text-ink-600">
              {page ? resultsSummary(page) : '\u00a0'}
            </p>
          </div>
          {view.search ? (
            <Link
              to={hrefOf({ ...view, search: undefined, page: 1 })}
              className="rounded-sm text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              Clear search
            </Link>
          ) : null}
        </div>

        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
          <aside aria-labelledby="filters-heading" className="hidden lg:block">
            <h2 id="filters-heading" className="mb-2 text-lg font-bold text-ink-900">
              Filters
            </h2>
            {filtersPanel}
          </aside>

          <section aria-labelledby="product-list-heading" className="min-w-0">
            {/* The filters' heading is hidden on phones: this keeps the cards' h3s under an h2 there. */}
            <h2 id="product-list-heading" className="sr-only">
              Product list
            </h2>
            <div className="mb-5 flex flex-wrap items-center justify-between gap-3 lg:justify-end">
              <OpenFiltersButton activeFilters={activeFilters} onOpen={() => setDrawerOpen(true)} />
              <ProductSortSelect value={view.sortBy} onChange={changeSort} search={view.search} />
            </div>
            <ActiveFilterChips filters={view.filters} onChange={applyFilters} />

            {products.isLoading ? (
              <ProductGridSkeleton className={GRID_COLUMNS} />
            ) : products.error ? (
              <ErrorMessage
                message={products.error.message}
                onRetry={() => void products.refetch()}
              />
            ) : page && page.results.length > 0 ? (
              <div className="flex flex-col gap-10">
                <ProductGrid
                  products={page.results}
                  emptyText="No products found"
                  className={GRID_COLUMNS}
                  cardAction={wishlistHeartFor}
                  eagerImages={FIRST_SCREEN_CARDS}
                />
                <Pagination
                  page={page.page}
                  pages={page.pages}
                  more={page.moreThanTotal}
                  hrefFor={(number) => hrefOf({ ...view, page: number })}
                />
              </div>
            ) : page && page.total > 0 ? (
              <EmptyState
                title={`There is no page ${view.page}`}
                actions={
                  <>
                    <Link to={hrefOf({ ...view, page: page.pages })} className={buttonStyles()}>
                      Go to the last page
                    </Link>
                    <Link
                      to={hrefOf({ ...view, page: 1 })}
                      className={buttonStyles({ variant: 'outline' })}
                    >
                      Go to the first page
                    </Link>
                  </>
                }
              >
                These results have {page.pages} {page.pages === 1 ? 'page' : 'pages'}.
              </EmptyState>
            ) : (
              <EmptyState
                title="No products found"
                actions={
                  <Link to={paths.products()} className={buttonStyles()}>
                    Browse all categories
                  </Link>
                }
              >
                Try adjusting your filters, check your search terms for typos, or browse all
                categories.
              </EmptyState>
            )}
          </section>
        </div>

        {drawerOpen ? (
          <Dialog
            title="Filters"
            variant="sheet"
            closeLabel="Close filters"
            onClose={() => setDrawerOpen(false)}
          >
            {filtersPanel}
          </Dialog>
        ) : null}
      </div>
    </SavedProductsProvider>
  );
}
