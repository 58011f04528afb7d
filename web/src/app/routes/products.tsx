import { useSearchParams } from 'react-router';
import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /products: listing with filters and search (SPEC §2); built in a later issue. */
export function ProductsRoute() {
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim();
  return (
    <PagePlaceholder title="Products">
      {search
        ? `Results for “${search}”, with filters and sorting, are coming soon.`
        : 'The full catalogue, with filters, search and sorting, is coming soon.'}
    </PagePlaceholder>
  );
}
