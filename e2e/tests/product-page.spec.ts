import type { APIRequestContext, Page } from '@playwright/test';
import { formatRupees, type Product, type ProductPage, SIZES, type Size } from '#contract';
import { expect, test } from '../fixtures.ts';
import { getCartViaApi, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';
import { allowFailedResponses } from '../support/console.ts';

/**
 * The product page (SPEC §2 Product detail, §4, §5, §8; D23): gallery,
 * sizes and quantity with their messages, adding to the cart, sold-out
 * products and unknown ids.
 *
 * Checkout journeys buy the best-rated products, so stock-sensitive tests
 * take theirs from the lowest-rated end of the catalogue.
 */

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const page = await resultOf<ProductPage>(
    await request.get('/api/v1/product?limit=100&sortBy=ratingAsc'),
  );
  return page.results;
}

async function findProduct(
  request: APIRequestContext,
  description: string,
  matches: (product: Product) => boolean,
): Promise<Product> {
  const product = (await catalogue(request)).find(matches);
  if (!product) throw new Error(`The seed catalogue has no ${description}`);
  return product;
}

const stockOf = (product: Product, size: Size) => product.sizes[size] ?? 0;
const sizesOf = (product: Product) => SIZES.filter((size) => product.sizes[size] !== undefined);

const sizeButton = (page: Page, size: Size) =>
  page
    .getByRole('group', { name: /^Size/ })
    .getByRole('button', { name: new RegExp(`^${size}\\b`) });
const quantity = (page: Page) => page.getByRole('status', { name: 'Quantity' });
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('the gallery: arrows, thumbnails and arrow keys', async ({ page, request }) => {
      const product = await findProduct(request, 'product with 3+ pictures', (candidate) => {
        return candidate.images.length >= 3;
      });
      const count = product.images.length;
      await page.goto(`/product/${product._id}`);

      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      await expect(page.getByText(formatRupees(product.price), { exact: true })).toBeVisible();
      await expect(page.getByText(product.description)).toBeVisible();
      await expect(
        page.getByRole('img', { name: `Rated ${Number(product.rating.toFixed(1))} out of 5` }),
      ).toBeVisible();

      const gallery = page.getByRole('region', { name: `Pictures of ${product.title}` });
      const picture = (index: number) =>
        gallery.getByRole('img', { name: `${product.title}, picture ${index} of ${count}` });
      await expect(picture(1)).toBeVisible();
      await expect(picture(1)).toHaveAttribute('src', product.images[0]?.url ?? '');

      await gallery.getByRole('button', { name: 'Next picture' }).click();
      await expect(picture(2)).toBeVisible();
      await gallery.getByRole('button', { name: 'Previous picture' }).click();
      await gallery.getByRole('button', { name: 'Previous picture' }).click();
      await expect(picture(count)).toBeVisible();

      const third = gallery.getByRole('button', { name: `Show picture 3 of ${count}` });
      await third.click();
      await expect(picture(3)).toHaveAttribute('src', product.images[2]?.url ?? '');
      await expect(third).toHaveAttribute('aria-current', 'true');

      // Keyboard: Tab to a thumbnail and use the arrow keys.
      await third.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(picture(2)).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(picture(3)).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(picture(3)).toBeVisible();

      // Every picture loads.
      await expect
        .poll(() => picture(3).evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);

      await expectNoSeriousA11yViolations(page);
    });

    test('sizes and quantity follow the stock, with their messages', async ({ page, request }) => {
      // A sold-out size first, then a size with plenty, and a size with 2 to 5 left.
      const product = await findProduct(
        request,
        'product with sold-out and low sizes',
        (candidate) => {
          const sizes = sizesOf(candidate);
          const first = sizes.find((size) => stockOf(candidate, size) > 0);
          return (
            stockOf(candidate, sizes[0] ?? 'XS') === 0 &&
            first !== undefined &&
            stockOf(candidate, first) > 5 &&
            sizes.some((size) => stockOf(candidate, size) >= 2 && stockOf(candidate, size) <= 5)
          );
        },
      );
      const sizes = sizesOf(product);
      const soldOut = sizes[0] as Size;
      const preselected = sizes.find((size) => stockOf(product, size) > 0) as Size;
      const low = sizes.find(
        (size) => stockOf(product, size) >= 2 && stockOf(product, size) <= 5,
      ) as Size;
      const lowStock = stockOf(product, low);

      await page.goto(`/product/${product._id}`);
      await expect(sizeButton(page, soldOut)).toBeDisabled();
      await expect(sizeButton(page, preselected)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(/left - make it yours!/)).toHaveCount(0);
      await expect(quantity(page)).toHaveText('1');
      await expect(page.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

      // D23: the low size says how many are left.
      await sizeButton(page, low).click();
      await expect(sizeButton(page, low)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(`Only ${lowStock} left - make it yours!`)).toBeVisible();

      const increase = page.getByRole('button', { name: 'Increase quantity' });
      for (let count = 1; count < lowStock; count += 1) await increase.click();
      await expect(quantity(page)).toHaveText(String(lowStock));
      await increase.click();
      await expect(
        page.getByRole('status').filter({ hasText: `Only ${lowStock} in stock` }),
      ).toBeVisible();
      await expect(quantity(page)).toHaveText(String(lowStock));

      await page.getByRole('button', { name: 'Decrease quantity' }).click();
      await expect(quantity(page)).toHaveText(String(lowStock - 1));

      // Another size starts again at 1.
      await sizeButton(page, preselected).click();
      await expect(quantity(page)).toHaveText('1');

      // Pressing the chosen size again lets it go: then a size is asked for.
      await sizeButton(page, preselected).click();
      await expect(sizeButton(page, preselected)).toHaveAttribute('aria-pressed', 'false');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Please select a size.' }),
      ).toBeVisible();
      await expect(cartLink(page)).toHaveAccessibleName('Cart');
    });

    test('a sold-out product cannot be added', async ({ page, request }) => {
      const product = await findProduct(request, 'sold-out product', (candidate) =>
        Object.values(candidate.sizes).every((stock) => stock === 0),
      );
      await page.goto(`/product/${product._id}`);

      await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
      for (const size of sizesOf(product)) await expect(sizeButton(page, size)).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Increase quantity' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });

    test('an unknown or malformed id shows a friendly not-found page', async ({
      page,
      consoleErrors,
    }) => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-product']) {
        await page.goto(`/product/${id}`);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Product not found' }),
        ).toBeVisible();
        await expect(page).toHaveTitle(/^Product not found/);
      }
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Browse products' }).click();
      await expect(page).toHaveURL(/\/products$/);
      allowFailedResponses(consoleErrors, 404);
    });
  });
}

