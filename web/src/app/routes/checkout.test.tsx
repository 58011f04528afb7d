import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Address,
  type CartOptions,
  type Order,
  PAY_ONLINE_LABEL,
  type PaymentOptions,
  type Quote,
  TEST_PAYMENTS_NOTICE,
} from '#contract';
import { fillNewAddressForm } from '#web/testing/address-form.ts';
import { makeAddress, makeCartItem, makeOrder, makeProfile } from '#web/testing/data.ts';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { fakeRazorpayCheckout } from '#web/testing/razorpay.ts';
import { renderRoutes } from '#web/testing/render.tsx';
import { CheckoutRoute } from './checkout.tsx';

const CHOOSE_ADDRESS_TO_ORDER = 'Choose a delivery address to place your order';

const line = makeCartItem({ price: 499, quantity: 2 });
const options: CartOptions = { couponCode: 'MAX500', giftWrap: true, giftMessage: 'Hi' };
const quote: Quote = {
  lines: [{ _id: line._id, title: line.productId.title, quantity: 2, lineTotal: 998 }],
  itemCount: 2,
  subtotal: 998,
  coupon: { code: 'MAX500', description: '2.5% off, up to ₹500' },
  couponError: null,
  discount: 24.95,
  giftWrap: 20,
  delivery: 0,
  codFee: 0,
  total: 993.05,
  cashOnDelivery: { available: true, fee: 0, unavailableReason: null },
  estimatedDelivery: '2026-11-27',
};
const address = makeAddress();

/** The step the indicator marks as the current one. */
const currentStep = () =>
  screen
    .getByRole('navigation', { name: 'Checkout progress' })
    .querySelector('[aria-current="step"]')?.textContent;

const TEST_GATEWAY: PaymentOptions = { online: null };
const RAZORPAY: PaymentOptions = {
  online: {
    provider: 'razorpay',
    keyId: 'rzp_test_1DP5mmOlF5G5ag',
    checkoutUrl: 'https://checkout.razorpay.test/v1/checkout.js',
  },
};

function checkoutApi(
  addresses: Address[],
  quoteFor: (path: string) => Quote = () => quote,
  paymentOptions: PaymentOptions = TEST_GATEWAY,
  replies: Parameters<typeof mockApi>[0] = {},
) {
  return mockApi({
    'GET /payment/options': apiOk(paymentOptions),
    'GET /user/profile': apiOk(makeProfile()),
    'GET /cart/get-all': apiOk([line]),
    'GET /cart/options': apiOk(options),
    'GET /cart/quote': ({ path }) => apiOk(quoteFor(path)),
    'GET /address/get': () => apiOk(addresses),
    'GET /payment/cards': apiOk([]),
    'POST /address/add': ({ body }) => {
      const added = { ...(body as Omit<Address, '_id' | 'selected'>), _id: 'a1', selected: true };
      addresses.push(added);
      return apiOk(added, 201);
    },
    'POST /order/checkout': () =>
      addresses.length === 0
        ? apiFail(400, 'Please select a delivery address')
        : apiFail(402, 'Your card was declined'),
    ...replies,
  });
}

beforeEach(() => {
  localStorage.setItem('token', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

describe('CheckoutRoute', () => {
  it("lights 'Address' until there is one, then 'Payment' while the shopper chooses how to pay", async () => {
    checkoutApi([address]);
    renderRoutes([{ path: '/checkout', Component: CheckoutRoute }], { path: '/checkout' });

    expect(await screen.findByRole('radio', { name: /Asha Rao/ })).toBeChecked();
    expect(currentStep()).toBe('3Step 3: Payment');
  });

  it("keeps 'Place order' disabled, saying why, until an address is chosen", async () => {
    checkoutApi([]);
    const { user } = renderRoutes([{ path: '/checkout', Component: CheckoutRoute }], {
      path: '/checkout',
    });
    const placeOrder = await screen.findByRole('button', { name: 'Place order' });
    await screen.findByRole('region', { name: 'Price Details' });
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription(CHOOSE_ADDRESS_TO_ORDER);
    expect(screen.getByText(CHOOSE_ADDRESS_TO_ORDER)).toBeVisible();
    expect(currentStep()).toBe('2Step 2: Address');

    const form = await fillNewAddressForm(user);
    await user.click(within(form).getByRole('button', { name: 'Save Address' }));

    expect(await screen.findByRole('radio', { name: /Asha Rao/ })).toBeChecked();
    await waitFor(() => expect(placeOrder).toBeEnabled());
    expect(screen.queryByText(CHOOSE_ADDRESS_TO_ORDER)).not.toBeInTheDocument();
    expect(currentStep()).toBe('3Step 3: Payment');
  });

  it("sends no coupon or gift wrap: the server charges the cart's, which the quote shows", async () => {
    const api = checkoutApi([address]);
    const { user } = renderRoutes([{ path: '/checkout', Component: CheckoutRoute }], {
      path: '/checkout',
    });
    const details = await screen.findByRole('region', { name: 'Price Details' });
    await waitFor(() => expect(details).toHaveTextContent('Total₹993.05'));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Your card was declined')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.path === '/order/checkout');
    expect(sent?.body).toEqual({ paymentMethod: 'cash' });
  });

  it("does not offer cash above the owner's limit, and says why", async () => {
    const reason = 'Cash on delivery is available on orders up to ₹500';
    checkoutApi([address], () => ({
      ...quote,
      cashOnDelivery: { available: false, fee: 0, unavailableReason: reason },
    }));
    renderRoutes([{ path: '/checkout', Component: CheckoutRoute }], { path: '/checkout' });

    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Cash On Delivery/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Debit\/Card/ })).toBeChecked();
  });

  it('shows the cash on delivery fee in the price details while cash is chosen', async () => {
    const cashQuote = { ...quote, codFee: 49, total: 1042.05 };
    const withFee = { ...quote, cashOnDelivery: { ...quote.cashOnDelivery, fee: 49 } };
    const api = checkoutApi([address], (path) =>
      path.includes('paymentMethod=cash')
        ? { ...cashQuote, cashOnDelivery: withFee.cashOnDelivery }
        : withFee,
    );
    const { user } = renderRoutes([{ path: '/checkout', Component: CheckoutRoute }], {
      path: '/checkout',
    });
    const details = await screen.findByRole('region', { name: 'Price Details' });
    await waitFor(() => expect(details).toHaveTextContent('Cash on delivery fee₹49.00'));
    expect(details).toHaveTextContent('Total₹1,042.05');
    expect(screen.getByRole('radio', { name: /Cash On Delivery/ })).toHaveAccessibleName(/₹49\.00/);

    await user.click(screen.getByRole('radio', { name: /Debit\/Card/ }));
    await waitFor(() => expect(details).toHaveTextContent('Total₹993.05'));
    expect(details).not.toHaveTextContent('Cash on delivery fee');
    const quoted = api.requests.filter((request) => request.path.startsWith('/cart/quote'));
    expect(quoted.map((request) => request.path)).toEqual([
      '/cart/quote?paymentMethod=cash',
      '/cart/quote?paymentMethod=debit-card',
    ]);
  });
});

