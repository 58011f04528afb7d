import type { AdminReturn, ReturnRequest } from '#contract';
import { expect, test } from '../fixtures.ts';
import {
  adminTokenViaApi,
  createProductViaApi,
  deliverViaApi,
  signInAsAdmin,
} from '../support/admin.ts';
import { bearer, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForEmail } from '../support/inbox.ts';
import { getProductViaApi, placeOrderViaApi } from '../support/orders.ts';

/**
 * A cash order's refund (issue 25): a delivered cash order is returned, the
 * shopper gives a UPI ID on the order's page, the owner pays it by hand and
 * marks it paid with its reference at /admin/refunds, and the shopper sees it
 * paid and is emailed.
 */
test('a cash order returned: refund to a UPI ID, paid by hand and marked paid', async ({
  page,
  request,
}) => {
  // Two people's journey, with an email to wait for.
  test.setTimeout(90_000);
  const adminToken = await adminTokenViaApi(request);
  const created = await createProductViaApi(request, adminToken, {
    title: `Cash Tee ${Date.now().toString(36)}`,
    description: 'Paid in cash, sent back.',
    sizes: { M: 5 },
  });
  const product = await getProductViaApi(request, created._id);
  const shopper = await signUpViaApi(request, { name: 'Meera Iyer' });
  const { order } = await placeOrderViaApi(request, shopper.token, {
    lines: [{ product, size: 'M', quantity: 1 }],
    checkout: { paymentMethod: 'cash' },
  });
  await deliverViaApi(request, adminToken, order._id);

  // The shopper returns the tee and gives a UPI ID for the refund.
  await storeToken(page, shopper.token);
  await page.goto(`/order/${order._id}`);
  const returns = page.getByRole('region', { name: 'Returns and exchanges' });
  await returns.getByRole('button', { name: `Return ${product.title}` }).click();
  await returns
    .getByRole('form', { name: `Return ${product.title}` })
    .getByRole('button', { name: 'Request return' })
    .click();
  await expect(
    returns.getByText(/paid by hand into the UPI ID or bank account you give/),
  ).toBeVisible();
  const refund = page.getByRole('region', { name: 'Your refund' });
  await expect(refund.getByText(/the shop pays your refund into it by hand/)).toBeVisible();
  await refund.getByRole('textbox', { name: 'UPI ID' }).fill('meera@gmail.com');
  await refund.getByRole('button', { name: 'Save refund details' }).click();
  await expect(refund.getByText('Enter a UPI ID like name@bank')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await refund.getByRole('textbox', { name: 'UPI ID' }).fill('meera@okaxis');
  await refund.getByRole('button', { name: 'Save refund details' }).click();
  await expect(refund.getByText('We will pay your refund to UPI ID meera@okaxis.')).toBeVisible();

  // The owner approves and receives the return (the returns journey covers those screens).
  const [asked] = await resultOf<ReturnRequest[]>(
    await request.get(`/api/v1/order/${order._id}/returns`, { headers: bearer(shopper.token) }),
  );
  for (const step of ['approve', 'receive']) {
    await resultOf<AdminReturn>(
      await request.post(`/api/v1/admin/returns/${asked?._id}/${step}`, {
        headers: bearer(adminToken),
        data: {},
      }),
    );
  }

  // The owner pays it by hand, then marks it paid with the UPI transaction id.
  await signInAsAdmin(page, request);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Refunds to pay' })
    .click();
  await expect(page).toHaveURL('/admin/refunds');
  const card = page.getByRole('listitem').filter({ hasText: shopper.email });
  await expect(card.getByText('Pay to: UPI ID meera@okaxis')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('textbox', { name: /Payment reference/ }).fill('412345678901');
  await card.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: shopper.email })).toHaveCount(0);

  // The shopper sees it paid, and is emailed with the reference.
  const email = await waitForEmail(shopper.email, /^Your refund of ₹[\d,.]+ is paid$/);
  expect(email.text).toContain('412345678901');
  expect(email.text).toContain('UPI ID meera@okaxis');
  await storeToken(page, shopper.token);
  await page.goto(`/order/${order._id}`);
  await expect(returns.getByText(/^Refunded ₹\d[\d,]*\.\d\d by hand on /)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your refund' })).toHaveCount(0);
});
