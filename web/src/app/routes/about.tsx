import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /about: about the shop (D26); built in a later issue. */
export function AboutRoute() {
  return (
    <PagePlaceholder title="About us">
      The story of our shop and how we make our tees is coming soon.
    </PagePlaceholder>
  );
}
