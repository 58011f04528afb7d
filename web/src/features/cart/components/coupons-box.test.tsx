import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartOptions, Quote } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { CouponsBox } from './coupons-box.tsx';

const base: Quote = {
  lines: [],
  itemCount: 0,
  subtotal: 0,
  coupon: null,
  couponError: null,
  discount: 0,
  giftWrap: 0,
  delivery: 0,
  codFee: 0,
  total: 0,
  cashOnDelivery: { available: true, fee: 0, unavailableReason: null },
  estimatedDelivery: '2026-11-24',
};
const applied: Quote = { ...base, coupon: { code: 'MAX500', description: '2.5% off, up to ₹500' } };
const newCart: CartOptions = { couponCode: 'MAX500', giftWrap: false, giftMessage: '' };

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CouponsBox', () => {
  it("shows the cart's MAX500; its × removes it on the server", async () => {
    const api = mockApi({
      'GET /cart/options': apiOk(newCart),
      'PUT /cart/options': apiOk({ ...newCart, couponCode: null }),
    });
    const { user } = renderWithRouter(<CouponsBox quote={applied} />);

    expect(screen.getByText('MAX500')).toBeInTheDocument();
    expect(screen.getByText('2.5% off, up to ₹500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove coupon MAX500' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        couponCode: null,
      }),
    );
  });

  it('sends a typed code upper-cased, and shows why the server refused it', async () => {
    const api = mockApi({
      'GET /cart/options': apiOk({ ...newCart, couponCode: null }),
      'PUT /cart/options': apiFail(400, 'This coupon code is not valid', [
        { field: 'couponCode', message: 'This coupon code is not valid' },
      ]),
    });
    const { user } = renderWithRouter(<CouponsBox quote={base} />);

    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'nope10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'NOPE10: This coupon code is not valid',
    );
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      couponCode: 'NOPE10',
    });
  });

  it("says why the cart's coupon does not apply to the selection", async () => {
    mockApi({ 'GET /cart/options': apiOk(newCart) });
    renderWithRouter(
      <CouponsBox
        quote={{ ...base, couponError: 'This coupon needs an order of at least ₹999' }}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'MAX500: This coupon needs an order of at least ₹999',
    );
  });
});
