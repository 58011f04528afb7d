import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /contact: contact form (SPEC §2); built in a later issue. */
export function ContactRoute() {
  return (
    <PagePlaceholder title="Contact us">
      A contact form and our contact details are coming soon.
    </PagePlaceholder>
  );
}
