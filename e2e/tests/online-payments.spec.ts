import type { APIRequestContext, Page } from '@playwright/test';
import {
  formatRupees,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PAY_ONLINE_LABEL,
  PAYMENT_NOT_COMPLETED,
  TEST_PAYMENTS_NOTICE,
} from '#contract';
import { expect, test } from '../fixtures.ts';
import { addToCartViaApi, signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import {
  addAddressViaApi,
  getOrderViaApi,
  getProductViaApi,
  type OrderLine,
  placeOrderViaApi,
  productsForOrders,
} from '../support/orders.ts';
import { ONLINE_SHOP } from '../support/razorpay.ts';

/**
 * Paying online through Razorpay Checkout (issue 25), on the shop with
 * Razorpay's keys and the stand-in playing Razorpay (support/razorpay.ts):
 * its dialog offers 'Pay with UPI', 'Fail' and 'Close'. Each journey buys
 * its own product, from a part of the catalogue no other journey counts.
 */

/** Where this spec's products start in the catalogue (the first shop's specs use the others; this shop has its own stock). */
const PRODUCTS_FROM = 0;

const checkoutDialog = (page: Page) => page.frameLocator('iframe[title="Razorpay Checkout"]');

function statusBadge(page: Page, status: OrderStatus) {
  return page.locator(`[data-status="${status}"]`, { hasText: ORDER_STATUS_LABELS[status] });
}

/** A new shopper with an address and one product (the `index`-th of this spec's) in the cart. */
async function shopperWithCart(request: APIRequestContext, page: Page, index: number) {
  const account = await signUpViaApi(request);
  await addAddressViaApi(request, account.token);
  const lines = await productsForOrders(request, { from: PRODUCTS_FROM + index, count: 1 });
  const [line] = lines;
  if (!line) throw new Error('a product is needed');
  await addToCartViaApi(request, account.token, {
    productId: line.product._id,
    size: line.size,
    quantity: 1,
  });
  await storeToken(page, account.token);
  return { account, line };
}

/** On checkout: pays online (chosen first), places the order and waits for Razorpay Checkout. */
async function placeOrderPayingOnline(page: Page) {
  await expect(page.getByRole('radio', { name: new RegExp(PAY_ONLINE_LABEL) })).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(checkoutDialog(page).getByRole('button', { name: 'Pay with UPI' })).toBeVisible();
}

async function stockOf(request: APIRequestContext, { product, size }: OrderLine) {
  return (await getProductViaApi(request, product._id)).sizes[size] ?? 0;
}

/** The order's id, from the order page's address. */
async function orderIdOnPage(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

test.describe('paying online with Razorpay', () => {
  test('from the cart to checkout, pays by UPI: the order is placed and shows how it was paid', async ({
    page,
    request,
  }) => {
    const { account } = await shopperWithCart(request, page, 0);
    // Reached from the cart inside the app: checkout loads as a document, whose CSP admits Checkout.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const payments = page.getByRole('region', { name: 'Payment options' });
    await expect(payments.getByRole('radio', { name: /Cash On Delivery/ })).toBeVisible();
    await expect(payments.getByRole('radio', { name: /Debit\/Card/ })).toHaveCount(0);
    await expect(payments.getByText(TEST_PAYMENTS_NOTICE)).toHaveCount(0);

    await placeOrderPayingOnline(page);
    await checkoutDialog(page).getByRole('button', { name: 'Pay with UPI' }).click();

    const id = await orderIdOnPage(page);
    await expect(statusBadge(page, 'pending')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Paid online by UPI')).toBeVisible();
    await expect(summary.getByText(/^pay_/)).toBeVisible();
    const order = await getOrderViaApi(request, account.token, id);
    expect(order.status).toBe('pending');
    expect(order.payment?.method).toBe('upi');
  });

  test('a failed payment leaves the order unpaid, and Pay now pays it', async ({
    page,
    request,
  }) => {
    await shopperWithCart(request, page, 1);
    await page.goto('/checkout');
    await placeOrderPayingOnline(page);
    await checkoutDialog(page).getByRole('button', { name: 'Fail' }).click();

    await orderIdOnPage(page);
    const notPaid = page.getByRole('region', { name: PAYMENT_NOT_COMPLETED });
    await expect(notPaid).toBeVisible();
    await expect(page.getByText('Payment failed').first()).toBeVisible();
    await expect(statusBadge(page, 'awaiting-payment')).toBeVisible();
    await expect(page.getByText('Online: not paid yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await notPaid.getByRole('button', { name: 'Pay now' }).click();
    await checkoutDialog(page).getByRole('button', { name: 'Pay with UPI' }).click();
    await expect(statusBadge(page, 'pending')).toBeVisible();
    await expect(notPaid).toHaveCount(0);
    await expect(page.getByText('Paid online by UPI')).toBeVisible();
  });

  test('a payment closed unpaid is cancelled after the payment window, its stock back', async ({
    page,
    request,
  }) => {
    // The window is ONLINE_SHOP's 30 s; the page reads the order again while it waits.
    test.slow();
    const { line } = await shopperWithCart(request, page, 2);
    await page.goto('/checkout');
    await placeOrderPayingOnline(page);
    await checkoutDialog(page).getByRole('button', { name: 'Close' }).click();

    await orderIdOnPage(page);
    const notPaid = page.getByRole('region', { name: PAYMENT_NOT_COMPLETED });
    await expect(notPaid).toBeVisible();
    const held = await stockOf(request, line);
    await expect(statusBadge(page, 'cancelled')).toBeVisible({
      timeout: ONLINE_SHOP.paymentWindowMinutes * 60_000 + 20_000,
    });
    await expect(notPaid).toHaveCount(0);
    expect(await stockOf(request, line)).toBe(held + 1);
  });

  test('cancelling a paid order refunds it through Razorpay, with its refund id', async ({
    page,
    request,
  }) => {
    const account = await signUpViaApi(request);
    const lines = await productsForOrders(request, { from: PRODUCTS_FROM + 3, count: 1 });
    const { order } = await placeOrderViaApi(request, account.token, {
      lines,
      checkout: { paymentMethod: 'online' },
    });
    await storeToken(page, account.token);
    // The order page loaded as a document (as from the reminder email's link) pays too.
    await page.goto(`/order/${order._id}`);
    await page
      .getByRole('region', { name: PAYMENT_NOT_COMPLETED })
      .getByRole('button', { name: 'Pay now' })
      .click();
    await checkoutDialog(page).getByRole('button', { name: 'Pay with UPI' }).click();
    await expect(statusBadge(page, 'pending')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(statusBadge(page, 'cancelled')).toBeVisible();
    await expect(
      page.getByText(
        new RegExp(
          `Refunded ${formatRupees(order.totalPrice).replace(/[.₹]/g, '\\$&')} to the way you paid online on .+ \\(Razorpay refund rfnd_\\w+\\)`,
        ),
      ),
    ).toBeVisible();
  });
});