describe('CheckoutRoute, paying (issue 25)', () => {
  const routes = [
    { path: '/checkout', Component: CheckoutRoute },
    { path: '/order/:id', Component: () => <h1>Order page</h1> },
  ];
  const placed: Order = makeOrder({
    status: 'awaiting-payment',
    paymentMethod: 'online',
    totalPrice: 993.05,
    payment: {
      provider: 'razorpay',
      keyId: 'rzp_test_1DP5mmOlF5G5ag',
      orderId: 'order_Ef80WJDPBmAeNt',
      amount: 99305,
      currency: 'INR',
      paymentId: null,
      method: null,
    },
  });
  const paid: Order = {
    ...placed,
    status: 'pending',
    payment: placed.payment && {
      ...placed.payment,
      paymentId: 'pay_29QQoUBi66xm2f',
      method: 'upi',
    },
  };

  const onlineApi = () =>
    checkoutApi([address], () => quote, RAZORPAY, {
      'POST /order/checkout': apiOk(placed, 201),
      [`POST /order/${placed._id}/payment`]: apiOk(paid),
    });

  it(`says '${TEST_PAYMENTS_NOTICE}' and offers the card form without Razorpay's keys`, async () => {
    checkoutApi([address]);
    renderRoutes(routes, { path: '/checkout' });

    expect(await screen.findByText(TEST_PAYMENTS_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Debit\/Card/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Cash On Delivery/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: new RegExp(PAY_ONLINE_LABEL) })).toBeNull();
  });

  it('offers paying online and cash with the keys, no card form, and pays in Razorpay Checkout', async () => {
    const api = onlineApi();
    const checkout = fakeRazorpayCheckout({
      pays: { razorpay_payment_id: 'pay_29QQoUBi66xm2f', razorpay_signature: 'signed' },
    });
    const { user, router } = renderRoutes(routes, { path: '/checkout' });

    const payOnline = await screen.findByRole('radio', { name: new RegExp(PAY_ONLINE_LABEL) });
    expect(payOnline).toBeChecked();
    expect(screen.getByRole('radio', { name: /Cash On Delivery/ })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: /Debit\/Card/ })).toBeNull();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByText(TEST_PAYMENTS_NOTICE)).toBeNull();

    const placeOrder = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.click(placeOrder);

    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/order/${placed._id}`);
    expect(api.requests.find((request) => request.path === '/order/checkout')?.body).toEqual({
      paymentMethod: 'online',
    });
    expect(checkout.opened).toEqual([
      expect.objectContaining({
        key: 'rzp_test_1DP5mmOlF5G5ag',
        order_id: 'order_Ef80WJDPBmAeNt',
        amount: 99305,
        currency: 'INR',
        prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
      }),
    ]);
    expect(
      api.requests.find((request) => request.path === `/order/${placed._id}/payment`)?.body,
    ).toEqual({
      razorpay_order_id: 'order_Ef80WJDPBmAeNt',
      razorpay_payment_id: 'pay_29QQoUBi66xm2f',
      razorpay_signature: 'signed',
    });
  });

  it('goes to the order page, unpaid, when the shopper closes Checkout', async () => {
    const api = onlineApi();
    fakeRazorpayCheckout('dismisses');
    const { user, router } = renderRoutes(routes, { path: '/checkout' });
    const placeOrder = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(placeOrder).toBeEnabled());
    await user.click(placeOrder);

    expect(await screen.findByRole('heading', { name: 'Order page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/order/${placed._id}`);
    expect(api.requests.some((request) => request.path.endsWith('/payment'))).toBe(false);
  });
});
