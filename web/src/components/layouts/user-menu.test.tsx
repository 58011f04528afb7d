import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { UserMenu } from './user-menu.tsx';

const profile = (role: 'admin' | 'shopper') => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  role,
});

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('UserMenu and the role (D25)', () => {
  it('lists Admin before Logout for an admin, asking for the role once', async () => {
    const { requests } = mockApi({ 'GET /user/profile': apiOk(profile('admin')) });
    const { user } = renderWithRouter(<UserMenu />);
    expect(requests).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    const menu = screen.getByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'Admin' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Orders', 'My designs', 'Settings', 'Admin', 'Logout']);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin' })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('never lists Admin for a shopper', async () => {
    const { requests } = mockApi({ 'GET /user/profile': apiOk(profile('shopper')) });
    const { user, queryClient } = renderWithRouter(<UserMenu />);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });
});
