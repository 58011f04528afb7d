import { Link } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminConsole } from '#web/features/admin/components/admin-shell.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useUserRole } from '#web/lib/user-role.ts';
import { useSessionExpiredRedirect } from './auth-session.ts';
import { PageOutlet } from './page-outlet.tsx';
import { ShopLayout } from './root-layout.tsx';

/** What a shopper sees on an /admin page: not a 404, a plain refusal. */
function NotAllowed() {
  useDocumentTitle('Not allowed');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Not allowed</h1>
      <p className="mt-4 text-ink-600">
        This part of the shop is for its owners. Your account cannot open it.
      </p>
      <Link to={paths.home()} className={buttonStyles({ className: 'mt-8' })}>
        Back to home
      </Link>
    </section>
  );
}

/**
 * D25: under RequireAuth (so a visitor is already sent to /login), the admin
 * pages open only for an admin, in the console's own layout (issue 27); a
 * shopper gets 'Not allowed' in the shop's layout, with its menus.
 */
export function AdminLayout() {
  useSessionExpiredRedirect();
  const role = useUserRole();
  if (role === 'loading' || role === null) return <FullScreenSpinner label="Checking access" />;
  if (role !== 'admin') {
    return (
      <ShopLayout>
        <NotAllowed />
      </ShopLayout>
    );
  }
  return (
    <AdminConsole>
      <PageOutlet />
    </AdminConsole>
  );
}
