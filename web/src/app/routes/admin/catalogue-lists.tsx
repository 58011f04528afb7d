import { Link } from 'react-router';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useCatalogueLists } from '#web/features/catalogue/api/catalogue-lists.ts';
import { CatalogueListEditor } from '#web/features/catalogue/components/catalogue-list-editor.tsx';

/** /admin/products/lists: the categories and genders products pick from (issue 27). */
export function AdminCatalogueListsRoute() {
  const lists = useCatalogueLists();
  return (
    <AdminShell title="Categories and genders">
      <p className="max-w-2xl text-sm text-ink-600">
        Products pick their category and gender from these lists. A rename or a merge changes every
        product that has the name, and the shop&apos;s filters with them.{' '}
        <Link to={paths.adminProducts()} className="font-semibold text-brand-700 hover:underline">
          Back to products
        </Link>
      </p>
      <div className="mt-6 space-y-10">
        <QueryResult query={lists} loading="Loading the lists...">
          {({ categories, genders }) => (
            <>
              <CatalogueListEditor list="category" entries={categories} />
              <CatalogueListEditor list="gender" entries={genders} />
            </>
          )}
        </QueryResult>
      </div>
    </AdminShell>
  );
}
