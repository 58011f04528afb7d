import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { RequireAdmin } from './require-admin.tsx';

const user = (role: 'admin' | 'shopper') => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  role,
});

function renderAdminPage() {
  return renderRoutes(
    [{ Component: RequireAdmin, children: [{ path: '/admin', element: <h1>Dashboard</h1> }] }],
    { path: '/admin' },
  );
}

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('RequireAdmin', () => {
  it('opens the admin page for an admin', async () => {
    mockApi({ 'GET /user/profile': apiOk(user('admin')) });
    renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("tells a shopper they're not allowed", async () => {
    mockApi({ 'GET /user/profile': apiOk(user('shopper')) });
    renderAdminPage();
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
