import { act, screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#contract';
import {
  GUEST_LINE_PREFIX,
  useGuestCartStore,
} from '#web/features/cart/stores/guest-cart-store.ts';
import { useGuestWishlistStore } from '#web/features/wishlist/stores/guest-wishlist-store.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { makeCartItem } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootLayout } from './root-layout.tsx';
import { LoginRoute } from './routes/login.tsx';
import { LogoutRoute } from './routes/logout.tsx';
import { SignUpRoute } from './routes/sign-up.tsx';

const session: Session = {
  token: 'token-new',
  expiresAt: '2026-12-01T10:00:00.000Z',
  user: { _id: 'u1', name: 'Asha Rao', email: 'asha@example.com', phone: '', role: 'shopper' },
};

/** The real layout and auth pages around stand-ins for the other pages. */
const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, element: <h1>Home page</h1> },
      { path: 'products', element: <h1>Products page</h1> },
      { path: 'login', Component: LoginRoute },
      { path: 'signin', Component: SignUpRoute },
      { path: 'logout', Component: LogoutRoute },
      { Component: RequireAuth, children: [{ path: 'orders', element: <h1>Orders page</h1> }] },
    ],
  },
];

function guestLine() {
  const line = makeCartItem({ size: 'L', quantity: 2 });
  return { ...line, _id: `${GUEST_LINE_PREFIX}1` };
}

const here = (router: ReturnType<typeof renderRoutes>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    toast.remove();
    useGuestCartStore.getState().clear();
    useGuestWishlistStore.getState().clear();
  });
});

async function fillLogin(user: ReturnType<typeof renderRoutes>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('route guard and sign-in (D15, D17)', () => {
  it('sends a visitor from a guarded page to /login, then back there with the guest cart merged', async () => {
    const line = guestLine();
    act(() =>
      useGuestCartStore.setState({ list: [line], totalPrice: line.totalPrice, totalProduct: 1 }),
    );
    const merged = makeCartItem({ size: 'L', quantity: 2 });
    const api = mockApi({
      'POST /auth/login': apiOk(session),
      'POST /cart/merge': apiOk([merged]),
      'GET /cart/get-all': apiOk([merged]),
    });
    const { router, user } = renderRoutes(routes, { path: '/orders' });

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(here(router)).toBe('/login?next=%2Forders');
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/signin?next=%2Forders',
    );

    await fillLogin(user);

    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    expect(getAuthToken()).toBe('token-new');
    const merge = api.requests.find((request) => request.path === '/cart/merge');
    expect(merge?.body).toEqual({
      items: [{ productId: line.productId._id, size: 'L', quantity: 2 }],
    });
    // The visitor's lines are in the account now, and no longer in the browser.
    expect(useGuestCartStore.getState().list).toEqual([]);
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Account' }),
    ).toBeVisible();
  });

  it("merges the visitor's saved products into the account's wishlist at sign-in (D33)", async () => {
    act(() => useGuestWishlistStore.setState({ productIds: ['tee-1', 'tee-2'] }));
    const api = mockApi({
      'POST /auth/login': apiOk(session),
      'POST /wishlist/merge': apiOk([]),
      'GET /cart/get-all': apiOk([]),
    });
    const { user } = renderRoutes(routes, { path: '/login' });

    await fillLogin(user);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    const merge = api.requests.find((request) => request.path === '/wishlist/merge');
    expect(merge?.body).toEqual({ productIds: ['tee-1', 'tee-2'] });
    expect(merge?.headers.get('authorization')).toBe('Bearer token-new');
    // In the account now, and no longer in the browser.
    expect(useGuestWishlistStore.getState().productIds).toEqual([]);
  });

  it('keeps the saved products in the browser when the merge fails', async () => {
    act(() => useGuestWishlistStore.setState({ productIds: ['tee-1'] }));
    mockApi({
      'POST /auth/login': apiOk(session),
      'POST /wishlist/merge': apiFail(503, 'The shop is resting'),
      'GET /cart/get-all': apiOk([]),
    });
    const { user } = renderRoutes(routes, { path: '/login' });

    await fillLogin(user);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(await screen.findByText('The shop is resting')).toBeInTheDocument();
    expect(useGuestWishlistStore.getState().productIds).toEqual(['tee-1']);
  });

  it('does not follow a next that leaves the shop', async () => {
    mockApi({
      'POST /auth/login': apiOk(session),
      'POST /cart/merge': apiOk([]),
      'GET /cart/get-all': apiOk([]),
    });
    const { router, user } = renderRoutes(routes, { path: '/login?next=//evil.test/x' });

    await fillLogin(user);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(here(router)).toBe('/');
  });

  it('signs up, merges the guest cart and goes home', async () => {
    act(() => useGuestCartStore.setState({ list: [guestLine()], totalProduct: 1 }));
    const api = mockApi({
      'POST /auth/signup': apiOk(session, 201),
      'POST /cart/merge': apiOk([]),
      'GET /cart/get-all': apiOk([]),
    });
    const { user } = renderRoutes(routes, { path: '/signin' });

    await user.type(await screen.findByLabelText('Full Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email Address'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(getAuthToken()).toBe('token-new');
    expect(api.requests.map((request) => request.path)).toContain('/cart/merge');
  });

  it.each([
    '/login',
    '/signin',
  ])('sends a shopper with a stored token from %s to /', async (path) => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-old');
    mockApi({ 'GET /cart/get-all': apiOk([]) });
    const { router } = renderRoutes(routes, { path });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(here(router)).toBe('/');
  });
});

describe('a refused token (D14)', () => {
  it('clears the token and the cart and sends the shopper to /login, keeping the page', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-old');
    act(() =>
      useGuestCartStore.setState({ list: [guestLine()], totalPrice: 998, totalProduct: 1 }),
    );
    mockApi({ 'GET /cart/get-all': apiFail(401, 'Your session has ended') });
    const { router } = renderRoutes(routes, { path: '/products' });

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(here(router)).toBe('/login?next=%2Fproducts');
    expect(await screen.findByText('Please log in to continue.')).toBeInTheDocument();
    expect(getAuthToken()).toBeNull();
    expect(useGuestCartStore.getState().list).toEqual([]);
  });
});

describe('/logout', () => {
  it('ends the session on the server, forgets the token and the cart, then goes home', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-old');
    act(() =>
      useGuestCartStore.setState({ list: [guestLine()], totalPrice: 998, totalProduct: 1 }),
    );
    const api = mockApi({ 'POST /auth/logout': apiOk(null) });
    const { router } = renderRoutes(routes, { path: '/logout' });

    expect(screen.getByRole('status', { name: 'Signing you out' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(here(router)).toBe('/');
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /auth/logout',
    ]);
    expect(api.requests[0]?.headers.get('authorization')).toBe('Bearer token-old');
    expect(getAuthToken()).toBeNull();
    expect(useGuestCartStore.getState().list).toEqual([]);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('still signs out on this device when the shop cannot be reached, and says so', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-old');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderRoutes(routes, { path: '/logout' });

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(getAuthToken()).toBeNull();
    expect(await screen.findByText(/You are signed out on this device/)).toBeInTheDocument();
  });
});
