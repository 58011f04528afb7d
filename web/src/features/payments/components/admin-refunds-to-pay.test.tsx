import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFUND_REFERENCE_MESSAGE, type RefundToPay } from '#contract';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminRefundsToPay } from './admin-refunds-to-pay.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const refund: RefundToPay = {
  _id: '44444444-4444-4444-8444-444444444444',
  orderId: '55555555-5555-4555-8555-555555555555',
  amount: 486.52,
  reason: 'Return',
  createdAt: '2026-11-20T10:00:00.000Z',
  customer: {
    _id: '66666666-6666-4666-8666-666666666666',
    name: 'Asha Rao',
    email: 'asha@example.com',
  },
  account: { kind: 'upi', upiId: 'asha@okaxis' },
};
const page = (results: RefundToPay[]) =>
  apiOk({ results, total: results.length, page: 1, pages: 1, limit: 100 });

describe('AdminRefundsToPay (issue 25)', () => {
  it('lists each refund with where to pay it, and marks one paid with its reference', async () => {
    let waiting = [
      refund,
      { ...refund, _id: '77777777-7777-4777-8777-777777777777', account: null },
    ];
    const api = mockApi({
      'GET /admin/refunds/to-pay': () => page(waiting),
      [`POST /admin/refunds/${refund._id}/paid`]: () => {
        waiting = waiting.filter((item) => item._id !== refund._id);
        return apiOk({
          _id: refund._id,
          orderId: refund.orderId,
          amount: 486.52,
          reference: 'UTR123456',
          paidAt: '2026-11-21T10:00:00.000Z',
        });
      },
    });
    const { user } = renderWithRouter(<AdminRefundsToPay />);
    expect(screen.getByText(/pay each one by hand/)).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Refunds to pay' }));
    expect(list.getByText('Pay to: UPI ID asha@okaxis')).toBeInTheDocument();
    expect(
      list.getByText('Pay to: Waiting for the shopper’s UPI ID or bank account'),
    ).toBeInTheDocument();

    const [first] = list.getAllByRole('form');
    if (!first) throw new Error('no form');
    await user.click(within(first).getByRole('button', { name: 'Mark paid' }));
    expect(await within(first).findByText(REFUND_REFERENCE_MESSAGE)).toBeInTheDocument();

    await user.type(within(first).getByRole('textbox'), 'UTR123456');
    await user.click(within(first).getByRole('button', { name: 'Mark paid' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('Pay to: UPI ID asha@okaxis')).not.toBeInTheDocument(),
    );
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      reference: 'UTR123456',
    });
  });

  it('says when there is nothing to pay', async () => {
    mockApi({ 'GET /admin/refunds/to-pay': () => page([]) });
    renderWithRouter(<AdminRefundsToPay />);
    expect(await screen.findByText('No refunds to pay.')).toBeInTheDocument();
  });
});
