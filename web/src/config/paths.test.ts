import { describe, expect, it } from 'vitest';
import { paths, safeNextPath } from './paths.ts';

describe('sign-in return paths (D15)', () => {
  it('keeps a page of this shop, with its query', () => {
    expect(safeNextPath('/orders')).toBe('/orders');
    expect(safeNextPath('/products?search=tee')).toBe('/products?search=tee');
  });

  it.each([
    null,
    '',
    'orders',
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    '/login',
    '/signin?next=/cart',
    '/logout',
  ])('goes home instead of %s', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('builds /login and /signin links that carry the page, and none for home', () => {
    expect(paths.login({ next: '/order/a1?x=1' })).toBe('/login?next=%2Forder%2Fa1%3Fx%3D1');
    expect(paths.signUp({ next: '/cart' })).toBe('/signin?next=%2Fcart');
    expect(paths.login({ next: '/' })).toBe('/login');
    expect(paths.login()).toBe('/login');
  });

  it('puts a password reset token in the link', () => {
    expect(paths.resetPassword('a+b/c')).toBe('/reset-password?token=a%2Bb%2Fc');
  });
});
