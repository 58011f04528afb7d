import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListFilters } from '#web/components/admin/list-filters.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { PagedList } from '#web/components/ui/query-result.tsx';
import { EmptyState } from '#web/components/ui/status-message.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { ProductsCsvActions } from '#web/features/admin-csv/components/products-csv-actions.tsx';
import { useAdminProducts } from '#web/features/catalogue/api/admin-products.ts';
import { AdminProductsTable } from '#web/features/catalogue/components/admin-products-table.tsx';

const ARCHIVED_OPTIONS = [
  { value: '', label: 'All products' },
  { value: 'false', label: 'On sale' },
  { value: 'true', label: 'Archived' },
] as const;

/** /admin/products: every product, archived ones too, searched and paged. */
export function AdminProductsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.get('search') ?? '';
  const archivedParam = params.get('archived');
  const archived = archivedParam === 'true' ? true : archivedParam === 'false' ? false : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useAdminProducts({ search: search || undefined, archived, page, limit: 20 });
  const filter = archived === undefined ? '' : String(archived);

  return (
    <AdminShell
      title="Products"
      actions={
        <>
          <ProductsCsvActions />
          <Link to={paths.adminCatalogueLists()} className={buttonStyles({ variant: 'outline' })}>
            Categories and genders
          </Link>
          <Link to={paths.adminProductNew()} className={buttonStyles()}>
            New product
          </Link>
        </>
      }
    >
      <ListFilters
        searchLabel="Search products"
        search={search}
        filterLabel="Show"
        filter={filter}
        options={ARCHIVED_OPTIONS}
        onChange={(next) =>
          navigate(paths.adminProducts({ search: next.search, archived: next.filter }))
        }
      />
      <div className="mt-6 space-y-6">
        <PagedList
          query={products}
          loading="Loading products..."
          empty={<EmptyState title="No products match.">Try another search or filter.</EmptyState>}
          pagination={{
            hrefFor: (value) => paths.adminProducts({ search, archived: filter, page: value }),
          }}
        >
          {(results, { total }) => (
            <>
              <p className="text-sm text-ink-600">
                {total} {total === 1 ? 'product' : 'products'}
              </p>
              <AdminProductsTable products={results} />
            </>
          )}
        </PagedList>
      </div>
    </AdminShell>
  );
}
