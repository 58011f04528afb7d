import { Link } from 'react-router';
import { type AdminProduct, formatRupees, SIZES } from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { paths } from '#web/config/paths.ts';

/**
 * Products as the owner lists them, each with its colour (colours of a style
 * share a title), stock per size; each title opens the product.
 */
export function AdminProductsTable({ products }: { products: AdminProduct[] }) {
  return (
    <AdminTable
      headings={['Product', 'Price', 'Stock', 'Sold', 'State']}
      minWidthClass="min-w-[44rem]"
    >
      {products.map((product) => (
        <tr key={product._id}>
          <td className="px-4 py-3">
            <div className="flex items-center gap-3">
              {product.images[0] ? (
                <img
                  src={product.images[0].url}
                  alt=""
                  className="size-10 shrink-0 rounded-lg bg-ink-100 object-cover"
                />
              ) : (
                <span className="size-10 shrink-0 rounded-lg bg-ink-100" />
              )}
              <div>
                <Link
                  to={paths.adminProduct(product._id)}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {product.title}
                </Link>
                <span className="flex items-center gap-1.5 text-ink-600">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full border border-ink-300"
                    style={{ backgroundColor: product.color.hex }}
                  />
                  <span>
                    {product.color.name} · {product.gender} · {product.category}
                  </span>
                </span>
              </div>
            </div>
          </td>
          <td className="px-4 py-3 font-semibold text-ink-900">{formatRupees(product.price)}</td>
          <td className="px-4 py-3 text-ink-700">
            {SIZES.filter((size) => product.sizes[size] !== undefined)
              .map((size) => `${size} ${product.sizes[size]}`)
              .join(' · ') || 'No sizes'}
          </td>
          <td className="px-4 py-3 text-ink-700">{product.unitsSold}</td>
          <td className="px-4 py-3">
            {product.archived ? (
              <span className="rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800">
                Archived
              </span>
            ) : (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
                On sale
              </span>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
