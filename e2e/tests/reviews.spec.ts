import type { AdminProduct, Product } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { placeOrderViaApi } from '../support/orders.ts';

/**
 * Reviews (D28): a shopper whose order was delivered reviews the product on
 * its page; the review shows 'Verified purchase' and moves the average. The
 * product is the test's own, rated low so the catalogue's order stays put
 * for the other journeys.
 */
test('a review after delivery appears, verified, and moves the average', async ({
  page,
  request,
}) => {
  const adminToken = await adminTokenViaApi(request);
  const created = await resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', {
      headers: bearer(adminToken),
      data: {
        title: `Review Tee ${Date.now().toString(36)}`,
        description: 'Bought, delivered, then reviewed.',
        price: 499,
        gender: 'Unisex',
        category: 'T-Shirts',
        color: { name: 'White', hex: '#f5f5f2' },
        sizes: { M: 5 },
      },
    }),
  );
  const product = await resultOf<Product>(await request.get(`/api/v1/product/${created._id}`));
  const shopper = await signUpViaApi(request, { name: 'Kavya Reddy' });
  const { order } = await placeOrderViaApi(request, shopper.token, {
    lines: [{ product, size: 'M', quantity: 1 }],
  });

  await storeToken(page, shopper.token);
  await page.goto(`/product/${product._id}`);
  await expect(page.getByText('No reviews yet').first()).toBeVisible();
  // Not delivered yet: nothing to write.
  await expect(page.getByRole('heading', { name: 'Write a review' })).toHaveCount(0);

  for (const status of ['shipped', 'delivered']) {
    await resultOf(
      await request.post(`/api/v1/admin/orders/${order._id}/status`, {
        headers: bearer(adminToken),
        data: { status },
      }),
    );
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  await page.getByLabel('Rating').selectOption('2');
  await page.getByLabel('Title').fill('Thin <b>fabric</b>');
  await page.getByLabel('Review', { exact: true }).fill('Shrank a size after one wash.');
  await page.getByRole('button', { name: 'Post review' }).click();

  const reviews = page.getByRole('region', { name: 'Customer reviews' });
  await expect(reviews.getByText('Thin <b>fabric</b>')).toBeVisible();
  await expect(reviews.getByText('Verified purchase')).toBeVisible();
  await expect(reviews.getByText('Kavya ·', { exact: false })).toBeVisible();
  await expect(reviews.getByText('2.0', { exact: true })).toBeVisible();
  await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '1 review' })).toBeVisible();
  expect(
    await resultOf<Product>(await request.get(`/api/v1/product/${product._id}`)),
  ).toMatchObject({ rating: 2, reviewCount: 1 });
});
