import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { printPixelSize, textGeometry } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { getCartViaApi, signUpViaApi, storeToken } from '../support/api.ts';
import { customisableTee, PRINT_AREAS, picture } from '../support/designer.ts';
import { addAddressViaApi } from '../support/orders.ts';

test('design a tee front and back, order it, and the admin downloads both print files', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const addColour = await customisableTee(request);
  const white = await addColour({ name: 'White', hex: '#f5f5f2' });
  const product = await addColour({ name: 'Navy', hex: '#1e3a5f' }, white.styleId);
  const shopper = await signUpViaApi(request);
  await addAddressViaApi(request, shopper.token);
  await storeToken(page, shopper.token);

  // Pick a colour: the swatch opens that colour's page, and the designer draws it.
  await page.goto(`/product/${white._id}`);
  await page.getByRole('link', { name: 'Navy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await page.getByRole('link', { name: 'Customise' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}/customise\\?size=M$`));
  await expect(page.getByRole('heading', { name: `Customise ${product.title}` })).toBeVisible();
  await expect(page.getByText('printed colours may vary')).toBeVisible();
  await expect(page.getByTestId('garment')).toHaveAttribute('fill', '#1e3a5f');
  const price = page.getByTestId('designer-price');
  await expect(price).toHaveText('₹499.00');

  // Front: arched text, then an uploaded picture.
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Hello tees');
  await page.getByRole('slider', { name: 'Arc' }).fill('120');
  await expect(price).toHaveText('₹649.00');
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByRole('button', { name: 'Image 1' })).toBeVisible();
  await expect(page.getByTestId('design-preview').locator('image')).toHaveCount(1);

  // Back: one more text, and the price adds the back print.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text', { exact: true }).fill('On the back');
  await expect(price).toHaveText('₹769.00');

  // Undo and redo, by button and by key.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(price).toHaveText('₹649.00');
  await page.getByRole('button', { name: 'Redo' }).click();
  await page.keyboard.press('Control+Shift+Z');
  await expect(page.getByRole('button', { name: 'Text: On the back' })).toBeVisible();
  await expect(price).toHaveText('₹769.00');

  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(
    page.getByRole('img', {
      name: /Your design, front on a [a-z ]+ tee: text “Hello tees”, an image/,
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Your design, back on a [a-z ]+ tee: text “On the back”$/ }),
  ).toBeVisible();
  await expect(page.getByText('₹769.00').first()).toBeVisible();

  await page.getByRole('link', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('img', { name: /Your design, front/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment-done\/[^/]+$/);
  const orderId = page.url().split('/').at(-1) ?? '';

  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('img', { name: /Your design, back/ })).toBeVisible();
  await page.goto(`/order/${orderId}/track`);
  await expect(page.getByRole('img', { name: /Your design, front/ })).toBeVisible();

  // The admin downloads each printed side: PNGs of the print area at 300 DPI.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage, request);
  await adminPage.goto(`/admin/orders/${orderId}`);
  await expect(adminPage.getByRole('img', { name: /Your design, front/ })).toBeVisible();
  for (const side of ['front', 'back'] as const) {
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: `Download print file (${side})` }).click(),
    ]);
    const file = await readFile((await download.path()) ?? '');
    const metadata = await sharp(file).metadata();
    expect(metadata.format).toBe('png');
    expect({ width: metadata.width, height: metadata.height }).toEqual(
      printPixelSize(PRINT_AREAS[side]),
    );
  }
  await adminContext.close();
});

test('a visitor designs a tee, signs in, and the customised line with its thumbnail is in the account’s cart (D17)', async ({
  page,
  request,
}) => {
  test.slow();
  const product = await (await customisableTee(request))({ name: 'Black', hex: '#111111' });
  const account = await signUpViaApi(request);
  await addAddressViaApi(request, account.token);

  // As a visitor: text and an uploaded picture on the front, into the cart.
  await page.goto(`/product/${product._id}/customise`);
  await expect(page.getByRole('heading', { name: `Customise ${product.title}` })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Add text' }).click();
  await page.getByLabel('Text', { exact: true }).fill('WAVY Tee');
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByTestId('design-preview').locator('image')).toHaveCount(1);
  await expect(page.getByTestId('designer-price')).toHaveText('₹649.00');
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const thumbnail = page.getByRole('img', {
    name: /Your design, front on a [a-z ]+ tee: text “WAVY Tee”, an image/,
  });
  await expect(thumbnail).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signing in merges the visitor's cart into the account's, design and all.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  const [line, ...others] = await getCartViaApi(request, account.token);
  expect(others).toEqual([]);
  expect(line?.productId._id).toBe(product._id);
  expect(line?.design?.front.map((layer) => layer.type)).toEqual(['text', 'image']);

  await page.goto('/cart');
  await expect(thumbnail).toBeVisible();
  // The browser sets the text with the advances the guard rail measured ('WAVY Tee' has four
  // kerning pairs: designs are set without kerning, in the preview as in the print).
  const textLayer = line?.design?.front.find((layer) => layer.type === 'text');
  if (textLayer?.type !== 'text') throw new Error('the text layer is missing');
  const measuredWidth = textGeometry(textLayer).widthMm;
  await expect
    .poll(async () => {
      const drawn = await thumbnail
        .locator('text')
        .first()
        .evaluate((element) => (element as SVGGraphicsElement).getBBox().width);
      return Math.abs(drawn - measuredWidth) / measuredWidth;
    })
    .toBeLessThan(0.005);
  await expect(page.getByText('₹649.00').first()).toBeVisible();
  await page.getByRole('link', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payment-done\/[^/]+$/);
  await page.goto(`/order/${page.url().split('/').at(-1)}`);
  await expect(
    page.getByRole('img', { name: /Your design, front on a [a-z ]+ tee: text “WAVY Tee”/ }),
  ).toBeVisible();
});
