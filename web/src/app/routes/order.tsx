import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /order/{id}: order detail (SPEC §2); built in a later issue. */
export function OrderRoute() {
  return (
    <PagePlaceholder title="Order details">
      The details of each order are coming soon.
    </PagePlaceholder>
  );
}
