import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /cart: cart, checkout step 1 (SPEC §2); built in a later issue. */
export function CartRoute() {
  return (
    <PagePlaceholder title="Your cart">
      Your cart and the first checkout step are coming soon.
    </PagePlaceholder>
  );
}
