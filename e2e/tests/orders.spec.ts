import type { Locator, Page } from '@playwright/test';
import { formatRupees, shortOrderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolationsAtBothWidths } from '../support/axe.ts';
import { allowFailedResponses } from '../support/console.ts';
import { shopDate, shopDateTime } from '../support/format.ts';
import {
  getOrderViaApi,
  getProductViaApi,
  placeOrderViaApi,
  productsForOrders,
  TEST_ADDRESS,
} from '../support/orders.ts';

/**
 * Orders, order detail, tracking and cancelling (SPEC §2, D11, D13, D19, D20).
 * Orders are placed through the API; each test has its own shopper. Only the
 * cancel test counts stock, of a product no other test buys (#30 on).
 */

// Each journey runs axe at two widths on several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The value beside a term in a description list ('Estimated delivery' → '25 Nov 2026'). */
function fact(scope: Locator | Page, term: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

test('the orders list shows a card per order, newest first', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  const lines = await productsForOrders(request, { from: 40, count: 5 });
  const { order: older } = await placeOrderViaApi(request, account.token, { lines });
  const { order: newer } = await placeOrderViaApi(request, account.token, { lineCount: 1 });

  await storeToken(page, account.token);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toHaveAccessibleName(`Order #${shortOrderNumber(newer._id)}`);

  const card = page.getByRole('article', { name: `Order #${shortOrderNumber(older._id)}` });
  const pictures = card.getByRole('list', { name: 'Items' });
  await expect(pictures.getByRole('img')).toHaveCount(3);
  for (const [index, line] of lines.slice(0, 3).entries()) {
    await expect(pictures.getByRole('img').nth(index)).toHaveAccessibleName(line.product.title);
  }
  await expect(pictures.getByText('+2 more')).toBeVisible();
  await expect(card.getByText(await shopDate(page, older.createdAt))).toBeVisible();
  await expect(fact(card, 'Items')).toHaveText('5 items');
  await expect(fact(card, 'Total')).toHaveText(formatRupees(older.totalPrice));
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await card.getByRole('link', { name: /^View Details/ }).click();
  await expect(page).toHaveURL(`/order/${older._id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${shortOrderNumber(older._id)}` }),
  ).toBeVisible();

  await page.goBack();
  await card.getByRole('link', { name: /^Track Order/ }).click();
  await expect(page).toHaveURL(`/order/${older._id}/track`);
  await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();
});

test("the order page shows the server's numbers", async ({ page, request }) => {
  const account = await signUpViaApi(request);
  const lines = await productsForOrders(request, { from: 40, count: 2 });
  const [first] = lines;
  if (!first) throw new Error('a product is needed');
  first.quantity = 2;
  const message = 'Happy birthday, Ravi!';
  const { order } = await placeOrderViaApi(request, account.token, {
    lines,
    checkout: { couponCode: 'MAX500', giftWrap: { message } },
  });
  expect(order.discount).toBeGreaterThan(0);

  await storeToken(page, account.token);
  await page.goto(`/order/${order._id}`);
  const heading = page.getByRole('heading', {
    level: 1,
    name: `Order #${shortOrderNumber(order._id)}`,
  });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(fact(summary, 'Estimated delivery')).toHaveText(
    await shopDate(page, order.estimateDeliveryDate),
  );
  await expect(fact(summary, 'Items')).toHaveText('3 items');
  await expect(fact(summary, 'Ordered on')).toHaveText(await shopDate(page, order.createdAt));
  await expect(fact(summary, 'Payment method')).toHaveText('Cash On Delivery');
  await expect(fact(summary, 'Shipping address')).toContainText(TEST_ADDRESS.fullAddress);
  await expect(fact(summary, 'Shipping address')).toContainText(TEST_ADDRESS.pincode);
  await expect(summary.getByText('Delivered on')).toHaveCount(0);

  const items = page.getByRole('list', { name: 'Items in this order' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const [index, item] of order.items.entries()) {
    const row = items.nth(index);
    await expect(row).toContainText(item.name);
    await expect(row).toContainText(`Size ${item.size}`);
    await expect(row).toContainText(`${item.quantity} x ${formatRupees(item.price)}`);
    await expect(row).toContainText(formatRupees(item.price * item.quantity));
  }
  await expect(fact(page, 'Subtotal')).toHaveText(formatRupees(order.subtotal));
  await expect(fact(page, 'Discount (MAX500)')).toHaveText(`−${formatRupees(order.discount)}`);
  await expect(fact(page, 'Gift wrap')).toHaveText(formatRupees(20));
  await expect(page.getByText(`Gift message: “${message}”`)).toBeVisible();
  await expect(fact(page, 'Total')).toHaveText(formatRupees(order.totalPrice));

  await expectNoSeriousA11yViolationsAtBothWidths(page);

  // A card payment shows the card's brand and last 4 digits (D12).
  const { order: byCard } = await placeOrderViaApi(request, account.token, {
    lineCount: 1,
    checkout: {
      paymentMethod: 'debit-card',
      card: {
        name: 'Asha Rao',
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvv: '123',
        save: false,
      },
    },
  });
  await page.goto(`/order/${byCard._id}`);
  await expect(fact(page, 'Payment method')).toHaveText('Visa ending in 4242');
});

test('tracking shows the order placed, with shipping and delivery still to come', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, account.token, { lineCount: 1 });
  const placed = order.events.find((event) => event.type === 'placed');
  if (!placed) throw new Error('a new order has its placed event');

  await storeToken(page, account.token);
  await page.goto(`/order/${order._id}`);
  await page.getByRole('link', { name: 'Track Order' }).click();
  await expect(page).toHaveURL(`/order/${order._id}/track`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Track Order #${shortOrderNumber(order._id)}` }),
  ).toBeVisible();
  await expect(page.getByText('Estimated delivery', { exact: true })).toBeVisible();
  await expect(
    page.getByText(await shopDate(page, order.estimateDeliveryDate)).first(),
  ).toBeVisible();

  const steps = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('Order placed');
  await expect(steps.nth(0)).toContainText(await shopDateTime(page, placed.at));
  await expect(steps.nth(1)).toContainText('Shipped');
  await expect(steps.nth(1)).toContainText('Not yet reached');
  await expect(steps.nth(2)).toContainText('Delivered');
  await expect(steps.nth(2)).toContainText(
    `Not yet reached · expected by ${await shopDate(page, order.estimateDeliveryDate)}`,
  );

  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await page.getByRole('link', { name: 'View order details' }).click();
  await expect(page).toHaveURL(`/order/${order._id}`);
});

