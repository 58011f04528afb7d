import { expect, test } from '../fixtures.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { customisableTee } from '../support/designer.ts';
import { saveTextDesignViaApi } from '../support/designs.ts';

test('share a design, open its link in a fresh browser, customise a copy, then stop sharing', async ({
  page,
  request,
  browser,
  context,
}) => {
  test.slow();
  const addColour = await customisableTee(request);
  const tee = await addColour({ name: 'Navy', hex: '#1e3a5f' });
  const owner = await signUpViaApi(request);
  const name = `Fest tee ${Date.now().toString(36)}`;
  await saveTextDesignViaApi(request, owner.token, {
    name,
    productId: tee._id,
    text: 'FEST 26',
    colorId: 'white',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await storeToken(page, owner.token);

  // The owner shares it from My designs: the link is copied.
  await page.goto('/designs');
  await page.getByRole('button', { name: `Share ${name}` }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/d\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(link).pathname;

  // A friend opens it in a browser of their own, signed out.
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await friendPage.goto(path);
  await expect(friendPage.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(
    friendPage.getByRole('img', { name: 'Your design, front on a navy tee: text “FEST 26”' }),
  ).toBeVisible();
  await expect(friendPage.getByText('₹649.00')).toBeVisible();
  await expect(friendPage.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/d\/[A-Za-z0-9_-]{43}\/image\.png$/,
  );
  const picture = await friendPage.request.get(`${path}/image.png`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');

  // 'Customise a copy' opens the designer on the design, for a guest.
  await friendPage.getByRole('link', { name: 'Customise a copy' }).click();
  await expect(friendPage.getByRole('heading', { name: `Customise ${tee.title}` })).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Text: FEST 26' })).toBeVisible();
  await expect(friendPage.getByTestId('designer-price')).toHaveText('₹649.00');

  // The owner stops sharing: the link is a 404 page.
  await page.getByRole('button', { name: `Stop sharing ${name}` }).click();
  await expect(page.getByText(`“${name}” is no longer shared`)).toBeVisible();
  const stopped = await friendPage.goto(path);
  expect(stopped?.status()).toBe(404);
  await expect(
    friendPage.getByRole('heading', { name: 'This design is no longer shared' }),
  ).toBeVisible();
  await friend.close();
});
