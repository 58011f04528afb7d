import type { AdminProduct } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer, getCartViaApi, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { allowFailedResponses } from '../support/console.ts';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('order for a group on a phone: the size matrix refuses a size short of stock by name, then adds every size to the cart', async ({
  page,
  request,
  consoleErrors,
}) => {
  const adminToken = await adminTokenViaApi(request);
  const teamTee = {
    title: `Team Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    description: 'A tee for the whole team.',
    price: 499,
    gender: 'Unisex',
    category: 'T-Shirts',
    sizes: { S: 5, M: 10, L: 3 },
    color: { name: 'White', hex: '#ffffff' },
  };
  const product = await resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', { headers: bearer(adminToken), data: teamTee }),
  );
  const shopper = await signUpViaApi(request);
  await storeToken(page, shopper.token);
  await page.goto(`/product/${product._id}`);

  await page.getByRole('button', { name: 'Order for a group' }).click();
  const matrix = page.getByRole('dialog', { name: 'Order for a group' });
  await expect(matrix.getByLabel('L quantity')).toHaveAccessibleDescription('3 in stock');
  await matrix.getByLabel('S quantity').fill('4');
  await matrix.getByLabel('M quantity').fill('6');
  await matrix.getByLabel('L quantity').fill('3');
  await expect(matrix.getByTestId('size-matrix-pieces')).toHaveText('13');
  // Someone else buys an L meanwhile: the server says so by the size, and nothing is added.
  await resultOf<AdminProduct>(
    await request.put(`/api/v1/admin/products/${product._id}`, {
      headers: bearer(adminToken),
      data: { ...teamTee, sizes: { ...teamTee.sizes, L: 1 } },
    }),
  );
  await matrix.getByRole('button', { name: 'Add 13 pieces to cart' }).click();
  await expect(matrix.getByRole('alert')).toHaveText('Only 1 left in size L');
  allowFailedResponses(consoleErrors, 409);
  expect(await getCartViaApi(request, shopper.token)).toEqual([]);

  await matrix.getByLabel('L quantity').fill('1');
  await matrix.getByRole('button', { name: 'Add 11 pieces to cart' }).click();
  await expect(page).toHaveURL('/cart');
  const cart = await getCartViaApi(request, shopper.token);
  expect(cart.map((line) => [line.size, line.quantity])).toEqual([
    ['S', 4],
    ['M', 6],
    ['L', 1],
  ]);
  await expect(page.getByRole('main')).toContainText(product.title);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  expect(overflow).toBe(false);
});
