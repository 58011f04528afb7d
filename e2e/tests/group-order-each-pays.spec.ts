import { formatRupees, type GroupOrder, type ProductPage } from '#contract';
import { expect, test } from '../fixtures.ts';
import { resultOf, signUpViaApi, storeToken, uniqueEmail } from '../support/api.ts';
import { saveTextDesignViaApi, startGroupOrderFromDesigns } from '../support/designs.ts';
import { addAddressViaApi } from '../support/orders.ts';

/**
 * An 'each pays' group order on a phone (issue 29, decisions 066 and 073), on
 * the shop with Razorpay's keys and the stand-in playing Razorpay
 * (support/razorpay.ts): its Checkout dialog offers 'Pay with UPI'.
 */

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
test.use(PHONE);

/** Past the tees the online-payments journeys buy, so no journey counts this one's stock. */
const TEES_FROM = 3;

test('each pays on a phone: the organiser starts the group, a member joins from the link and pays in Checkout, and the organiser sees who paid', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const tees = await resultOf<ProductPage>(
    await request.get('/api/v1/product?customisable=true&category=T-Shirts&limit=50'),
  );
  const tee = tees.results.slice(TEES_FROM).find((product) => (product.sizes.M ?? 0) > 0);
  if (!tee) throw new Error('The seed has customisable tees in M');
  // 'Each pays' groups are delivered to the organiser's address (decision 066).
  const organiser = await signUpViaApi(request);
  await addAddressViaApi(request, organiser.token);
  const name = `Falcons ${Date.now().toString(36)}`;
  await saveTextDesignViaApi(request, organiser.token, {
    name,
    productId: tee._id,
    text: 'FALCONS',
    colorId: 'red',
  });
  await storeToken(page, organiser.token);

  // The organiser starts a group where each member pays for their own piece.
  const link = await startGroupOrderFromDesigns(page, name, { eachPays: true });
  const path = new URL(link).pathname;
  const token = path.split('/').at(-1) ?? '';
  const { joinPrice } = await resultOf<GroupOrder>(
    await request.get(`/api/v1/group-orders/${token}`),
  );
  if (joinPrice === null) throw new Error('An each-pays group asks a price to join');

  // A member opens the link on their own phone, signed out, joins and pays by UPI.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const memberPage = await context.newPage();
  await memberPage.goto(path);
  // A fresh browser loads the page's code first: on a busy machine that takes a while.
  await expect(memberPage.getByRole('img', { name: /front on a/ })).toBeVisible({
    timeout: 30_000,
  });
  await memberPage.getByRole('textbox', { name: 'Your name' }).fill('Asha Rao');
  await memberPage.getByRole('textbox', { name: 'Your email' }).fill(uniqueEmail('member'));
  await memberPage.getByRole('combobox', { name: 'Size' }).selectOption('M');
  await memberPage.getByRole('button', { name: 'Join the group' }).tap();
  const checkout = memberPage.frameLocator('iframe[title="Razorpay Checkout"]');
  await checkout.getByRole('button', { name: 'Pay with UPI' }).tap();
  await expect(memberPage.getByRole('heading', { name: "You're in" })).toBeVisible();
  await expect(memberPage.getByText(`Paid ${formatRupees(joinPrice)}.`)).toBeVisible();
  await context.close();

  // The organiser's roster says who paid and how much.
  await page.goto(path);
  const member = page.getByRole('list', { name: 'Roster' }).getByRole('listitem');
  await expect(member).toHaveCount(1);
  await expect(member).toContainText('Asha Rao');
  await expect(member).toContainText(`Paid ${formatRupees(joinPrice)}`);
  await expect(page.getByText('1 piece: M × 1')).toBeVisible();
});
