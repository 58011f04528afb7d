import { PagePlaceholder } from '#web/components/ui/page-placeholder.tsx';

/** /signin: sign-up (SPEC §2); built in a later issue. */
export function SignUpRoute() {
  return <PagePlaceholder title="Create an account">Signing up is coming soon.</PagePlaceholder>;
}
