import type { Page } from '@playwright/test';
import type { Product, Size } from '#contract';
import { expect, test } from '../fixtures.ts';
import {
  addToCartViaApi,
  getCartViaApi,
  productsInStock,
  signUpViaApi,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/api.ts';

/** A visitor's cart lives in the browser and joins the account at sign-up or sign-in (D17). */

async function addAsVisitor(page: Page, product: Product, size: Size) {
  await page.goto(`/product/${product._id}`);
  // The first visit loads the page's code and the product: allow a busy machine some time.
  await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  const sizeButton = page.getByRole('button', { name: size, exact: true });
  // The first size in stock comes chosen; pressing a chosen size would unchoose it.
  await expect(sizeButton).toBeEnabled();
  if ((await sizeButton.getAttribute('aria-pressed')) !== 'true') await sizeButton.click();
  await expect(sizeButton).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product added to cart!' }),
  ).toBeVisible();
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

interface Line {
  productId: string;
  size: Size;
  quantity: number;
}

const sorted = (lines: Line[]) =>
  [...lines].sort((a, b) => `${a.productId}${a.size}`.localeCompare(`${b.productId}${b.size}`));

const linesOf = (cart: Awaited<ReturnType<typeof getCartViaApi>>) =>
  sorted(
    cart.map((line) => ({
      productId: line.productId._id,
      size: line.size,
      quantity: line.quantity,
    })),
  );

test('what a visitor adds is in the account after signing up', async ({ page, request }) => {
  const [first, second] = await productsInStock(request, { count: 2 });
  if (!first || !second) throw new Error('two products in stock are needed');

  await addAsVisitor(page, first.product, first.size);
  await addAsVisitor(page, second.product, second.size);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Guest Shopper');
  await page.getByLabel('Email Address').fill(uniqueEmail('guest'));
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('signed up without a token');
  expect(linesOf(await getCartViaApi(request, token))).toEqual(
    sorted(
      [first, second].map(({ product, size }) => ({ productId: product._id, size, quantity: 1 })),
    ),
  );
});

test('signing in merges the visitor cart, skipping a line the account already has', async ({
  page,
  request,
}) => {
  const [kept, added] = await productsInStock(request, { count: 2 });
  if (!kept || !added) throw new Error('two products in stock are needed');
  const account = await signUpViaApi(request);
  await addToCartViaApi(request, account.token, {
    productId: kept.product._id,
    size: kept.size,
    quantity: 2,
  });

  await addAsVisitor(page, kept.product, kept.size);
  await addAsVisitor(page, added.product, added.size);

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL('/');
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  const cart = await getCartViaApi(request, account.token);
  expect(cart).toHaveLength(2);
  // The account's own line stays as it was: the visitor's copy was a duplicate.
  expect(
    cart.find((line) => line.productId._id === kept.product._id && line.size === kept.size)
      ?.quantity,
  ).toBe(2);
  expect(
    cart.find((line) => line.productId._id === added.product._id && line.size === added.size)
      ?.quantity,
  ).toBe(1);
});

test('a visitor opens their cart from the cart icon; checkout asks them to sign in and brings them back', async ({
  page,
  request,
}) => {
  const [line] = await productsInStock(request, { count: 1 });
  if (!line) throw new Error('a product in stock is needed');
  const account = await signUpViaApi(request);

  await addAsVisitor(page, line.product, line.size);
  await cartLink(page).click();

  // D17: the cart is theirs to see, not a sign-in page.
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: line.product.title })).toBeVisible();

  // D15 still guards checkout: sign in, then straight back to it.
  await page.getByRole('link', { name: 'Sign in to place order' }).click();
  await expect(page).toHaveURL('/login?next=%2Fcheckout');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL('/checkout');
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByText(line.product.title),
  ).toBeVisible();
  expect(linesOf(await getCartViaApi(request, account.token))).toEqual([
    { productId: line.product._id, size: line.size, quantity: 1 },
  ]);
});
