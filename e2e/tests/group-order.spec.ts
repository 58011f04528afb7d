import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { orderNumber } from '#contract';
import { expect, test } from '../fixtures.ts';
import { signInAsAdmin } from '../support/admin.ts';
import { signUpViaApi, storeToken, uniqueEmail } from '../support/api.ts';
import { customisableTee } from '../support/designer.ts';
import { saveTextDesignViaApi, startGroupOrderFromDesigns } from '../support/designs.ts';
import { addAddressViaApi, checkoutViaApi } from '../support/orders.ts';

const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const MEMBERS = [
  { name: 'Asha Rao', playerName: 'ASHA', number: '7', changedNumber: '17' },
  { name: 'Ravi Kumar', playerName: 'RAVI', number: '10', changedNumber: '20' },
];

test('a group order on a phone: the organiser starts it, two members join from the link and change their number, it closes into the cart, and the owner downloads one back file per name (issue 29)', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const tee = await (await customisableTee(request))({ name: 'White', hex: '#ffffff' });
  const organiser = await signUpViaApi(request);
  const name = `Falcons ${Date.now().toString(36)}`;
  await saveTextDesignViaApi(request, organiser.token, {
    name,
    productId: tee._id,
    text: 'FALCONS',
    colorId: 'red',
  });
  await storeToken(page, organiser.token);

  // The organiser starts a group with names and numbers from My designs.
  const link = await startGroupOrderFromDesigns(page, name, { namesAndNumbers: true });
  expect(link).toMatch(/\/g\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(link).pathname;

  // Two members join from the link, each in a browser of their own, signed out.
  for (const member of MEMBERS) {
    const context = await browser.newContext(PHONE);
    const memberPage = await context.newPage();
    await memberPage.goto(path);
    // A fresh browser loads the page's code first: on a busy machine that takes a while.
    await expect(memberPage.getByRole('img', { name: /front on a white tee/ })).toBeVisible({
      timeout: 30_000,
    });
    await memberPage.getByRole('textbox', { name: 'Your name' }).fill(member.name);
    await memberPage.getByRole('textbox', { name: 'Your email' }).fill(uniqueEmail('member'));
    await memberPage.getByRole('combobox', { name: 'Size' }).selectOption('M');
    await memberPage.getByRole('textbox', { name: 'Name on the back' }).fill(member.playerName);
    await memberPage.getByRole('textbox', { name: 'Number on the back' }).fill(member.number);
    await memberPage.getByRole('button', { name: 'Join the group' }).tap();
    await expect(memberPage.getByRole('heading', { name: "You're in" })).toBeVisible();
    await expect(
      memberPage.getByText(`${member.name}: M · ${member.playerName} · ${member.number}.`),
    ).toBeVisible();
    // The page's own edit link opens the entry as it stands; a change is saved.
    await memberPage.getByRole('link', { name: 'Change your entry' }).tap();
    const form = memberPage.getByRole('form', { name: 'Change your entry' });
    await expect(form.getByRole('textbox', { name: 'Name on the back' })).toHaveValue(
      member.playerName,
    );
    await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue(member.name);
    await expect(form.getByRole('combobox', { name: 'Size' })).toHaveValue('M');
    await expect(form.getByRole('textbox', { name: 'Number on the back' })).toHaveValue(
      member.number,
    );
    await form.getByRole('textbox', { name: 'Number on the back' }).fill(member.changedNumber);
    await form.getByRole('button', { name: 'Save changes' }).tap();
    await expect(
      memberPage.getByText(`Saved: M · ${member.playerName} · ${member.changedNumber}.`),
    ).toBeVisible();
    await context.close();
  }

  // The organiser sees both, closes the group, and finds both pieces in the cart.
  await page.goto(path);
  const roster = page.getByRole('list', { name: 'Roster' });
  for (const member of MEMBERS) await expect(roster).toContainText(member.name);
  await expect(page.getByText('2 pieces: M × 2')).toBeVisible();
  await page.getByRole('button', { name: 'Close now' }).tap();
  await page.getByRole('button', { name: 'Yes, close it' }).tap();
  await expect(page.getByText('2 pieces are not ordered yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the cart' }).tap();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('ASHA · 17')).toBeVisible();
  await expect(page.getByText('RAVI · 20')).toBeVisible();

  // The organiser pays in cash; the group's page names the order.
  await addAddressViaApi(request, organiser.token);
  const order = await checkoutViaApi(request, organiser.token, { paymentMethod: 'cash' });
  await page.goto(path);
  await expect(page.getByRole('link', { name: orderNumber(order._id) })).toBeVisible();

  // The owner downloads all print files once the queue has made them.
  await signInAsAdmin(page, request);
  await page.goto(`/admin/orders/${order._id}`);
  const downloadAll = page.getByRole('button', { name: 'Download all print files' });
  await expect(downloadAll).toBeEnabled({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadAll.tap()]);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const backFiles = Object.keys(zip).filter((entry) => entry.startsWith('back-'));
  expect(backFiles.sort()).toEqual(['back-M-asha-1.png', 'back-M-ravi-1.png']);
});
