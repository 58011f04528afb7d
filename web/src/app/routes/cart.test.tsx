import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartOptions, Quote } from '#contract';
import { QUANTITY_SETTLE_MS } from '#web/features/cart/api/update-cart-item.ts';
import { makeCartItem } from '#web/testing/data.ts';
import { apiOk, mockApi, type SentRequest } from '#web/testing/mock-api.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { CartRoute } from './cart.tsx';

const line = makeCartItem({ price: 500, quantity: 1, sizes: { M: 9 } });
const label = `${line.productId.title}, size M`;

function quoteFor(quantity: number, giftWrap: boolean): Quote {
  const subtotal = 500 * quantity;
  return {
    lines: [{ _id: line._id, title: line.productId.title, quantity, lineTotal: subtotal }],
    itemCount: quantity,
    subtotal,
    coupon: null,
    couponError: null,
    discount: 0,
    giftWrap: giftWrap ? 20 : 0,
    delivery: 0,
    codFee: 0,
    total: subtotal + (giftWrap ? 20 : 0),
    cashOnDelivery: { available: true, fee: 0, unavailableReason: null },
    estimatedDelivery: '2026-11-27',
  };
}

/** A server that stores what it is sent, and quotes what it has stored (plus any `extra` answers). */
function shopApi(extra: Parameters<typeof mockApi>[0] = {}) {
  const stored: { quantity: number; options: CartOptions } = {
    quantity: 1,
    options: { couponCode: null, giftWrap: false, giftMessage: '' },
  };
  const api = mockApi({
    'GET /payment/options': apiOk({ online: null }),
    'GET /cart/get-all': () => apiOk([{ ...line, quantity: stored.quantity }]),
    'GET /cart/options': () => apiOk(stored.options),
    'PUT /cart/options': ({ body }) => {
      stored.options = { ...stored.options, ...(body as Partial<CartOptions>) };
      return apiOk(stored.options);
    },
    [`PUT /cart/update/${line._id}`]: ({ body }) => {
      stored.quantity = (body as { quantity: number }).quantity;
      return apiOk({ ...line, quantity: stored.quantity, totalPrice: 500 * stored.quantity });
    },
    'GET /cart/quote': () => apiOk(quoteFor(stored.quantity, stored.options.giftWrap)),
    ...extra,
  });
  const calls = (request: SentRequest) => `${request.method} ${request.path}`;
  return { quotes: () => api.requests.filter((r) => calls(r) === 'GET /cart/quote'), api };
}

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

describe('CartRoute, signed in', () => {
  it('fetches the quote once per change, after the server has the change', async () => {
    const { quotes, api } = shopApi();
    const { user } = renderRoutes([{ path: '/cart', Component: CartRoute }], { path: '/cart' });
    const details = await screen.findByRole('region', { name: 'Price Details' });
    await waitFor(() => expect(details).toHaveTextContent('Total₹500.00'));
    expect(quotes()).toHaveLength(1);

    // Gift wrap: stored first, then one quote that includes it.
    const wrap = screen.getByRole('checkbox', { name: 'Add gift wrap' });
    await user.click(wrap);
    expect(wrap).toBeChecked();
    await waitFor(() => expect(details).toHaveTextContent('Total₹520.00'));
    const paths = api.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths.indexOf('PUT /cart/options')).toBeLessThan(paths.lastIndexOf('GET /cart/quote'));
    expect(quotes()).toHaveLength(2);

    // Two taps on +: one update, then one quote.
    const increase = screen.getByRole('button', { name: `Increase quantity of ${label}` });
    await user.click(increase);
    await user.click(increase);
    await waitFor(() => expect(details).toHaveTextContent('Total₹1,520.00'), {
      timeout: QUANTITY_SETTLE_MS * 3,
    });
    expect(quotes()).toHaveLength(3);
    expect(within(details).getByText(`3 × ${line.productId.title}`)).toBeInTheDocument();
  });

  it('keeps taps made before an older answer arrives: the next tap steps from what was tapped', async () => {
    let answerSelectAll: (response: Response) => void = () => {};
    // Unselecting every line: the server's answer (quantity 1) is held until after a tap.
    const { api } = shopApi({
      'PUT /cart/update-many': () =>
        new Promise<Response>((resolve) => {
          answerSelectAll = resolve;
        }),
    });
    const { user } = renderRoutes([{ path: '/cart', Component: CartRoute }], { path: '/cart' });
    const quantity = await screen.findByRole('status', { name: `Quantity of ${label}` });
    const increase = screen.getByRole('button', { name: `Increase quantity of ${label}` });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });

    await user.click(selectAll);
    await user.click(increase);
    expect(quantity).toHaveTextContent('2');
    answerSelectAll(apiOk([{ ...line, quantity: 1, selected: false }]));
    await waitFor(() => expect(selectAll).not.toBeChecked());
    expect(quantity).toHaveTextContent('2');

    await user.click(increase);
    await user.click(increase);
    expect(quantity).toHaveTextContent('4');
    await waitFor(
      () =>
        expect(
          api.requests.filter((request) => request.path === `/cart/update/${line._id}`),
        ).toEqual([expect.objectContaining({ body: { quantity: 4 } })]),
      { timeout: QUANTITY_SETTLE_MS * 3 },
    );
  });
});
