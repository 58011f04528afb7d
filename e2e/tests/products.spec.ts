import type { APIRequestContext, Page } from '@playwright/test';
import type { ProductFilters, ProductPage } from '#contract';
import { expect, test } from '../fixtures.ts';
import { resultOf } from '../support/api.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from '../support/axe.ts';
import { waitForHydration } from '../support/hydration.ts';

/**
 * The products screen (SPEC §2 Products, §4 filters, §5 filter query, §9;
 * D24 paging and search): filters, sort, reset, paging and search, all kept
 * in the URL so reload, a shared link and Back show the same list.
 */

/** What the API answers for a query, to compare the screen with. */
async function listViaApi(request: APIRequestContext, query: string): Promise<ProductPage> {
  return resultOf<ProductPage>(await request.get(`/api/v1/product?${query}`));
}

const loading = (page: Page) => page.getByRole('status', { name: 'Loading products' });
const filters = (page: Page) => page.getByRole('form', { name: 'Product filters' });
const sortSelect = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });

/** The titles of the cards shown, once the list has loaded. */
async function cardTitles(page: Page): Promise<string[]> {
  await expect(loading(page)).toHaveCount(0, { timeout: 15_000 });
  return page.getByRole('article').getByRole('heading').allTextContents();
}

async function expectTitles(page: Page, expected: ProductPage) {
  await expect(loading(page)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('article').getByRole('heading')).toHaveText(
    expected.results.map((product) => product.title),
  );
}

