import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /product/{id}: product detail (SPEC §2); built in a later issue. */
export function ProductRoute() {
  return (
    <PagePlaceholder title="Product details">
      Pictures, sizes and stock, and adding this product to your cart, are coming soon.
    </PagePlaceholder>
  );
}
