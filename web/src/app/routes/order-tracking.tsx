import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /order/{id}/track: order tracking (D20); built in a later issue. */
export function OrderTrackingRoute() {
  return (
    <PagePlaceholder title="Track your order">
      Following your order from dispatch to delivery is coming soon.
    </PagePlaceholder>
  );
}
