import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { loadRoutesFor, routes } from './router.tsx';

const user = (role: 'admin' | 'shopper') => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  role,
});

/** An admin address no screen answers: the console's not-found page, which asks the API nothing. */
const UNKNOWN_ADMIN_PAGE = '/admin/no-such-screen';

beforeEach(async () => {
  localStorage.setItem('token', 'token-1');
  // As the app does before its first render: the lazy layout and page, loaded.
  await loadRoutesFor(UNKNOWN_ADMIN_PAGE);
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the admin console', () => {
  it("opens for an admin in a layout of its own: the side navigation, not the shop's header or footer", async () => {
    mockApi({ 'GET /user/profile': apiOk(user('admin')) });
    renderRoutes(routes, { path: UNKNOWN_ADMIN_PAGE });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['Returns', '/admin/returns'],
      ['Refunds to pay', '/admin/refunds'],
      ['Products', '/admin/products'],
      ['Customers', '/admin/customers'],
      ['Promotions', '/admin/promotions'],
      ['Reviews', '/admin/reviews'],
      ['Messages', '/admin/messages'],
      ['Outbox', '/admin/outbox'],
      ['Reports', '/admin/reports'],
      ['Settings', '/admin/settings'],
    ]);
    expect(screen.getByRole('link', { name: 'View the shop' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('folds the navigation behind a Menu button that says whether it is open', async () => {
    mockApi({ 'GET /user/profile': apiOk(user('admin')) });
    const { user: person } = renderRoutes(routes, { path: UNKNOWN_ADMIN_PAGE });
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('navigation', { name: 'Admin' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await person.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await person.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it("tells a shopper they're not allowed, in the shop's layout", async () => {
    mockApi({
      'GET /user/profile': apiOk(user('shopper')),
      'GET /cart/get-all': apiOk([]),
    });
    renderRoutes(routes, { path: UNKNOWN_ADMIN_PAGE });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Cart' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });
});
