import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReturnRequest } from '#contract';
import { makeOrder, makeOrderItem, makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { OrderReturns } from './order-returns.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER_ID = 'c0ffee00-1111-4222-8333-9876abcd1234';
const deliveredAt = '2026-11-20T08:00:00.000Z';
const tee = makeOrderItem({
  _id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Chai Tee',
  size: 'M',
  productId: 'b0000000-0000-4000-8000-000000000001',
});
const order = makeOrder({ _id: ORDER_ID, status: 'delivered', deliveredAt, items: [tee] });

describe('OrderReturns (D31)', () => {
  it('offers Return and Exchange size within 7 days, exchanging only to sizes in stock', async () => {
    const { requests } = mockApi({
      [`GET /order/${ORDER_ID}/returns`]: apiOk([]),
      [`GET /product/${tee.productId}`]: apiOk(
        makeProduct({ _id: tee.productId, sizes: { S: 0, M: 3, L: 2 } }),
      ),
      [`POST /order/${ORDER_ID}/returns`]: apiOk({} as ReturnRequest, 201),
      [`GET /order/${ORDER_ID}`]: apiOk(order),
    });
    renderWithRouter(<OrderReturns order={order} now={new Date('2026-11-27T07:00:00.000Z')} />);

    expect(await screen.findByRole('button', { name: 'Return Chai Tee' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Exchange size of Chai Tee' }));
    const form = screen.getByRole('form', { name: 'Exchange Chai Tee' });
    const size = within(form).getByLabelText('New size');
    await vi.waitFor(() => expect(within(size).getAllByRole('option')).toHaveLength(2));
    expect(within(size).getByRole('option', { name: 'L' })).toBeInTheDocument();
    expect(within(size).queryByRole('option', { name: 'S' })).toBeNull();
    await userEvent.selectOptions(size, 'L');
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Too small');
    await userEvent.click(within(form).getByRole('button', { name: 'Request exchange' }));
    await vi.waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        items: [
          { orderItemId: tee._id, quantity: 1, kind: 'exchange', size: 'L', reason: 'too-small' },
        ],
      }),
    );
  });

  it('shows no buttons once the window closed, but still the returns and their status', async () => {
    const request: ReturnRequest = {
      _id: 'd0000000-0000-4000-8000-0000abcd0001',
      orderId: ORDER_ID,
      status: 'received',
      items: [
        {
          _id: 'e0000000-0000-4000-8000-000000000001',
          orderItemId: tee._id,
          productId: tee.productId,
          name: 'Chai Tee',
          image: tee.image,
          size: 'M',
          quantity: 1,
          kind: 'return',
          exchangeSize: null,
          reason: 'defective',
        },
      ],
      instructions: 'Pack it',
      rejectionReason: null,
      refundAmount: 499,
      refund: {
        amount: 499,
        status: 'refunded',
        method: 'debit-card',
        reference: null,
        card: { brand: 'Visa', last4: '4242' },
        createdAt: '2026-11-22T08:00:00.000Z',
        refundedAt: '2026-11-22T08:00:00.000Z',
      },
      createdAt: '2026-11-21T08:00:00.000Z',
      approvedAt: '2026-11-21T09:00:00.000Z',
      receivedAt: '2026-11-22T08:00:00.000Z',
      rejectedAt: null,
    };
    mockApi({ [`GET /order/${ORDER_ID}/returns`]: apiOk([request]) });
    renderWithRouter(<OrderReturns order={order} now={new Date('2026-11-27T09:00:00.000Z')} />);

    expect(
      await screen.findByText('Refunded ₹499.00 to Visa •••• 4242 on 22 Nov 2026'),
    ).toBeInTheDocument();
    expect(screen.getByText(/The return window closed on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Return|Exchange/ })).toBeNull();
  });
});
