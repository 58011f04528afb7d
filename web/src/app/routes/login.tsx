import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /login: sign-in (SPEC §2); built in a later issue. */
export function LoginRoute() {
  return <PagePlaceholder title="Login">Signing in is coming soon.</PagePlaceholder>;
}
