import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /payment-done/{id}: order success (SPEC §2); built in a later issue. */
export function PaymentDoneRoute() {
  return (
    <PagePlaceholder title="Order placed">
      The order confirmation page is coming soon.
    </PagePlaceholder>
  );
}
