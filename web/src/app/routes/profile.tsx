import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /profile: profile (SPEC §2); built in a later issue. */
export function ProfileRoute() {
  return (
    <PagePlaceholder title="Your profile">
      Your details, addresses and orders in one place are coming soon.
    </PagePlaceholder>
  );
}
