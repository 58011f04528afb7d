import { Link, useNavigate, useParams } from 'react-router';
import { type GstRateSettings, gstRatesOf } from '#contract';
import { BackLink } from '#web/components/ui/back-link.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useTaxSettings } from '#web/features/business/api/business-settings.ts';
import { useAdminProduct } from '#web/features/catalogue/api/admin-products.ts';
import { ProductForm } from '#web/features/catalogue/components/product-form.tsx';
import { ProductLifecycle } from '#web/features/catalogue/components/product-lifecycle.tsx';

/** The owner's GST rates for the form's price warning; the law's until they load (issue 26). */
function useGstRates(): GstRateSettings | undefined {
  const tax = useTaxSettings();
  return tax.data ? gstRatesOf(tax.data) : undefined;
}

/** /admin/products/new: a new product; saved, it opens for editing. */
export function AdminProductNewRoute() {
  const navigate = useNavigate();
  const gstRates = useGstRates();
  return (
    <AdminShell title="New product">
      <BackLink to={paths.adminProducts()}>All products</BackLink>
      <div className="mt-4 max-w-3xl">
        <ProductForm
          gstRates={gstRates}
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
  const gstRates = useGstRates();
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
              <ProductForm key={current.updatedAt} product={current} gstRates={gstRates} />
            </>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
