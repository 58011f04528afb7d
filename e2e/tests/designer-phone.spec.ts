import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { customisableTee, picture } from '../support/designer.ts';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

interface Point {
  x: number;
  y: number;
}

async function centreOf(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Two fingers on the screen through CDP (Playwright's touchscreen has one):
 * they land `from` each side of `centre`, then move in steps to `to` (their
 * offsets from the centre), then lift.
 */
async function pinch(cdp: CDPSession, centre: Point, from: Point, to: Point, steps = 10) {
  const fingers = (offset: Point) => [
    { x: centre.x - offset.x, y: centre.y - offset.y, id: 1 },
    { x: centre.x + offset.x, y: centre.y + offset.y, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= steps; step += 1) {
    const share = step / steps;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers({
        x: from.x + (to.x - from.x) * share,
        y: from.y + (to.y - from.y) * share,
      }),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const sliderValue = async (page: Page, name: string) =>
  Number(await page.getByRole('slider', { name }).inputValue());

async function screenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(name, { path, contentType: 'image/png' });
}

test('design a tee on a phone with the thumbs: edit text in place, pinch and turn an image, add to cart without scrolling', async ({
  page,
  request,
}) => {
  test.slow();
  const product = await (await customisableTee(request))({ name: 'Navy', hex: '#1e3a5f' });
  const shopper = await signUpViaApi(request);
  await storeToken(page, shopper.token);
  await page.goto(`/product/${product._id}/customise`);

  const canvas = page.getByTestId('design-canvas');
  const addToCart = page.getByRole('button', { name: 'Add to cart' });
  const price = page.getByTestId('designer-price');
  await expect(canvas).toBeInViewport({ ratio: 1 });
  await expect(addToCart).toBeInViewport({ ratio: 1 });
  await expect(price).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('pinch it with two to resize and turn it')).toBeVisible();

  // Typing in the sheet keeps the tee in view.
  await page.getByRole('button', { name: 'Add text' }).tap();
  const text = page.getByLabel('Text', { exact: true });
  await expect(text).toBeFocused();
  await page.keyboard.type('Thumbs');
  await expect(text).toHaveValue('Thumbs');
  await expect(text).toBeInViewport();
  await expect(canvas).toBeInViewport({ ratio: 1 });

  // A double tap on the text edits it where it sits.
  const textLayer = page.getByTestId('design-overlay').locator('rect[data-testid^="layer-"]');
  const textCentre = await centreOf(textLayer.first());
  await page.touchscreen.tap(textCentre.x, textCentre.y);
  await page.touchscreen.tap(textCentre.x, textCentre.y);
  const inPlace = page.getByRole('textbox', { name: 'Edit the text on the tee' });
  await expect(inPlace).toBeFocused();
  await expect(inPlace).toHaveValue('Thumbs');
  await page.keyboard.press('End');
  await page.keyboard.type(' up');
  await page.keyboard.press('Enter');
  await expect(inPlace).toBeHidden();
  await expect(page.getByRole('button', { name: 'Text: Thumbs up' })).toBeVisible();
  await screenshot(page, 'designer-phone-text');

  // An image over the text: two fingers spread it and turn it, and the page does not zoom.
  await page
    .getByLabel('Upload image')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByRole('button', { name: 'Image 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const widthBefore = await sliderValue(page, 'Width');
  const image = page.getByTestId('design-overlay').locator('rect[data-testid^="layer-"]').nth(1);
  const imageCentre = await centreOf(image);
  const cdp = await page.context().newCDPSession(page);
  await pinch(cdp, imageCentre, { x: 20, y: 0 }, { x: 30, y: 0 });
  await expect.poll(() => sliderValue(page, 'Width')).toBeGreaterThan(widthBefore * 1.3);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  // A quarter turn of the fingers turns the image a quarter.
  await pinch(cdp, imageCentre, { x: 30, y: 0 }, { x: 0, y: 30 });
  await expect.poll(() => sliderValue(page, 'Rotation')).toBeGreaterThanOrEqual(85);
  expect(await sliderValue(page, 'Rotation')).toBeLessThanOrEqual(95);
  expect(await page.evaluate(() => window.visualViewport?.scale)).toBe(1);
  await screenshot(page, 'designer-phone-image');

  // A tap on the selected image picks the text under it; the next one the image again.
  await page.touchscreen.tap(imageCentre.x, imageCentre.y);
  await expect(page.getByRole('button', { name: 'Text: Thumbs up' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Text', { exact: true })).toBeVisible();
  // After the double-tap window, so it is a second tap, not a double tap.
  await page.waitForTimeout(500);
  await page.touchscreen.tap(imageCentre.x, imageCentre.y);
  await expect(page.getByRole('button', { name: 'Image 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Every control and handle is a fingertip's size.
  const designer = page.getByTestId('designer');
  const controls = designer.locator(
    'button, select, input:not([type=file]), label:has(input[type=file]), [data-testid$="-handle"]',
  );
  const small: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box && (box.width < 44 || box.height < 44)) {
      small.push(
        `${await control.evaluate((element) => element.outerHTML.slice(0, 80))} ${box.width}x${box.height}`,
      );
    }
  }
  expect(small).toEqual([]);

  // The size in the sheet, then 'Add to cart' in the bar, never scrolled to.
  await page.getByRole('button', { name: 'M', exact: true }).tap();
  await expect(price).toHaveText('₹649.00');
  await expect(addToCart).toBeInViewport({ ratio: 1 });
  await addToCart.tap();
  await expect(page).toHaveURL(/\/cart$/);
});
