import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** The shared layout, fed with what it shows from features (the cart badge, the newsletter form). */
export function RootLayout() {
  const signingOut = useLocation().pathname === routePaths.logout;
  const cartCount = useCartLines({ fetch: !signingOut }).list.length;
  useCartRefresh(signingOut);
  useSessionExpiredRedirect();
  return <AppLayout cartCount={cartCount} newsletter={<NewsletterForm tone="dark" />} />;
}
