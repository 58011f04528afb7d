import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppLayout } from '#web/components/layouts/app-layout.tsx';
import { routePaths } from '#web/config/paths.ts';
import { cartKeys } from '#web/features/cart/api/cart-keys.ts';
import { useCartLines } from '#web/features/cart/hooks/use-cart-lines.ts';
import { NewsletterForm } from '#web/features/messages/components/newsletter-form.tsx';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { useSessionExpiredRedirect } from './auth-session.ts';

/**
 * SPEC §2: on app start and on every route change, with a token, the cart is
 * fetched (app start is the cart query's first load). Not on /logout: a cart
 * arriving after the sign-out would outlive it.
 */
function useCartRefresh(signingOut: boolean): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is what asks for a fresh read.
  useEffect(() => {
    if (signingOut || getAuthToken() === null) return;
    void queryClient.invalidateQueries({ queryKey: cartKeys.lines });
  }, [pathname, signingOut, queryClient]);
}

/**
 * The shop's layout, fed with what it shows from features (the cart badge,
 * the newsletter form), around `children` or else the route's child.
 */
export function ShopLayout({ children }: { children?: ReactNode }) {
  const signingOut = useLocation().pathname === routePaths.logout;
  const cartCount = useCartLines({ fetch: !signingOut }).list.length;
  useCartRefresh(signingOut);
  return (
    <AppLayout cartCount={cartCount} newsletter={<NewsletterForm tone="dark" />}>
      {children}
    </AppLayout>
  );
}

/** The shop's pages: its layout, and a sign-in page when the server has ended the session. */
export function RootLayout() {
  useSessionExpiredRedirect();
  return <ShopLayout />;
}
