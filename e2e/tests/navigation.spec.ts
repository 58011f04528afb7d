import type { Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { VIEWPORTS } from '../support/axe.ts';
import { waitForHydration } from '../support/hydration.ts';
import { builtFileOf } from '../support/web-build.ts';

/**
 * Moving between pages (issue 30): a link's page code is fetched before the
 * link is followed, and the page on screen stays until the next one can
 * show, so no loading screen covers the shop between pages.
 */

const PRODUCT_PAGE_SOURCE = 'src/app/routes/product.tsx';

/** Notes, from the page's first script on, whether the full-screen "Loading page" status ever showed. */
async function watchForLoadingScreen(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = () =>
      document.querySelector('[role="status"][aria-label="Loading page"]') !== null;
    new MutationObserver(() => {
      if (seen()) document.documentElement.dataset.loadingScreenSeen = 'true';
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => document.documentElement.dataset.loadingScreenSeen === 'true');
}

/** Whether the browser has asked for the product page's code yet. */
function watchProductPageCode(page: Page): () => boolean {
  const file = builtFileOf(PRODUCT_PAGE_SOURCE);
  let requested = false;
  page.on('request', (request) => {
    if (request.url().endsWith(file)) requested = true;
  });
  return () => requested;
}

const firstCardLink = (page: Page) =>
  page.getByRole('article').first().getByRole('heading').getByRole('link');

test.use({ viewport: VIEWPORTS.phone });

test('a product opened from the listing shows without a loading screen, its code fetched before the click', async ({
  page,
}) => {
  const loadingScreenSeen = await watchForLoadingScreen(page);
  const productPageCodeRequested = watchProductPageCode(page);
  await page.goto('/products');
  await waitForHydration(page);

  // A card's link comes into view: its page's code comes while the shopper looks.
  await firstCardLink(page).scrollIntoViewIfNeeded();
  await expect.poll(productPageCodeRequested).toBe(true);
  const title = await firstCardLink(page).innerText();
  await firstCardLink(page).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  expect(await loadingScreenSeen()).toBe(false);
});

test("a card's picture opens its product: the title's link covers it (decision 080)", async ({
  page,
}) => {
  await page.goto('/products');
  await waitForHydration(page);

  const title = await firstCardLink(page).innerText();
  const picture = page.getByRole('article').first().getByRole('img', { name: title, exact: true });
  const box = await picture.boundingBox();
  if (!box) throw new Error('The first card shows no picture');
  // Where a shopper taps: the picture's middle, whatever element is on top there.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
});

test("while a page's code is on its way, the listing stays up with its own address", async ({
  page,
}) => {
  const loadingScreenSeen = await watchForLoadingScreen(page);
  let releaseCode: () => void = () => undefined;
  const codeHeld = new Promise<void>((held) => {
    void page.route(`**/${builtFileOf(PRODUCT_PAGE_SOURCE)}`, async (route: Route) => {
      held();
      await new Promise<void>((release) => {
        releaseCode = release;
      });
      await route.continue();
    });
  });
  await page.goto('/products');
  await waitForHydration(page);

  const title = await firstCardLink(page).innerText();
  await firstCardLink(page).click();
  await codeHeld;
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  releaseCode();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  expect(await loadingScreenSeen()).toBe(false);
});
