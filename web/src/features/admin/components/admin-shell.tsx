import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

const LINKS = [
  { label: 'Dashboard', to: paths.admin(), end: true },
  { label: 'Products', to: paths.adminProducts(), end: false },
  { label: 'Orders', to: paths.adminOrders(), end: false },
  { label: 'Returns', to: paths.adminReturns(), end: false },
  { label: 'Customers', to: paths.adminCustomers(), end: false },
  { label: 'Refunds to pay', to: paths.adminRefunds(), end: false },
  { label: 'Messages', to: paths.adminMessages(), end: false },
  { label: 'Outbox', to: paths.adminOutbox(), end: false },
  { label: 'Promotions', to: paths.adminPromotions(), end: false },
  { label: 'Reviews', to: paths.adminReviews(), end: false },
  { label: 'Reports', to: paths.adminReports(), end: false },
  { label: 'Settings', to: paths.adminSettings(), end: false },
] as const;

interface AdminShellProps {
  title: string;
  /** Buttons at the end of the title row. */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every admin screen: the admin sections' tabs, the page title and the page. */
export function AdminShell({ title, actions, children }: AdminShellProps) {
  useDocumentTitle(`${title} · Admin`);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <nav aria-label="Admin">
        <ul className="flex flex-wrap gap-1">
          {LINKS.map((link) => (
            <li key={link.label}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-flex h-10 items-center rounded-full px-3 text-sm sm:px-4 font-semibold whitespace-nowrap ${
                    isActive ? 'bg-ink-900 text-white' : 'text-ink-700 hover:bg-ink-100'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{title}</h1>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