test('cancelling a pending order asks first, shows it cancelled everywhere and returns the stock', async ({
  page,
  request,
}) => {
  const account = await signUpViaApi(request);
  const [line] = await productsForOrders(request, { from: 30, count: 1 });
  if (!line) throw new Error('a product is needed');
  line.quantity = 2;
  const stockOf = async () =>
    (await getProductViaApi(request, line.product._id)).sizes[line.size] ?? 0;
  const before = await stockOf();
  const { order } = await placeOrderViaApi(request, account.token, { lines: [line] });
  expect(await stockOf()).toBe(before - 2);

  await storeToken(page, account.token);
  await page.goto(`/order/${order._id}`);
  const cancel = page.getByRole('button', { name: 'Cancel order' });

  // The confirm step: keeping the order changes nothing.
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect((await getOrderViaApi(request, account.token, order._id)).status).toBe('pending');

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(cancel).toHaveCount(0);
  await expect(fact(page, 'Estimated delivery')).toHaveText('N/A');

  const cancelled = await getOrderViaApi(request, account.token, order._id);
  expect(cancelled.status).toBe('cancelled');
  expect(await stockOf()).toBe(before);
  const cancelledAt = cancelled.events.find((event) => event.type === 'cancelled')?.at;
  if (!cancelledAt) throw new Error('a cancelled order has its cancelled event');

  // Tracking shows where the order stopped.
  await page.getByRole('link', { name: 'Track Order' }).click();
  await expect(page.getByText('Cancelled on')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('Order placed');
  await expect(steps.nth(1)).toContainText('Cancelled');
  await expect(steps.nth(1)).toContainText(await shopDateTime(page, cancelledAt));
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  // The list and the profile say the same, in the same colour (D13).
  await page.goto('/orders');
  const card = page.getByRole('article', { name: `Order #${shortOrderNumber(order._id)}` });
  const cardBadge = card.getByText('Cancelled', { exact: true });
  await expect(cardBadge).toBeVisible();
  const colour = await cardBadge.evaluate((badge) => getComputedStyle(badge).backgroundColor);

  await page.goto('/profile');
  const row = page.getByRole('row', { name: new RegExp(shortOrderNumber(order._id)) });
  const rowBadge = row.getByText('Cancelled', { exact: true });
  await expect(rowBadge).toBeVisible();
  expect(await rowBadge.evaluate((badge) => getComputedStyle(badge).backgroundColor)).toBe(colour);
});

test('a shopper without orders is told so', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  await storeToken(page, account.token);

  // Hold the history back until the loading text has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/order/history', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/orders');
  await expect(page.getByText('Loading orders...')).toBeVisible();
  release();

  await expect(page.getByText('You haven’t placed any orders yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
    'href',
    '/products',
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page);

  await page.goto('/profile');
  await expect(page.getByText("You haven't ordered yet")).toBeVisible();
  await expect(page.getByText('Cart is empty')).toBeVisible();
});

test("an unknown order, or another shopper's, is not found", async ({
  page,
  request,
  consoleErrors,
}) => {
  const owner = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, owner.token, { lineCount: 1 });
  const stranger = await signUpViaApi(request);
  await storeToken(page, stranger.token);

  for (const path of [`/order/${order._id}`, `/order/${order._id}/track`, '/order/no-such-order']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  }
  await expect(page.getByText(TEST_ADDRESS.fullAddress)).toHaveCount(0);
  await expectNoSeriousA11yViolationsAtBothWidths(page);
  await page.getByRole('link', { name: 'Your Orders' }).first().click();
  await expect(page.getByText('You haven’t placed any orders yet.')).toBeVisible();

  allowFailedResponses(consoleErrors, 404);
});

test("the payment-done page shows the shopper's order, and no one else's", async ({
  page,
  request,
  consoleErrors,
}) => {
  const account = await signUpViaApi(request);
  const other = await signUpViaApi(request);
  const { order } = await placeOrderViaApi(request, account.token, { lineCount: 1 });

  await storeToken(page, account.token);
  await page.goto(`/payment-done/${order._id}`);
  await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible();
  await expect(page.getByText(`Order #${shortOrderNumber(order._id)}`)).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText(order.items[0]?.name ?? '')).toBeVisible();
  await expect(fact(summary, 'Total')).toHaveText(formatRupees(order.totalPrice));
  await expect(fact(summary, 'Payment method')).toHaveText('Cash On Delivery');
  await expect(summary.getByText(TEST_ADDRESS.fullAddress)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track order' })).toHaveAttribute(
    'href',
    `/order/${order._id}/track`,
  );

  for (const id of ['not-a-real-order', order._id]) {
    await storeToken(page, id === order._id ? other.token : account.token);
    await page.goto(`/payment-done/${id}`);
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(page.getByText('Order placed successfully!')).toHaveCount(0);
  }
  allowFailedResponses(consoleErrors, 404);
});
