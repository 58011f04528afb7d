import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /settings: account settings (D21); built in a later issue. */
export function SettingsRoute() {
  return (
    <PagePlaceholder title="Settings">
      Changing your password and signing out of all devices are coming soon.
    </PagePlaceholder>
  );
}
