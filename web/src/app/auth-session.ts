import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Session } from '#contract';
import { paths, routePaths, safeNextPath } from '#web/config/paths.ts';
import { useMergeGuestCart } from '#web/features/cart/hooks/use-merge-guest-cart.ts';
import { useGuestCartStore } from '#web/features/cart/stores/guest-cart-store.ts';
import { useMergeGuestWishlist } from '#web/features/wishlist/hooks/use-merge-guest-wishlist.ts';
import { useGuestWishlistStore } from '#web/features/wishlist/stores/guest-wishlist-store.ts';
import { onSessionExpired, SESSION_EXPIRED_MESSAGE } from '#web/lib/api-client.ts';
import { clearAuthToken, getAuthToken, setAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * Forgets the session on this device once the server has ended it: the token
 * (which drops the cached server data, lib/query-client.ts) and any visitor's
 * cart and wishlist left in the browser, so the next shopper here starts empty.
 */
export function forgetSession(): void {
  clearAuthToken();
  useGuestCartStore.getState().clear();
  useGuestWishlistStore.getState().clear();
}

/**
 * The sign-in and sign-up pages redirect to / when a token was stored on
 * arrival (SPEC §2). Read once: the token these pages store themselves must
 * not bounce the shopper before the guest cart is merged.
 */
export function useSignedInOnArrival(): boolean {
  const [signedIn] = useState(() => getAuthToken() !== null);
  return signedIn;
}

/**
 * What follows a successful sign-in or sign-up: store the token, merge the
 * visitor's cart into the account (D17), then go back to the page the
 * shopper wanted (`?next=`, D15) or home.
 */
export function useFinishSignIn(): (session: Session) => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const mergeGuestCart = useMergeGuestCart();
  const mergeGuestWishlist = useMergeGuestWishlist();
  return useCallback(
    async (session: Session) => {
      setAuthToken(session.token);
      // D17, D33: what the visitor kept in this browser joins the account.
      await Promise.all([mergeGuestCart(), mergeGuestWishlist()]);
      navigate(next, { replace: true });
    },
    [navigate, next, mergeGuestCart, mergeGuestWishlist],
  );
}

/**
 * D14: when the server refuses the stored token, api-client clears it; here
 * the cart (that account's, kept on the server) is emptied and the shopper is
 * sent to /login with a way back to where they were.
 */
export function useSessionExpiredRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  useEffect(
    () =>
      onSessionExpired(() => {
        forgetSession();
        const { pathname, search } = here.current;
        // Signing out or already signing in: nothing to redirect.
        if (pathname === routePaths.logout || pathname === routePaths.login) return;
        toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
        navigate(paths.login({ next: `${pathname}${search}` }), { replace: true });
      }),
    [navigate],
  );
}
