import type { APIRequestContext, ConsoleMessage } from '@playwright/test';
import { formatRupees, type ProductPage } from '#contract';
import { expect, test } from '../fixtures.ts';
import { resultOf } from '../support/api.ts';
import { waitForHydration } from '../support/hydration.ts';

/**
 * Decision 022: the public catalogue pages arrive rendered (a browser without
 * JavaScript sees them), then hydrate with no console warning or error (a
 * mismatch between the server's HTML and the first render in the browser
 * logs one), and work as the app does.
 */

async function aProduct(request: APIRequestContext) {
  const page = await resultOf<ProductPage>(await request.get('/api/v1/product?limit=1'));
  const product = page.results[0];
  if (!product) throw new Error('The seed catalogue has no product');
  return product;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, a search and a product page show their content', async ({
    page,
    request,
  }) => {
    const product = await aProduct(request);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stand Out with Custom Tees');
    await expect(
      page.locator('section[aria-labelledby="latest-heading"] article').first(),
    ).toBeVisible();

    await page.goto('/products?search=tee');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “tee”');
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.goto(`/product/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page.getByText(formatRupees(product.price)).first()).toBeVisible();
    await expect(page).toHaveTitle(`${product.title} · TeeCraft`);
  });
});

test('the three pages hydrate without a console warning and then work as the app', async ({
  page,
  request,
}) => {
  const product = await aProduct(request);
  const logged: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(message.text());
  };
  page.on('console', onConsole);

  for (const path of ['/', '/products?search=tee', `/product/${product._id}`]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
  }
  // The product page still works after hydration: the Products link navigates in the app.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');

  expect(logged, 'console warnings and errors while hydrating').toEqual([]);
});
