import { expect, test } from '../fixtures.ts';
import { signUpViaApi, storeToken } from '../support/api.ts';
import { customisableTee } from '../support/designer.ts';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

test('names and numbers on a phone: paste a roster with a bad line named, preview a row, add the pieces, and the cart names them (issue 29)', async ({
  page,
  request,
}) => {
  test.slow();
  const product = await (await customisableTee(request))({ name: 'White', hex: '#ffffff' });
  const shopper = await signUpViaApi(request);
  await storeToken(page, shopper.token);
  await page.goto(`/product/${product._id}/customise`);

  await page.getByRole('button', { name: 'Add names and numbers' }).tap();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Lettering navy' }).tap();
  await page
    .getByRole('textbox', { name: 'Paste from a spreadsheet' })
    .fill('Size\tName\tNumber\nM\tASHA\t7\nL\tBIG\t1\nm\tRAVI\t10');
  await page.getByRole('button', { name: 'Add pasted rows' }).tap();
  await expect(page.getByRole('alert', { name: 'Pasted lines not added' })).toContainText(
    'Line 3: Size L is not offered: choose M',
  );
  await expect(page.getByTestId('roster-row')).toHaveCount(2);

  await page
    .getByRole('combobox', { name: 'Show on the preview' })
    .selectOption({ label: 'Row 2: M RAVI 10' });
  await expect(page.getByTestId('design-preview')).toContainText('RAVI');
  await expect(page.getByTestId('design-canvas')).toBeInViewport({ ratio: 1 });

  const addToCart = page.getByRole('button', { name: 'Add 2 pieces to cart' });
  await expect(addToCart).toBeInViewport({ ratio: 1 });
  await addToCart.tap();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('ASHA · 7')).toBeVisible();
  await expect(page.getByText('RAVI · 10')).toBeVisible();
  await expect(page.getByRole('img', { name: /back on a white tee: text “RAVI”/ })).toBeVisible();
});
