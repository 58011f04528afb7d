import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useAdminProduct } from '#web/features/catalogue/api/admin-products.ts';
import { ProductForm } from '#web/features/catalogue/components/product-form.tsx';
import { ProductLifecycle } from '#web/features/catalogue/components/product-lifecycle.tsx';

/** /admin/products/new: a new product; saved, it opens for editing. */
export function AdminProductNewRoute() {
  const navigate = useNavigate();
  return (
    <AdminShell title="New product">
      <BackLink to={paths.adminProducts()}>All products</BackLink>
      <div className="mt-4 max-w-3xl">
        <ProductForm
          onSaved={(saved) => navigate(paths.adminProduct(saved._id), { replace: true })}
        />
      </div>
    </AdminShell>
  );
}

/** /admin/products/:id: edit, delete (or archive) and restore a product. */
export function AdminProductEditRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const product = useAdminProduct(id);
  const data = product.data;
  return (
    <AdminShell
      title={data ? data.title : 'Product'}
      actions={
        data ? (
          <ProductLifecycle
            product={data}
            onDeleted={() => navigate(paths.adminProducts(), { replace: true })}
          />
        ) : null
      }
    >
      <BackLink to={paths.adminProducts()}>All products</BackLink>
      <div className="mt-4 max-w-3xl space-y-4">
        <QueryResult query={product} loading="Loading product...">
          {(current) => (
            <>
              {current.archived ? (
                <p
                  role="status"
                  className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900"
                >
                  Archived: this product is not in the shop. Orders that include it keep it.
                </p>
              ) : (
                <p className="text-sm text-ink-600">
                  {current.unitsSold} sold ·{' '}
                  <Link to={paths.product(current._id)} className="font-semibold text-brand-700">
                    View in the shop
                  </Link>
                </p>
              )}
              {/* A fresh form for each saved version, so its boxes show what was saved. */}
              <ProductForm key={current.updatedAt} product={current} />
            </>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
