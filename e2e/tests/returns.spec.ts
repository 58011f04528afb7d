import type { Product, Size } from '#contract';
import { expect, test } from '../fixtures.ts';
import {
  adminTokenViaApi,
  createProductViaApi,
  deliverViaApi,
  signInAsAdmin,
} from '../support/admin.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { emailsTo, waitForEmail } from '../support/inbox.ts';
import { getProductViaApi, placeOrderViaApi } from '../support/orders.ts';

/**
 * Returns and exchanges (D31): a delivered order → the shopper returns one
 * item and exchanges another's size → the owner approves and receives both →
 * the shopper sees the refund to the card and the new size shipped, and an
 * email for every step arrives. The products are the test's own, so the
 * stock it reads is nobody else's.
 */
test('return one item, exchange another: approved, received, refunded and shipped', async ({
  page,
  request,
}) => {
  // Two people's whole journey, with seven emails to wait for.
  test.setTimeout(90_000);
  const adminToken = await adminTokenViaApi(request);
  const suffix = Date.now().toString(36);
  const createProduct = async (title: string, sizes: Partial<Record<Size, number>>) => {
    const created = await createProductViaApi(request, adminToken, {
      title: `${title} ${suffix}`,
      description: 'Bought, delivered, then sent back.',
      sizes,
    });
    return getProductViaApi(request, created._id);
  };
  const returned: Product = await createProduct('Return Tee', { M: 5 });
  const exchanged: Product = await createProduct('Exchange Tee', { M: 5, L: 1 });

  const shopper = await signUpViaApi(request, { name: 'Ravi Menon' });
  const { order } = await placeOrderViaApi(request, shopper.token, {
    lines: [
      { product: returned, size: 'M', quantity: 1 },
      { product: exchanged, size: 'M', quantity: 1 },
    ],
    checkout: {
      paymentMethod: 'debit-card',
      card: {
        name: 'Ravi Menon',
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvv: '123',
        save: false,
      },
    },
  });
  await deliverViaApi(request, adminToken, order._id);

  // The shopper: Return the first item, Exchange the second for the last L.
  await storeToken(page, shopper.token);
  await page.goto(`/order/${order._id}`);
  const returns = page.getByRole('region', { name: 'Returns and exchanges' });
  await expect(returns.getByText(/Free returns and size exchanges for 7 days/)).toBeVisible();
  await returns.getByRole('button', { name: `Return ${returned.title}` }).click();
  const returnForm = returns.getByRole('form', { name: `Return ${returned.title}` });
  await returnForm.getByLabel('Reason').selectOption({ label: 'Not as described' });
  await returnForm.getByRole('button', { name: 'Request return' }).click();
  await expect(page.getByText('Return requested')).toBeVisible();

  await returns.getByRole('button', { name: `Exchange size of ${exchanged.title}` }).click();
  const exchangeForm = returns.getByRole('form', { name: `Exchange ${exchanged.title}` });
  await exchangeForm.getByLabel('New size').selectOption('L');
  await exchangeForm.getByLabel('Reason').selectOption({ label: 'Too small' });
  await expectNoSeriousA11yViolations(page);
  await exchangeForm.getByRole('button', { name: 'Request exchange' }).click();
  await expect(page.getByText('Exchange requested')).toBeVisible();
  const yourReturns = returns.getByRole('list', { name: 'Your returns' });
  await expect(yourReturns.getByText(/Requested: waiting for approval/)).toHaveCount(2);
  // The last L is set aside for this exchange.
  expect((await getProductViaApi(request, exchanged._id)).sizes.L ?? 0).toBe(0);

  // The owner: approve, then mark received, each of the two.
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(page).toHaveURL('/admin/returns');
  const cards = page.getByRole('listitem').filter({ hasText: shopper.email });
  await expect(cards).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  for (const title of [returned.title, exchanged.title]) {
    const card = cards.filter({ hasText: title });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card.getByRole('button', { name: 'Mark received' })).toBeVisible();
    await card.getByRole('button', { name: 'Mark received' }).click();
    await expect(card).toHaveAttribute('data-return-status', 'received');
  }

  // The shopper sees the refund to the card and the new size shipped, on the page and the timeline.
  await storeToken(page, shopper.token);
  await page.goto(`/order/${order._id}`);
  await expect(returns.getByText(/^Refunded ₹\d[\d,]*\.\d\d to Visa •••• 4242 on /)).toBeVisible();
  await expect(
    returns.getByText(`${exchanged.title}: size M → L × 1 · new size shipped`),
  ).toBeVisible();
  await page.goto(`/order/${order._id}/track`);
  const timeline = page.getByRole('list', { name: 'Order progress' });
  for (const step of [
    'Return requested',
    'Return approved',
    'Return received',
    'Refunded',
    'New size shipped',
  ]) {
    await expect(timeline.getByText(new RegExp(`^${step}`)).first()).toBeVisible();
  }
  expect((await getProductViaApi(request, returned._id)).sizes.M).toBe(5);

  // An email for every step, in order.
  await waitForEmail(shopper.email, /^We received your return/);
  await expect
    .poll(
      async () =>
        (await emailsTo(shopper.email)).filter((mail) => mail.subject.includes('return')).length,
    )
    .toBe(6);
  const subjects = (await emailsTo(shopper.email))
    .map((mail) => mail.subject.replace(/#\w+/, '#'))
    .filter((subject) => /return/i.test(subject))
    .sort();
  expect(subjects).toEqual([
    'We have your return request #',
    'We have your return request #',
    'We received your return #',
    'We received your return #',
    'Your return # is approved',
    'Your return # is approved',
  ]);
  const received = await waitForEmail(shopper.email, /^We received your return/);
  expect(received.text).toMatch(/₹[\d,]+\.\d\d is refunded to your Visa •••• 4242\./);
});
