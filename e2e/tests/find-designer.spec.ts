import type { APIRequestContext } from '@playwright/test';
import type { AdminProduct } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer, resultOf } from '../support/api.ts';
import { VIEWPORTS } from '../support/axe.ts';

/**
 * Issue 28, finding the designer: from the home page's 'Design your own' to
 * the customisable products, each marked, and from a product page into the
 * designer with the size chosen there. At 375 × 812 with touch and at 1280.
 */

/** A new customisable tee, S sold out, M and L in stock. */
async function customisableTee(request: APIRequestContext) {
  const adminToken = await adminTokenViaApi(request);
  return resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', {
      headers: bearer(adminToken),
      data: {
        title: `Find Me Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        description: 'A plain tee for your own design.',
        price: 499,
        gender: 'Unisex',
        category: 'T-Shirts',
        color: { name: 'Black', hex: '#1c1c1e' },
        sizes: { S: 0, M: 2, L: 3 },
        customisation: {
          customisable: true,
          printAreas: {
            front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
            back: { xMm: 160, yMm: 120, widthMm: 280, heightMm: 350 },
          },
          decorationPrice: { front: 150, back: 120 },
        },
      },
    }),
  );
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, hasTouch: name === 'phone' });

    test('the home page leads to the customisable products, each marked, and the size chosen goes into the designer', async ({
      page,
      request,
    }, testInfo) => {
      const tee = await customisableTee(request);

      await page.goto('/');
      const designYourOwn = page.getByRole('link', { name: 'Design your own' });
      await expect(designYourOwn).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`home-${viewport.width}.png`) });
      await designYourOwn.click();
      await expect(page).toHaveURL(/\/products\?customisable=true$/);

      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible({ timeout: 15_000 });
      const shown = await cards.count();
      expect(shown).toBeGreaterThan(0);
      await expect(cards.filter({ hasText: 'Customisable' })).toHaveCount(shown);
      await expect(page.getByRole('button', { name: /Design your own/ })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`listing-${viewport.width}.png`) });

      await page.goto(`/product/${tee._id}`);
      await page.getByRole('button', { name: 'L', exact: true }).click();
      await page.getByRole('link', { name: 'Customise' }).click();
      await expect(page).toHaveURL(new RegExp(`/product/${tee._id}/customise\\?size=L$`));
      await expect(page.getByRole('button', { name: 'L', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await page.screenshot({ path: testInfo.outputPath(`designer-${viewport.width}.png`) });
    });
  });
}
