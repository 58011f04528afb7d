import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /orders: order list (SPEC §2); built in a later issue. */
export function OrdersRoute() {
  return <PagePlaceholder title="Your orders">Your order history is coming soon.</PagePlaceholder>;
}
