import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { ScrollToTop } from '#web/components/layouts/scroll-to-top.tsx';
import { SkipLink } from '#web/components/layouts/skip-link.tsx';
import { CloseIcon, LogoMark, MenuIcon } from '#web/components/ui/icons.tsx';
import { paths } from '#web/config/paths.ts';
import { SITE_NAME } from '#web/config/site.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useNavigationMenu } from '#web/hooks/use-navigation-menu.ts';

/** The console's sections, in the order an owner works through them (issue 27). */
const LINKS = [
  { label: 'Dashboard', to: paths.admin(), end: true },
  { label: 'Orders', to: paths.adminOrders(), end: false },
  { label: 'Returns', to: paths.adminReturns(), end: false },
  // Cash refunds come from returns and cancelled orders: paid by hand, next to them.
  { label: 'Refunds to pay', to: paths.adminRefunds(), end: false },
  { label: 'Products', to: paths.adminProducts(), end: false },
  { label: 'Customers', to: paths.adminCustomers(), end: false },
  { label: 'Promotions', to: paths.adminPromotions(), end: false },
  { label: 'Reviews', to: paths.adminReviews(), end: false },
  { label: 'Messages', to: paths.adminMessages(), end: false },
  { label: 'Outbox', to: paths.adminOutbox(), end: false },
  { label: 'Reports', to: paths.adminReports(), end: false },
  { label: 'Settings', to: paths.adminSettings(), end: false },
] as const;

const linkStyles = ({ isActive }: { isActive: boolean }) =>
  `flex h-10 items-center rounded-lg px-3 text-sm font-semibold ${
    isActive ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900'
  }`;

/**
 * The admin console's own layout (issue 27): a side navigation instead of the
 * shop's header and footer. Under the lg breakpoint the navigation folds into
 * a menu under a top bar, so the pages keep the width of a phone.
 */
export function AdminConsole({ children }: { children: ReactNode }) {
  const menu = useNavigationMenu();
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <ScrollToTop />
      <header className="sticky top-0 z-40 border-b border-ink-200 bg-white lg:fixed lg:inset-y-0 lg:left-0 lg:flex lg:w-60 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex h-16 shrink-0 items-center justify-between gap-3 px-4 lg:px-5">
          <Link
            to={paths.admin()}
            className="flex items-center gap-2 rounded-md text-lg font-extrabold tracking-tight text-ink-900"
          >
            <LogoMark className="size-8 text-brand-600" />
            <span>{SITE_NAME}</span>
            <span className="rounded-md bg-ink-100 px-1.5 py-0.5 text-xs font-semibold text-ink-700">
              Admin
            </span>
          </Link>
          <button
            ref={menu.toggleRef}
            type="button"
            aria-label="Menu"
            aria-expanded={menu.open}
            aria-controls={menu.menuId}
            onClick={menu.toggle}
            className="inline-flex size-10 items-center justify-center rounded-full text-ink-700 hover:bg-ink-100 hover:text-ink-900 lg:hidden"
          >
            {menu.open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        <div
          id={menu.menuId}
          className={`${menu.open ? 'flex' : 'hidden'} max-h-[calc(100dvh-4rem)] flex-col overflow-y-auto border-t border-ink-200 px-3 py-3 lg:flex lg:max-h-none lg:flex-1 lg:border-t-0`}
        >
          <nav aria-label="Admin">
            <ul className="flex flex-col gap-0.5">
              {LINKS.map((link) => (
                <li key={link.label}>
                  <NavLink to={link.to} end={link.end} onClick={menu.close} className={linkStyles}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="mt-3 flex flex-col gap-0.5 border-t border-ink-200 pt-3 lg:mt-auto">
            <li>
              <Link to={paths.home()} className={linkStyles({ isActive: false })}>
                View the shop
              </Link>
            </li>
            <li>
              <Link to={paths.logout()} className={linkStyles({ isActive: false })}>
                Sign out
              </Link>
            </li>
          </ul>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none lg:pl-60">
        {children}
      </main>
    </div>
  );
}

interface AdminShellProps {
  title: string;
  /** Buttons at the end of the title row. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every admin screen inside the console: the page title, its buttons and the page. */
export function AdminShell({ title, actions, children }: AdminShellProps) {
  useDocumentTitle(`${title} · Admin`);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
