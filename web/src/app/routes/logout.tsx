import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /logout: signs out, then goes home (SPEC §2); built in a later issue. */
export function LogoutRoute() {
  return <PagePlaceholder title="Logout">Signing out is coming soon.</PagePlaceholder>;
}
