import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

interface AppLayoutProps {
  /** Lines in the cart, for the top bar's badge (the app passes it in: shared code reads no feature). */
  cartCount: number;
  /** The footer's newsletter form (a feature, so the app passes it in too). */
  newsletter: ReactNode;
}

/** The one layout every route sits under (SPEC §2): top bar, page, footer. */
export function AppLayout({ cartCount, newsletter }: AppLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink-900 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <SiteHeader cartCount={cartCount} />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter newsletter={newsletter} />
    </div>
  );
}
