import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { SkipLink } from './skip-link.tsx';

interface AppLayoutProps {
  /** Lines in the cart, for the top bar's badge (the app passes it in: shared code reads no feature). */
  cartCount: number;
  /** The footer's newsletter form (a feature, so the app passes it in too). */
  newsletter: ReactNode;
  /** The page; the route's child (`<Outlet />`) unless given. */
  children?: ReactNode;
}

/** The shop's layout (SPEC §2): top bar, page, footer. The admin console has its own (issue 27). */
export function AppLayout({ cartCount, newsletter, children }: AppLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ScrollToTop />
      <SiteHeader cartCount={cartCount} />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <SiteFooter newsletter={newsletter} />
    </div>
  );
}
