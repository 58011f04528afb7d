import { describe, expect, it } from 'vitest';
import { DEFAULT_GST_RATES, sumTaxTotals, type TaxedLine } from '#contract';
import type { TaxRules } from '#server/features/business/business-settings.service.ts';
import { type CouponRule, priceLines } from '#server/features/cart/pricing.ts';
import {
  type InvoicedItem,
  type InvoicedOrder,
  orderInvoiceContent,
  placeOfSupplyOf,
  returnedCreditLines,
} from './invoice-content.ts';

const SUPPLIER = {
  legalName: 'Threadcraft Apparel Private Limited',
  tradeName: 'Threadcraft',
  address: '80 Feet Road\nBengaluru 560034',
  stateCode: '29',
  gstin: '29AAACT1234F1Z5',
  invoicePrefix: 'TC',
};

const RULES: TaxRules = {
  rates: DEFAULT_GST_RATES,
  giftWrap: { hsn: '998599', ratePercent: 18 },
  codFee: { hsn: '996812', ratePercent: 12 },
};

const COUPON: CouponRule = {
  code: 'SAVE10',
  description: '10% off',
  kind: 'percent',
  percentOff: 10,
  amountOffPaise: null,
  maxDiscountPaise: null,
  minOrderPaise: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
};

const tee = (position: number, pricePaise: number, quantity: number): InvoicedItem => ({
  productId: `product-${position}`,
  name: `Tee ${position}`,
  size: 'M',
  pricePaise,
  quantity,
  design: null,
  position,
});

/** An order of `items` priced as checkout prices it (cart/pricing.ts), delivered to `state`. */
function orderOf(
  items: InvoicedItem[],
  options: {
    coupon?: CouponRule;
    giftWrap?: boolean;
    cashFeePaise?: number;
    stateCode?: string | null;
    state?: string;
  } = {},
): InvoicedOrder {
  const price = priceLines({
    lines: items,
    coupon: options.coupon ?? null,
    giftWrap: options.giftWrap ?? false,
    cashOnDelivery: {
      rules: { enabled: true, maxOrderPaise: 10_000_000, feePaise: options.cashFeePaise ?? 0 },
      chosen: options.cashFeePaise !== undefined,
    },
    now: new Date('2026-11-20T10:00:00Z'),
  });
  return {
    id: 'order-1',
    discountPaise: price.discountPaise,
    giftWrapPaise: price.giftWrapPaise,
    codFeePaise: price.codFeePaise,
    totalPaise: price.totalPaise,
    addressName: 'Asha Rao',
    addressFullAddress: '12 MG Road',
    addressCity: 'Bengaluru',
    addressPincode: '560001',
    addressState: options.state ?? 'Karnataka',
    addressStateCode: options.stateCode === undefined ? '29' : options.stateCode,
    buyerGstin: null,
    buyerBusinessName: null,
  };
}

const hsnByProduct = new Map([
  ['product-0', '6109'],
  ['product-1', '6110'],
  ['product-2', '6109'],
]);

function contentOf(order: InvoicedOrder, items: InvoicedItem[]) {
  const content = orderInvoiceContent({
    order,
    items,
    hsnByProduct,
    supplier: SUPPLIER,
    rules: RULES,
  });
  if (!content) throw new Error('No invoice content');
  return { ...content, totals: sumTaxTotals(content.lines) };
}

