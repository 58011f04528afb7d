import type { APIRequestContext, Locator } from '@playwright/test';
import sharp from 'sharp';
import type { AdminProduct, CartItem, Design } from '#contract';
import { expect, test } from '../fixtures.ts';
import { adminTokenViaApi } from '../support/admin.ts';
import { bearer, resultOf, signUpViaApi, storeToken } from '../support/api.ts';
import { addAddressViaApi, checkoutViaApi } from '../support/orders.ts';

const GARMENT = { name: 'Forest', hex: '#1f6f3a' };

/** A customisable tee in {@link GARMENT}'s colour (₹499; front +₹150). */
async function forestTee(request: APIRequestContext): Promise<AdminProduct> {
  return resultOf<AdminProduct>(
    await request.post('/api/v1/admin/products', {
      headers: bearer(await adminTokenViaApi(request)),
      data: {
        title: `Garment Tee ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        description: 'A plain tee for your own design.',
        price: 499,
        gender: 'Unisex',
        category: 'T-Shirts',
        color: GARMENT,
        sizes: { L: 5 },
        customisation: {
          customisable: true,
          printAreas: {
            front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
            back: { xMm: 160, yMm: 120, widthMm: 280, heightMm: 350 },
          },
          decorationPrice: { front: 150, back: 0 },
        },
      },
    }),
  );
}

/** White ink, near the top of the front's print area: the rest of the area is bare garment. */
const WHITE_INK: Design = {
  front: [
    {
      id: 'l1',
      type: 'text',
      text: 'ROHAN',
      fontId: 'inter',
      colorId: 'white',
      fontSizeMm: 60,
      bold: true,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 150,
      yMm: 80,
      rotationDeg: 0,
    },
  ],
  back: [],
};

/** The thumbnail's pixels: the colour at a point (fractions of its box), and how many are near white. */
async function thumbnailPixels(thumbnail: Locator) {
  const { data, info } = await sharp(await thumbnail.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const index =
      (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * 3;
    return [data[index] ?? 0, data[index + 1] ?? 0, data[index + 2] ?? 0];
  };
  let whites = 0;
  for (let index = 0; index < data.length; index += 3) {
    if ((data[index] ?? 0) > 230 && (data[index + 1] ?? 0) > 230 && (data[index + 2] ?? 0) > 230)
      whites += 1;
  }
  return { at, whites, pixels: info.width * info.height };
}

const near = (rgb: number[], hex: string) => {
  const target = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return rgb.every((value, index) => Math.abs(value - (target[index] ?? 0)) <= 12);
};

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

for (const [name, device] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test.describe(`on a ${name}`, () => {
    test.use(device);

    test('the cart, checkout and order draw a design on its garment, in its colour', async ({
      page,
      request,
    }, testInfo) => {
      test.slow();
      const tee = await forestTee(request);
      const shopper = await signUpViaApi(request);
      await addAddressViaApi(request, shopper.token);
      await resultOf<CartItem>(
        await request.post('/api/v1/cart/create', {
          headers: bearer(shopper.token),
          data: { productId: tee._id, size: 'L', quantity: 1, design: WHITE_INK },
        }),
      );
      await storeToken(page, shopper.token);

      await page.goto('/cart');
      const thumbnail = page.getByRole('img', {
        name: 'Your design, front on a forest tee: text “ROHAN”',
      });
      await expect(thumbnail).toBeVisible();
      await expect(page.getByText('Colour: Forest')).toBeVisible();
      // The garment's colour behind the design (not a grey tile), and the white ink on it.
      const cart = await thumbnailPixels(thumbnail);
      const below = cart.at(0.5, 0.8);
      expect(near(below, GARMENT.hex), `bare garment below the text: rgb(${below})`).toBe(true);
      expect(cart.whites, 'white ink drawn on the garment').toBeGreaterThan(cart.pixels / 200);
      await page.screenshot({ path: testInfo.outputPath('cart.png'), fullPage: true });

      await page.getByRole('link', { name: 'Place order' }).click();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(
        summary.getByRole('img', { name: /^Your design, front on a forest tee/ }),
      ).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('checkout.png'), fullPage: true });

      const order = await checkoutViaApi(request, shopper.token);
      await page.goto(`/order/${order._id}`);
      const items = page.getByRole('list', { name: 'Items in this order' });
      const ordered = items.getByRole('img', { name: /^Your design, front on a forest tee/ });
      await expect(ordered).toBeVisible();
      await expect(items.getByText('Size L · Colour Forest')).toBeVisible();
      const orderedBelow = (await thumbnailPixels(ordered)).at(0.5, 0.8);
      expect(near(orderedBelow, GARMENT.hex), `rgb(${orderedBelow})`).toBe(true);
      await page.screenshot({ path: testInfo.outputPath('order.png'), fullPage: true });
    });
  });
}
