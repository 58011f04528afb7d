import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AppLayout } from '#web/components/layouts/app-layout.tsx';
import { routePaths } from '#web/config/paths.ts';
import { selectCartLineCount, useCartStore } from '#web/features/cart/stores/cart-store.ts';
import { NewsletterForm } from '#web/features/messages/components/newsletter-form.tsx';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { useSessionExpiredRedirect } from './auth-session.ts';

/**
 * SPEC §2: on app start and on every route change, with a token, the cart is
 * fetched. Not on /logout: a cart arriving after the sign-out would outlive it.
 */
function useCartRefresh(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === routePaths.logout || getAuthToken() === null) return;
    void useCartStore.getState().fetchCart();
  }, [pathname]);
}

/** The shared layout, fed with what it shows from features (the cart badge, the newsletter form). */
export function RootLayout() {
  const cartCount = useCartStore(selectCartLineCount);
  useCartRefresh();
  useSessionExpiredRedirect();
  return <AppLayout cartCount={cartCount} newsletter={<NewsletterForm tone="dark" />} />;
}