test('the swatches switch colours: the URL, pictures and stock follow; a sold-out colour says so', async ({
  page,
  request,
}) => {
  // Decision 018: each colour of a style is a product of its own.
  const product = await findProduct(request, 'style in 3+ colours, one sold out', (candidate) => {
    const [first] = candidate.colors;
    return (
      candidate.colors.length >= 3 &&
      first?.productId === candidate._id &&
      first.inStock &&
      candidate.colors.some((colour) => !colour.inStock)
    );
  });
  const other = product.colors.find((colour) => colour.inStock && colour.productId !== product._id);
  const soldOut = product.colors.find((colour) => !colour.inStock);
  if (!other || !soldOut) throw new Error('The style has no other colour in stock');
  const swatches = (name: string) => page.getByRole('list', { name: `Colours, ${name} shown` });
  const firstPicture = (title: string, count: number) =>
    page
      .getByRole('region', { name: `Pictures of ${title}` })
      .getByRole('img', { name: `${title}, picture 1 of ${count}` });

  await page.goto(`/product/${product._id}`);
  await expect(swatches(product.color.name).getByRole('link')).toHaveCount(product.colors.length);
  await expect(
    swatches(product.color.name).getByRole('link', { name: product.color.name, exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    swatches(product.color.name).getByRole('link', { name: `${soldOut.name} (sold out)` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await swatches(product.color.name).getByRole('link', { name: other.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${other.productId}$`));
  const shown = await resultOf<Product>(await request.get(`/api/v1/product/${other.productId}`));
  await expect(swatches(other.name)).toBeVisible();
  await expect(firstPicture(shown.title, shown.images.length)).toHaveAttribute(
    'src',
    shown.images[0]?.url ?? '',
  );
  expect(shown.images[0]?.url).not.toBe(product.images[0]?.url);
  await expect(sizeButton(page, firstInStock(shown))).toHaveAttribute('aria-pressed', 'true');

  await swatches(other.name)
    .getByRole('link', { name: `${soldOut.name} (sold out)` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/${soldOut.productId}$`));
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

  // Back returns to the colour before.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/product/${other.productId}$`));
  await expect(swatches(other.name)).toBeVisible();
});

/** The size the page preselects: the first with stock (SPEC §2). */
const firstInStock = (product: Product) =>
  sizesOf(product).find((size) => stockOf(product, size) > 0) as Size;

test('a guest adds to the cart: toast, badge, and no second line', async ({ page, request }) => {
  const product = await findProduct(
    request,
    'product whose first size has 2 or more',
    (candidate) =>
      sizesOf(candidate).length > 0 && stockOf(candidate, firstInStock(candidate)) >= 2,
  );
  await page.goto(`/product/${product._id}`);
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await expect(sizeButton(page, firstInStock(product))).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Product added to cart!' }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'This product is already added' }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
});

test('a signed-in shopper’s addition reaches the server cart', async ({ page, request }) => {
  const account = await signUpViaApi(request);
  await storeToken(page, account.token);
  const product = await findProduct(request, 'product in stock', (candidate) =>
    sizesOf(candidate).some((size) => stockOf(candidate, size) > 0),
  );
  const size = firstInStock(product);
  await page.goto(`/product/${product._id}`);
  await expect(sizeButton(page, size)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Product added to cart!' }),
  ).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expect
    .poll(async () =>
      (await getCartViaApi(request, account.token)).map((line) => [line.productId._id, line.size]),
    )
    .toEqual([[product._id, size]]);
});
