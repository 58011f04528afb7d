import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CUSTOMISATION,
  designColorHex,
  type Order,
  PAYMENT_NOT_COMPLETED,
} from '#contract';
import { ordersQueryOptions } from '#web/features/orders/api/list-orders.ts';
import { makeOrder, makeOrderItem, makeProfile } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { fakeRazorpayCheckout } from '#web/testing/razorpay.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { OrderRoute } from './order.tsx';

function serve(order: Order, cancel?: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      if (init?.method === 'POST' && cancel) return cancel();
      if (String(input) === `/api/v1/order/${order._id}`) {
        return Response.json({ success: true, result: order });
      }
      return Response.json({ success: false, message: 'Order not found' }, { status: 404 });
    }),
  );
}

function renderOrder(id: string) {
  return renderRoutes([{ path: '/order/:id', Component: OrderRoute }], { path: `/order/${id}` });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderRoute', () => {
  it("shows the order with the server's numbers", async () => {
    const order = makeOrder({
      _id: 'c0ffee00-1111-4222-8333-9876abcd1234',
      items: [
        makeOrderItem({ name: 'Chai & Code Tee', size: 'M', price: 599, quantity: 2 }),
        makeOrderItem({ name: 'Lavender Sweatshirt', size: 'S', price: 1099, quantity: 1 }),
      ],
      subtotal: 2297,
      discount: 57.43,
      couponCode: 'MAX500',
      giftWrap: 20,
      giftMessage: 'Happy birthday',
      totalPrice: 2259.57,
      paymentMethod: 'debit-card',
      card: { brand: 'Visa', last4: '4242' },
      status: 'delivered',
      deliveredAt: '2026-11-24T08:00:00.000Z',
    });
    serve(order);
    renderOrder(order._id);

    expect(await screen.findByRole('heading', { name: 'Order #abcd1234' })).toBeInTheDocument();
    expect(screen.getByText('Delivered')).toHaveAttribute('data-status', 'delivered');
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('3 items')).toBeInTheDocument();
    expect(summary.getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(summary.getByText('12 MG Road, Shanthala Nagar')).toBeInTheDocument();
    expect(summary.getByText('Delivered on').nextElementSibling).toHaveTextContent('24 Nov 2026');
    expect(summary.getByText('Ordered on').nextElementSibling).toHaveTextContent('21 Nov 2026');

    const items = within(screen.getByRole('list', { name: 'Items in this order' }));
    expect(items.getByText('2 x ₹599.00')).toBeInTheDocument();
    expect(items.getByText('₹1,198.00')).toBeInTheDocument();
    expect(screen.getByText('Discount (MAX500)').nextElementSibling).toHaveTextContent('−₹57.43');
    expect(screen.getByText('Gift message: “Happy birthday”')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('₹2,259.57');
    // Only a pending order can be cancelled (D19).
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('draws a designed line on its garment in its colour, white ink on white included, and names colour and size', async () => {
    const order = makeOrder({
      items: [
        makeOrderItem({
          name: 'Blank Tee',
          size: 'L',
          color: { name: 'White', hex: '#ffffff' },
          design: {
            front: [
              {
                id: 'l1',
                type: 'text',
                text: 'Ink',
                fontId: 'inter',
                colorId: 'white',
                fontSizeMm: 40,
                bold: false,
                italic: false,
                align: 'center',
                arcDegrees: 0,
                xMm: 150,
                yMm: 100,
                rotationDeg: 0,
              },
            ],
            back: [],
          },
          printAreas: DEFAULT_CUSTOMISATION.printAreas,
        }),
      ],
    });
    serve(order);
    renderOrder(order._id);

    const items = within(await screen.findByRole('list', { name: 'Items in this order' }));
    const front = items.getByRole('img', { name: 'Your design, front on a white tee: text “Ink”' });
    // The garment in its colour with the design on it, not a grey tile nor the product's photo.
    expect(front.querySelector('path')).toHaveAttribute('fill', '#ffffff');
    expect(front.querySelector('text')).toHaveAttribute('fill', designColorHex('white'));
    expect(front.className).not.toMatch(/bg-ink/);
    expect(items.queryByRole('presentation')).not.toBeInTheDocument();
    expect(items.getByText('Size L · Colour White')).toBeInTheDocument();
  });

  it('shows the cash on delivery fee the order was charged', async () => {
    const order = makeOrder({
      items: [makeOrderItem({ price: 999, quantity: 1 })],
      subtotal: 999,
      codFee: 49,
      totalPrice: 1048,
      paymentMethod: 'cash',
    });
    serve(order);
    renderOrder(order._id);

    expect(await screen.findByText('Cash on delivery fee')).toBeInTheDocument();
    expect(screen.getByText('Cash on delivery fee').nextElementSibling).toHaveTextContent('₹49.00');
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('₹1,048.00');
  });

  it('cancels a pending order after asking, and shows it cancelled', async () => {
    const order = makeOrder();
    serve(order, () => Response.json({ success: true, result: { ...order, status: 'cancelled' } }));
    const { user, queryClient } = renderOrder(order._id);
    const listKey = ordersQueryOptions().queryKey;
    queryClient.setQueryData(listKey, [order]);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this order?' }));
    expect(dialog.getByRole('button', { name: 'Keep order' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Yes, cancel order' }));

    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('Estimated delivery').nextElementSibling).toHaveTextContent('N/A');
    // The orders list still says pending: it is marked stale, to be fetched again when shown.
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the cancel is refused", async () => {
    const order = makeOrder();
    serve(order, () =>
      Response.json(
        { success: false, message: 'Only pending orders can be cancelled' },
        { status: 409 },
      ),
    );
    const { user } = renderOrder(order._id);

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Only pending orders can be cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says so kindly when the order is unknown (or someone else's)", async () => {
    serve(makeOrder());
    renderOrder('not-mine');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your Orders' })).toHaveAttribute('href', '/orders');
  });

  describe('paid online (issue 25)', () => {
    const razorpayOrder = {
      provider: 'razorpay',
      keyId: 'rzp_test_1DP5mmOlF5G5ag',
      orderId: 'order_Ef80WJDPBmAeNt',
      amount: 99800,
      currency: 'INR',
    } as const;
    const unpaid = makeOrder({
      status: 'awaiting-payment',
      paymentMethod: 'online',
      totalPrice: 998,
      payment: { ...razorpayOrder, paymentId: null, method: null },
    });
    const paid: Order = {
      ...unpaid,
      status: 'pending',
      payment: { ...razorpayOrder, paymentId: 'pay_29QQoUBi66xm2f', method: 'upi' },
    };

    function serveOnline(order: Order) {
      return mockApi({
        [`GET /order/${order._id}`]: apiOk(order),
        [`GET /order/${order._id}/documents`]: apiOk({ invoice: null, creditNotes: [] }),
        'GET /user/profile': apiOk(makeProfile()),
        'GET /payment/options': apiOk({
          online: {
            provider: 'razorpay',
            keyId: razorpayOrder.keyId,
            checkoutUrl: 'https://checkout.razorpay.test/v1/checkout.js',
          },
        }),
        [`POST /order/${order._id}/payment`]: apiOk(paid),
      });
    }

    it(`says '${PAYMENT_NOT_COMPLETED}' and pays now on the same Razorpay order`, async () => {
      const api = serveOnline(unpaid);
      const checkout = fakeRazorpayCheckout({
        pays: { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_signature: 'signed' },
      });
      const { user } = renderOrder(unpaid._id);

      const notPaid = await screen.findByRole('region', { name: PAYMENT_NOT_COMPLETED });
      expect(screen.getByText('Online: not paid yet')).toBeInTheDocument();
      expect(within(notPaid).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Cancel order' })).toHaveLength(1);
      const payNow = within(notPaid).getByRole('button', { name: 'Pay now' });
      await waitFor(() => expect(payNow).toBeEnabled());
      await user.click(payNow);

      expect(await screen.findByText('Paid online by UPI')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: PAYMENT_NOT_COMPLETED })).toBeNull();
      expect(screen.getByText('Payment id').nextElementSibling).toHaveTextContent(
        'pay_29QQoUBi66xm2f',
      );
      expect(checkout.opened).toEqual([
        expect.objectContaining({ key: razorpayOrder.keyId, order_id: razorpayOrder.orderId }),
      ]);
      expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
        razorpay_order_id: razorpayOrder.orderId,
        razorpay_payment_id: 'pay_29QQoUBi66xm2f',
        razorpay_signature: 'signed',
      });
    });

    it('says why a payment failed, and keeps Pay now', async () => {
      serveOnline(unpaid);
      fakeRazorpayCheckout({ fails: 'Payment failed' });
      const { user } = renderOrder(unpaid._id);
      const payNow = await screen.findByRole('button', { name: 'Pay now' });
      await waitFor(() => expect(payNow).toBeEnabled());
      await user.click(payNow);

      expect(await screen.findByText('Payment failed')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    });

    it("shows a cancelled online order's refund with Razorpay's refund id", async () => {
      serveOnline({
        ...paid,
        status: 'cancelled',
        refunds: [
          {
            amount: 998,
            status: 'refunded',
            reference: 'rfnd_FP8QHiV938haTz',
            method: 'online',
            card: null,
            createdAt: '2026-11-22T06:30:00.000Z',
            refundedAt: '2026-11-22T06:31:00.000Z',
          },
        ],
      });
      renderOrder(paid._id);

      expect(
        await screen.findByText(
          'Refunded ₹998.00 to the way you paid online on 22 Nov 2026 (Razorpay refund rfnd_FP8QHiV938haTz)',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Paid online by UPI')).toBeInTheDocument();
    });
  });
});
