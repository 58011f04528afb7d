import { expect, test } from '../fixtures.ts';

test('the home page shows the latest products with their pictures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Stand Out with Custom Tees' })).toBeVisible();

  const latest = page.getByRole('region', { name: 'Latest Collection' });
  const cards = latest.getByRole('article');
  await expect(cards).toHaveCount(10);

  const pictures = latest.locator('img');
  await expect(pictures.first()).toBeVisible();
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  }

  await expect(page.getByRole('region', { name: 'Best Sellers' }).getByRole('article')).toHaveCount(
    5,
  );
});
