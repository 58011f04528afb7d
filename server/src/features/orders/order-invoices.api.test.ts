import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminReturnSchema,
  BusinessSettingsSchema,
  gstinCheckCharacter,
  type Order,
  OrderSchema,
  PaymentSettingsSchema,
  ReturnRequestSchema,
} from '#contract';
import {
  createInvoicesService,
  type InvoicesService,
} from '#server/features/invoices/invoices.service.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { asUser, deliverAs } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest, visaCard } from '#server-test/checkout-fixtures.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { pdfPagesText } from '#server-test/pdf-text.ts';
import {
  payRequest,
  placeOnlineOrder,
  type RazorpayShop,
  razorpayOrderOf,
  startRazorpayShop,
} from '#server-test/razorpay-fixtures.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

/**
 * When an order's tax documents are issued (issue 26): the invoice in the
 * transaction that pays or places the order, only while the shop has a
 * GSTIN, adding up to what was charged; a credit note of every line when an
 * invoiced order is cancelled, and of the units received back from a return.
 */

/** The shop is in Maharashtra (27); a buyer's GSTIN is a Karnataka (29) business's. */
const BUSINESS = {
  legalName: 'TeeCraft Apparel Private Limited',
  tradeName: 'TeeCraft',
  address: '12 FC Road\nPune 411004',
  stateCode: '27',
  gstin: '27AAPFU0939F1ZV',
  invoicePrefix: 'TC',
};
const BUYER_GSTIN = `29AAACR5055K1Z${gstinCheckCharacter('29AAACR5055K1Z')}`;
const MAHARASHTRA = { state: 'Maharashtra', city: 'Pune', pincode: '411001' };

let t: TestApp;
let admin: SignedUp;
let invoices: InvoicesService;

const putBusiness = (payload: object) =>
  expectResult(
    t.app,
    asUser(admin, { method: 'PUT', url: '/api/v1/admin/settings/business', payload }),
    BusinessSettingsSchema,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
  invoices = createInvoicesService(t.db);
  await expectResult(
    t.app,
    asUser(admin, {
      method: 'PUT',
      url: '/api/v1/admin/settings/payments',
      payload: { codEnabled: true, codMaxOrder: 50_000, codFee: 49 },
    }),
    PaymentSettingsSchema,
  );
  await putBusiness(BUSINESS);
});
afterAll(() => t?.close());

/** A shopper with a ₹2,999 hoodie × 1 and ₹499 tees × 3 in the cart, delivered to `address`. */
async function readyShopper(address: Record<string, string> = {}) {
  const user = await signUp(t.app);
  const hoodie = await createProduct(t.db, { price: 2999, category: 'Hoodies', stock: { M: 5 } });
  const tee = await createProduct(t.db, { price: 499, category: 'T-shirts', stock: { L: 5 } });
  await addAddress(t.app, user, address);
  await addLine(t.app, user, hoodie, 'M', 1);
  await addLine(t.app, user, tee, 'L', 3);
  return user;
}

const place = (user: SignedUp, body: object) =>
  expectResult(t.app, checkoutRequest(user, body), OrderSchema, 201);

async function invoiceOf(order: Pick<Order, '_id'>) {
  const invoice = await invoices.invoiceOfOrder(order._id);
  if (!invoice) throw new Error(`Order ${order._id} has no invoice`);
  return invoice;
}

