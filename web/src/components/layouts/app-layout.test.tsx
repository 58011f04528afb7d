import { act, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setAuthToken } from '#web/lib/auth-token.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { AppLayout } from './app-layout.tsx';

function CurrentLocation() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderLayout({ cartCount = 0, path = '/' } = {}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AppLayout cartCount={cartCount} newsletter={<p>Newsletter form</p>} />,
        children: [{ path: '*', element: <CurrentLocation /> }],
      },
    ],
    { path },
  );
}

const banner = () => within(screen.getByRole('banner'));

describe('AppLayout', () => {
  it('has the landmarks: top bar, main navigation, main content and footer', () => {
    renderLayout();

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const main = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(main.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
    expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('shows a Login button to /login and no user menu without a token', () => {
    renderLayout();

    expect(banner().getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(banner().queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows the user menu instead of Login when a token is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    const { user } = renderLayout();

    expect(banner().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    const button = banner().getByRole('button', { name: 'Account' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    const menu = screen.getByRole('menu', { name: 'Account' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Profile', '/profile'],
      ['Orders', '/orders'],
      ['My designs', '/designs'],
      ['Settings', '/settings'],
      ['Logout', '/logout'],
    ]);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(items[0]).toHaveFocus();
  });

  it('works the user menu from the keyboard and closes it on navigation', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    const { user } = renderLayout();
    const button = banner().getByRole('button', { name: 'Account' });

    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('switches from Login to the user menu when a token is set later', () => {
    renderLayout();
    expect(banner().getByRole('link', { name: 'Login' })).toBeInTheDocument();

    act(() => setAuthToken('token-2'));

    expect(banner().getByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(banner().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('links the cart icon to /cart and shows the line count only above 0', () => {
    renderLayout({ cartCount: 0 });
    const cart = banner().getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart).toHaveTextContent('');
  });

  it('shows the cart badge with the line count', () => {
    renderLayout({ cartCount: 3 });
    const cart = banner().getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveTextContent('3');
  });

  it('searches: Enter in the search box goes to /products?search=text', async () => {
    const { user } = renderLayout();

    const box = banner().getByRole('searchbox', { name: 'Search products' });
    await user.type(box, '  blue hoodie {Enter}');

    expect(screen.getByTestId('location')).toHaveTextContent('/products?search=blue+hoodie');
  });

  it('searches with the search button too', async () => {
    const { user } = renderLayout();

    await user.type(banner().getByRole('searchbox', { name: 'Search products' }), 'tee');
    await user.click(banner().getByRole('button', { name: 'Search' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/products?search=tee');
  });

  it('opens the mobile menu and closes it on navigation', async () => {
    const { user } = renderLayout();
    const toggle = banner().getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    await user.click(within(mobile).getByRole('link', { name: 'Contact' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/contact');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes the mobile menu with Escape', async () => {
    const { user } = renderLayout();
    const toggle = banner().getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    within(screen.getByRole('navigation', { name: 'Mobile' }))
      .getByRole('link', { name: 'Home' })
      .focus();

    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('has a footer with About, help links, the newsletter form it is given and named social links', () => {
    renderLayout();
    const footer = within(screen.getByRole('contentinfo'));

    expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(footer.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(footer.getByText('Newsletter form')).toBeInTheDocument();
    for (const name of ['Instagram', 'Facebook', 'X', 'YouTube']) {
      expect(footer.getByRole('link', { name: `TeeCraft on ${name}` })).toBeInTheDocument();
    }
  });
});