describe('orderInvoiceContent: an order as its tax invoice', () => {
  it('spreads the coupon over the goods lines, adds gift wrap and the COD fee at their own codes and rates, and totals what was charged (intra-state)', () => {
    const items = [tee(0, 49_950, 2), tee(1, 129_900, 1), tee(2, 39_900, 3)];
    const order = orderOf(items, { coupon: COUPON, giftWrap: true, cashFeePaise: 4_900 });
    const invoice = contentOf(order, items);

    expect(invoice.totals.totalPaise).toBe(order.totalPaise);
    expect(invoice.lines.map((line) => [line.description, line.hsn, line.discountPaise])).toEqual([
      ['Tee 0, M', '6109', 9_990],
      ['Tee 1, M', '6110', 12_990],
      ['Tee 2, M', '6109', 11_970],
      ['Gift wrap', '998599', 0],
      ['Cash on delivery fee', '996812', 0],
    ]);
    expect(invoice.lines.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(
      order.discountPaise,
    );
    expect(invoice.lines.map((line) => line.ratePercent)).toEqual([5, 5, 5, 18, 12]);
    expect(invoice.totals.igstPaise).toBe(0);
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(
      invoice.totals.totalPaise - invoice.totals.taxableValuePaise,
    );
    expect(invoice.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
    expect(invoice.prefix).toBe('TC');
    expect(invoice.supplier).toEqual({
      legalName: SUPPLIER.legalName,
      tradeName: SUPPLIER.tradeName,
      address: SUPPLIER.address,
      stateCode: '29',
      gstin: SUPPLIER.gstin,
    });
    expect(invoice.recipient).toEqual({
      name: 'Asha Rao',
      address: '12 MG Road\nBengaluru 560001\nKarnataka',
      stateCode: '29',
    });
  });

  it('charges IGST alone on delivery to another state, and still totals what was charged', () => {
    const items = [tee(0, 79_900, 1), tee(1, 59_900, 2)];
    const order = orderOf(items, {
      coupon: { ...COUPON, percentOff: 15, maxDiscountPaise: 20_000 },
      stateCode: '27',
      state: 'Maharashtra',
    });
    const invoice = contentOf(order, items);
    expect(invoice.totals.totalPaise).toBe(order.totalPaise);
    expect(invoice.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(0);
    expect(invoice.totals.igstPaise).toBe(
      invoice.totals.totalPaise - invoice.totals.taxableValuePaise,
    );
  });

  it('taxes a printed piece on its price with the print, and says it is printed', () => {
    // ₹2,400 plain is 5%; with a ₹400 print the piece is ₹2,800 (₹2,666.67 before tax at 5%): 18%.
    const printed: InvoicedItem = { ...tee(0, 280_000, 1), design: { front: [], back: [] } };
    const order = orderOf([printed]);
    const [line] = contentOf(order, [printed]).lines;
    expect(line).toMatchObject({
      description: 'Tee 0, M, custom print',
      unitPricePaise: 280_000,
      ratePercent: 18,
      totalPaise: 280_000,
    });
  });

  it('prints a business purchase’s GSTIN and business name as the recipient’s', () => {
    const items = [tee(0, 49_950, 1)];
    const order = {
      ...orderOf(items),
      buyerGstin: '27AAPFU0939F1ZV',
      buyerBusinessName: 'Rao Textiles LLP',
    };
    expect(contentOf(order, items).recipient).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      businessName: 'Rao Textiles LLP',
    });
  });

  it('lists the lines by their position at checkout, whatever order they are read in', () => {
    const items = [tee(1, 59_900, 1), tee(0, 49_950, 1)];
    const lines = contentOf(orderOf(items), items).lines;
    expect(lines.map((line) => line.description)).toEqual(['Tee 0, M', 'Tee 1, M']);
  });

  it('finds an older order’s place of supply by its state’s name, and none when the name is no state', () => {
    expect(placeOfSupplyOf({ addressStateCode: null, addressState: 'Orissa' })).toEqual({
      code: '21',
      name: 'Odisha',
    });
    const items = [tee(0, 49_950, 1)];
    const order = orderOf(items, { stateCode: null, state: 'Atlantis' });
    expect(
      orderInvoiceContent({ order, items, hsnByProduct, supplier: SUPPLIER, rules: RULES }),
    ).toBeUndefined();
  });

  it('refuses to issue an invoice that would not add up to what was charged', () => {
    const items = [tee(0, 49_950, 1)];
    const order = { ...orderOf(items), totalPaise: 50_000 };
    expect(() =>
      orderInvoiceContent({ order, items, hsnByProduct, supplier: SUPPLIER, rules: RULES }),
    ).toThrow(/not the 50000 charged/);
  });
});

describe('returnedCreditLines: returned units at the prices invoiced', () => {
  const items = [tee(0, 49_950, 3), tee(1, 129_900, 1)];
  const order = orderOf(items, { coupon: COUPON, giftWrap: true });
  const invoice = contentOf(order, items);
  const credit = (returned: { position: number; quantity: number; creditedBefore: number }[]) =>
    returnedCreditLines({
      invoiceLines: invoice.lines,
      positions: [1, 0],
      returned,
      intraState: true,
    });

  it('credits a whole line exactly as it was invoiced', () => {
    expect(credit([{ position: 1, quantity: 1, creditedBefore: 0 }])).toEqual([invoice.lines[1]]);
  });

  it('credits a line returned in parts so that the parts add up to the line invoiced', () => {
    const parts: TaxedLine[] = [
      ...credit([{ position: 0, quantity: 1, creditedBefore: 0 }]),
      ...credit([{ position: 0, quantity: 2, creditedBefore: 1 }]),
    ];
    const invoiced = invoice.lines[0];
    expect(parts.map((line) => line.quantity)).toEqual([1, 2]);
    expect(parts.reduce((sum, line) => sum + line.discountPaise, 0)).toBe(invoiced?.discountPaise);
    expect(parts.reduce((sum, line) => sum + line.totalPaise, 0)).toBe(invoiced?.totalPaise);
    expect(parts.every((line) => line.ratePercent === invoiced?.ratePercent)).toBe(true);
    expect(parts.every((line) => line.unitPricePaise === 49_950)).toBe(true);
  });

  it('refuses to credit more units than were invoiced', () => {
    expect(() => credit([{ position: 0, quantity: 2, creditedBefore: 2 }])).toThrow(
      /more units credited than invoiced/,
    );
  });
});