describe('the tax invoice of an order paid or placed at checkout', () => {
  it('invoices a cash order with a coupon, gift wrap and the COD fee within the state: CGST + SGST, the total charged', async () => {
    const user = await readyShopper(MAHARASHTRA);
    const order = await place(user, {
      paymentMethod: 'cash',
      couponCode: 'MAX500',
      giftWrap: { message: 'For the team' },
    });
    expect(order).toMatchObject({ codFee: 49, giftWrap: 20 });
    expect(order.discount).toBeGreaterThan(0);

    const invoice = await invoiceOf(order);
    expect(invoice.number).toMatch(/^TC\/\d{2}-\d{2}\/\d{6}$/);
    expect(invoice.totals.totalPaise).toBe(rupeesToPaise(order.totalPrice));
    // The hoodie (M) is 6110 at 18% (₹2,999 less its coupon share is over ₹2,500 before tax), the tees (L) 6109 at 5%.
    const goods = order.items.map((item) => (item.size === 'M' ? ['6110', 1, 18] : ['6109', 3, 5]));
    expect(invoice.lines.map((line) => [line.hsn, line.quantity, line.ratePercent])).toEqual([
      ...goods,
      ['998599', 1, 18],
      ['996812', 1, 18],
    ]);
    expect(invoice.lines.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(
      rupeesToPaise(order.discount),
    );
    expect(invoice.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(invoice.totals.igstPaise).toBe(0);
    expect(invoice.totals.cgstPaise).toBeGreaterThan(0);
    expect(invoice.supplier).toMatchObject({ gstin: BUSINESS.gstin, stateCode: '27' });
    expect(invoice.recipient).toEqual({
      name: 'Asha Rao',
      address: '12 MG Road, Ashok Nagar\nPune 411001\nMaharashtra',
      stateCode: '27',
    });
  });

  it('invoices an order paid by card to another state with IGST alone, the total charged', async () => {
    const user = await readyShopper();
    const order = await place(user, { paymentMethod: 'debit-card', card: visaCard });
    const invoice = await invoiceOf(order);
    expect(invoice.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(invoice.totals.totalPaise).toBe(rupeesToPaise(order.totalPrice));
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(0);
    expect(invoice.totals.igstPaise).toBe(
      invoice.totals.totalPaise - invoice.totals.taxableValuePaise,
    );
  });

  it('prints a business purchase’s GSTIN and business name on the invoice', async () => {
    const user = await readyShopper();
    const order = await place(user, {
      paymentMethod: 'cash',
      business: { gstin: ` ${BUYER_GSTIN.toLowerCase()} `, name: '  Rao Textiles LLP ' },
    });
    expect(order.business).toEqual({ gstin: BUYER_GSTIN, name: 'Rao Textiles LLP' });
    const invoice = await invoiceOf(order);
    expect(invoice.recipient).toMatchObject({
      gstin: BUYER_GSTIN,
      businessName: 'Rao Textiles LLP',
    });
    const [page] = await pdfPagesText(await invoices.renderPdf(invoice));
    expect(page).toContain(BUYER_GSTIN);
    expect(page).toContain('Rao Textiles LLP');
  });

  it('refuses a business purchase with a wrong GSTIN or no business name (400), and places nothing', async () => {
    const user = await readyShopper();
    const wrongCheck = `${BUYER_GSTIN.slice(0, 14)}${BUYER_GSTIN.endsWith('A') ? 'B' : 'A'}`;
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, {
        paymentMethod: 'cash',
        business: { gstin: wrongCheck, name: 'Rao Textiles LLP' },
      }),
      400,
    );
    expect(failure.errors).toEqual([
      {
        field: 'business.gstin',
        message: 'GSTIN has a wrong check character (its last): check it for a typing mistake',
      },
    ]);
    const unnamed = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'cash', business: { gstin: BUYER_GSTIN, name: ' ' } }),
      400,
    );
    expect(unnamed.errors).toEqual([
      { field: 'business.name', message: 'Business name is required' },
    ]);
    const history = await expectResult(
      t.app,
      { url: '/api/v1/order/history', headers: user.auth },
      OrderSchema.array(),
    );
    expect(history).toEqual([]);
  });

  it('issues no invoice while the shop has no GSTIN, and none for the cancel of such an order', async () => {
    await putBusiness({ ...BUSINESS, gstin: null });
    try {
      const user = await readyShopper();
      const order = await place(user, { paymentMethod: 'cash' });
      expect(await invoices.invoiceOfOrder(order._id)).toBeUndefined();
      await expectResult(
        t.app,
        { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: user.auth },
        OrderSchema,
      );
      expect(await invoices.creditNotesOfOrder(order._id)).toEqual([]);
    } finally {
      await putBusiness(BUSINESS);
    }
  });
});