test.describe('at 1280 px', () => {
  test.use({ viewport: VIEWPORTS.laptop });

  test('the sidebar starts at its defaults, groups collapse, Reset keeps the sort', async ({
    page,
    request,
  }) => {
    // A long journey: many loads, each waited for.
    test.slow();
    const all = await listViaApi(request, 'sortBy=ratingDesc');
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByText(`Showing 1–24 of ${all.total} products`)).toBeVisible();
    await expectTitles(page, all);
    await expect(sortSelect(page)).toHaveValue('ratingDesc');
    await expect(filters(page).getByRole('button', { name: 'Reset' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Price range defaults to the server's price stats.
    const { priceStats } = await resultOf<ProductFilters>(
      await request.get('/api/v1/product/filters'),
    );
    await expect(filters(page).getByRole('spinbutton', { name: 'Min (₹)' })).toHaveValue(
      String(priceStats.minPrice),
    );
    await expect(filters(page).getByRole('spinbutton', { name: 'Max (₹)' })).toHaveValue(
      String(priceStats.maxPrice),
    );

    // Collapsing a group hides its boxes; opening it shows them again.
    const category = filters(page).getByRole('button', { name: 'Category' });
    await category.click();
    await expect(category).toHaveAttribute('aria-expanded', 'false');
    await expect(filters(page).getByRole('checkbox', { name: 'Hoodies' })).toBeHidden();
    await category.click();
    await expect(filters(page).getByRole('checkbox', { name: 'Hoodies' })).toBeVisible();

    // Reset shows once a filter differs from its default, and goes when it is undone.
    await filters(page).getByRole('checkbox', { name: 'Hoodies' }).check();
    await expect(filters(page).getByRole('button', { name: 'Reset' })).toBeVisible();
    await filters(page).getByRole('checkbox', { name: 'Hoodies' }).uncheck();
    await expect(filters(page).getByRole('button', { name: 'Reset' })).toHaveCount(0);

    // Reset clears applied filters and keeps the sort.
    await page.goto('/products?category=Hoodies&rating=3&sortBy=priceAsc');
    await expect(filters(page).getByRole('checkbox', { name: 'Hoodies' })).toBeChecked();
    await filters(page).getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/products\?sortBy=priceAsc$/);
    await expect(filters(page).getByRole('button', { name: 'Reset' })).toHaveCount(0);
    await expect(filters(page).getByRole('checkbox', { name: 'Hoodies' })).not.toBeChecked();
    await expect(filters(page).getByRole('radio', { name: 'Any rating' })).toBeChecked();
    await expectTitles(page, await listViaApi(request, 'sortBy=priceAsc'));
  });

  test('filters and sort, restored by reload and Back', async ({ page, request }) => {
    // A long journey: many loads, each waited for.
    test.slow();
    const all = await listViaApi(request, 'sortBy=ratingDesc');
    await page.goto('/products');
    await expectTitles(page, all);
    await waitForHydration(page);

    await filters(page).getByRole('checkbox', { name: 'Women' }).check();
    await filters(page).getByRole('checkbox', { name: /^M \(/ }).check();
    await filters(page).getByRole('radio', { name: '4 stars & up' }).check();
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();

    // The price range stayed at the stats, so it is not part of the query (SPEC §5).
    await expect(page).toHaveURL(/\/products\?gender=Women&size=M&rating=4$/);
    const filtered = await listViaApi(request, 'gender=Women&size=M&rating=4&sortBy=ratingDesc');
    expect(filtered.total).toBeGreaterThan(1);
    expect(filtered.total).toBeLessThan(all.total);
    await expectTitles(page, filtered);
    await expect(page.getByText(`of ${filtered.total} products`)).toBeVisible();

    // Changing the sort re-queries with the applied filters.
    await sortSelect(page).selectOption({ label: 'Price - Asc' });
    await expect(page).toHaveURL(/\/products\?gender=Women&size=M&rating=4&sortBy=priceAsc$/);
    const byPrice = await listViaApi(request, 'gender=Women&size=M&rating=4&sortBy=priceAsc');
    await expectTitles(page, byPrice);

    // A reload shows the same view.
    await page.reload();
    await expectTitles(page, byPrice);
    await expect(sortSelect(page)).toHaveValue('priceAsc');
    await expect(filters(page).getByRole('checkbox', { name: 'Women' })).toBeChecked();
    await expect(filters(page).getByRole('checkbox', { name: /^M \(/ })).toBeChecked();
    await expect(filters(page).getByRole('radio', { name: '4 stars & up' })).toBeChecked();

    // Back undoes the sort, then the filters; Forward brings them back.
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?gender=Women&size=M&rating=4$/);
    await expect(sortSelect(page)).toHaveValue('ratingDesc');
    await expectTitles(page, filtered);
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(filters(page).getByRole('checkbox', { name: 'Women' })).not.toBeChecked();
    await expectTitles(page, all);
    await page.goForward();
    await page.goForward();
    await expect(sortSelect(page)).toHaveValue('priceAsc');
    await expect(filters(page).getByRole('checkbox', { name: 'Women' })).toBeChecked();
    await expectTitles(page, byPrice);
  });

  test('filters by colour: every card shows the colour asked for (decision 018)', async ({
    page,
    request,
  }) => {
    const { colors } = await resultOf<ProductFilters>(await request.get('/api/v1/product/filters'));
    expect(colors.map((colour) => colour.name)).toContain('Black');
    await page.goto('/products');
    await waitForHydration(page);
    await filters(page)
      .getByRole('checkbox', { name: /^Black \(/ })
      .check();
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();

    await expect(page).toHaveURL(/\/products\?color=Black$/);
    const black = await listViaApi(request, 'color=Black&sortBy=ratingDesc');
    expect(black.total).toBeGreaterThan(1);
    expect(black.results.every((product) => product.color.name === 'Black')).toBe(true);
    await expectTitles(page, black);
    await expect(page.getByRole('article').filter({ hasNotText: 'Black' })).toHaveCount(0);
  });

  test('a price range sends only the price that differs from the stats', async ({ page }) => {
    await page.goto('/products');
    // Before hydration the fields are not React's yet: what is typed then is lost (a shopper too).
    await waitForHydration(page);
    const requests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/product') requests.push(url);
    });
    await filters(page).getByRole('spinbutton', { name: 'Max (₹)' }).fill('800');
    await filters(page).getByRole('button', { name: 'Apply Filters' }).click();

    await expect(page).toHaveURL(/\/products\?maxPrice=800$/);
    await expect(loading(page)).toHaveCount(0, { timeout: 15_000 });
    const query = requests.at(-1)?.searchParams;
    expect(query?.get('maxPrice')).toBe('800');
    expect(query?.has('minPrice')).toBe(false);
    const prices = await page.getByRole('article').getByText(/^₹/).allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(Number(price.replace(/[₹,]/g, ''))).toBeLessThanOrEqual(800);
  });

  test('pages through the results (D24)', async ({ page, request }) => {
    // A long journey: many loads, each waited for.
    test.slow();
    const first = await listViaApi(request, 'sortBy=ratingDesc&page=1');
    const second = await listViaApi(request, 'sortBy=ratingDesc&page=2');
    expect(first.pages).toBeGreaterThan(1);

    await page.goto('/products');
    await expectTitles(page, first);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pages.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');

    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expectTitles(page, second);
    await expect(
      page.getByText(`Showing 25–${24 + second.results.length} of ${second.total} products`),
    ).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expectTitles(page, first);
    await pages.getByRole('link', { name: 'Next' }).click();
    await expectTitles(page, second);
    await page.goBack();
    await expectTitles(page, first);
  });

  test('a page past the end says so and leads back, never counting backwards', async ({
    page,
    request,
  }) => {
    const all = await listViaApi(request, 'sortBy=ratingDesc&page=1');

    await page.goto('/products?page=99');
    await expect(page.getByText('There is no page 99')).toBeVisible();
    await expect(
      page.getByText(`No products on page 99: there are ${all.total} products.`),
    ).toBeVisible();
    await expect(page.getByText(/Showing/)).toHaveCount(0);

    await page.getByRole('link', { name: 'Go to the last page' }).click();
    await expect(page).toHaveURL(new RegExp(`/products\\?page=${all.pages}$`));
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('shows 8 skeleton cards while the products load', async ({ page }) => {
    // A direct load arrives rendered (decision 022): the skeleton shows on a move within the app.
    await page.goto('/');
    await waitForHydration(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === '/api/v1/product',
      async (route) => {
        await released;
        await route.continue();
      },
    );

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect(loading(page)).toBeVisible();
    await expect(loading(page).locator('li')).toHaveCount(8);
    await expect(page.getByRole('article')).toHaveCount(0);

    release();
    await expect(loading(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('says so when a search finds nothing', async ({ page }) => {
    await page.goto('/products?search=zzzzqqq');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “zzzzqqq”' }),
    ).toBeVisible();
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(
      page.getByText(
        'Try adjusting your filters, check your search terms for typos, or browse all categories.',
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Browse all categories' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('the top bar search tolerates a typo: tshrt finds t-shirts', async ({ page, request }) => {
    await page.goto('/');
    await waitForHydration(page);
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await search.fill('tshrt');
    await search.press('Enter');

    await expect(page).toHaveURL(/\/products\?search=tshrt$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “tshrt”' }),
    ).toBeVisible();
    const titles = await cardTitles(page);
    // Best match first: a title with the word itself; then the rest of the T-Shirts category.
    expect(titles[0]).toMatch(/t-shirt/i);
    const answer = await request.get('/api/v1/product?search=tshrt&limit=100');
    const found = (await answer.json()).result.results as { title: string; category: string }[];
    expect(found.map((product) => product.title)).toEqual(titles);
    for (const product of found) expect(product.category).toBe('T-Shirts');

    // The card leads to the product page.
    const [firstTitle] = titles;
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: firstTitle, exact: true }) })
      .getByRole('link', { name: /^View Details/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the filters open in a drawer', async ({ page, request }) => {
    // A long journey: many loads, each waited for.
    test.slow();
    await page.goto('/products');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(filters(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const open = page.getByRole('button', { name: 'Filters', exact: true });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Escape and the close button both close it, focus back on the button.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await drawer.getByRole('button', { name: 'Close filters' }).click();
    await expect(drawer).toBeHidden();

    await open.click();
    await drawer.getByRole('checkbox', { name: 'Kids' }).check();
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/products\?gender=Kids$/);
    await expectTitles(page, await listViaApi(request, 'gender=Kids&sortBy=ratingDesc'));
    await expect(page.getByRole('button', { name: 'Filters 1 applied' })).toBeVisible();

    await page.getByRole('button', { name: 'Filters 1 applied' }).click();
    await expect(drawer.getByRole('checkbox', { name: 'Kids' })).toBeChecked();
    await drawer.getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('the empty state fits a phone', async ({ page }) => {
    await page.goto('/products?search=zzzzqqq');
    await expect(page.getByText('No products found')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
