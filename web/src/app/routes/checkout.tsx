import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /checkout: checkout step 2 (SPEC §2); built in a later issue. */
export function CheckoutRoute() {
  return (
    <PagePlaceholder title="Checkout">
      Choosing a delivery address and paying are coming soon.
    </PagePlaceholder>
  );
}