describe('credit notes', () => {
  it('credits every line of an invoiced order that is cancelled, referring to its invoice', async () => {
    const user = await readyShopper(MAHARASHTRA);
    const order = await place(user, { paymentMethod: 'cash', couponCode: 'MAX500' });
    const invoice = await invoiceOf(order);
    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: user.auth },
      OrderSchema,
    );
    const [note, ...more] = await invoices.creditNotesOfOrder(order._id);
    expect(more).toEqual([]);
    expect(note?.number).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(note?.against?.number).toBe(invoice.number);
    expect(note?.lines).toEqual(invoice.lines);
    expect(note?.totals).toEqual(invoice.totals);
  });

  it('credits the units received back from a return at the prices invoiced, and the rest when they come back too', async () => {
    const user = await readyShopper(MAHARASHTRA);
    const order = await place(user, { paymentMethod: 'cash', couponCode: 'MAX500' });
    const invoice = await invoiceOf(order);
    await deliverAs(t.app, admin, order._id);
    const teePosition = order.items.findIndex((item) => item.size === 'L');
    const teeLine = order.items[teePosition];
    if (!teeLine) throw new Error('The order has no tee line');

    const returnUnits = async (quantity: number) => {
      const asked = await expectResult(
        t.app,
        {
          method: 'POST',
          url: `/api/v1/order/${order._id}/returns`,
          headers: user.auth,
          payload: {
            items: [{ orderItemId: teeLine._id, quantity, kind: 'return', reason: 'too-small' }],
          },
        },
        ReturnRequestSchema,
        201,
      );
      for (const step of ['approve', 'receive']) {
        await expectResult(
          t.app,
          asUser(admin, {
            method: 'POST',
            url: `/api/v1/admin/returns/${asked._id}/${step}`,
            ...(step === 'approve' && { payload: {} }),
          }),
          AdminReturnSchema,
        );
      }
    };

    await returnUnits(1);
    const [first] = await invoices.creditNotesOfOrder(order._id);
    const invoiced = invoice.lines[teePosition];
    expect(first?.lines).toEqual([
      expect.objectContaining({
        hsn: '6109',
        quantity: 1,
        unitPricePaise: 49_900,
        ratePercent: invoiced?.ratePercent,
      }),
    ]);

    await returnUnits(2);
    const notes = await invoices.creditNotesOfOrder(order._id);
    expect(notes).toHaveLength(2);
    const credited = notes.flatMap((note) => note.lines);
    expect(credited.reduce((sum, line) => sum + line.totalPaise, 0)).toBe(invoiced?.totalPaise);
    expect(credited.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(
      invoiced?.discountPaise,
    );
  });
});

describe('an order paid online', () => {
  let shop: RazorpayShop;
  beforeAll(async () => {
    shop = await startRazorpayShop('GstInvoice0001');
    const owner = await signUpAdmin(shop.t.app, shop.t.db);
    await expectResult(
      shop.t.app,
      asUser(owner, { method: 'PUT', url: '/api/v1/admin/settings/business', payload: BUSINESS }),
      BusinessSettingsSchema,
    );
  });
  afterAll(() => shop?.close());

  it('is invoiced when its payment arrives, not while it awaits it', async () => {
    const online = createInvoicesService(shop.t.db);
    const { user, order } = await placeOnlineOrder(shop.t, { quantity: 2 });
    expect(await online.invoiceOfOrder(order._id)).toBeUndefined();
    const answer = shop.standIn.pay(razorpayOrderOf(order), { method: 'upi' });
    const paid = await expectResult(shop.t.app, payRequest(user, order, answer), OrderSchema);
    expect(paid.status).toBe('pending');
    const invoice = await online.invoiceOfOrder(order._id);
    expect(invoice?.totals.totalPaise).toBe(rupeesToPaise(paid.totalPrice));
  });
});
