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

  const origin = 'http://shop.test';
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%09/evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5C/evil.example',
    '/%252F/evil.example',
    '/./%2F/evil.example',
    '/.//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    'https://evil.example',
    'https:evil.example',
    'HTTPS://evil.example/orders',
    'http://shop.test.evil.example/',
    'http://user@evil.example',
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,hi',
    '%2F%2Fevil.example',
    '%2f/evil.example',
    '/%2e%2e//evil.example',
  ])('stays on the shop with the hostile next %j', (next) => {
    const target = safeNextPath(next);
    expect(target).toBe('/');
    expect(new URL(target, origin).origin).toBe(origin);
  });

  it('keeps the path, query and hash of a page of this shop, resolved as the browser would', () => {
    expect(safeNextPath('/orders#latest')).toBe('/orders#latest');
    expect(safeNextPath('/products/../orders')).toBe('/orders');
    expect(safeNextPath('/products?search=a%2Fb')).toBe('/products?search=a%2Fb');
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
