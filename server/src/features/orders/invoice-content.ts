import {
  gstStateByCode,
  gstStateByName,
  spreadDiscount,
  type TaxableLine,
  type TaxedLine,
  taxLines,
} from '#contract';
import type { OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type {
  TaxInvoiceSupplier,
  TaxRules,
} from '#server/features/business/business-settings.service.ts';
import type { IssueInvoiceInput } from '#server/features/invoices/invoices.service.ts';

/** What of an order its tax invoice reads. */
export type InvoicedOrder = Pick<
  OrderRow,
  | 'id'
  | 'discountPaise'
  | 'giftWrapPaise'
  | 'codFeePaise'
  | 'totalPaise'
  | 'addressName'
  | 'addressFullAddress'
  | 'addressCity'
  | 'addressPincode'
  | 'addressState'
  | 'addressStateCode'
  | 'buyerGstin'
  | 'buyerBusinessName'
>;

export type InvoicedItem = Pick<
  OrderItemRow,
  'productId' | 'name' | 'size' | 'pricePaise' | 'quantity' | 'design' | 'position'
>;

/**
 * The order's place of supply: its delivery state, kept as a code since
 * checkout chose it from GST's list; an order placed before that by its
 * state's name. Undefined when the name is no state's.
 */
export function placeOfSupplyOf(order: Pick<OrderRow, 'addressState' | 'addressStateCode'>) {
  const state = order.addressStateCode
    ? gstStateByCode(order.addressStateCode)
    : gstStateByName(order.addressState);
  return state && { code: state.code, name: state.name };
}

/** The order's lines in the order the invoice prints them: by their position at checkout. */
const byPosition = <Item extends Pick<OrderItemRow, 'position'>>(items: readonly Item[]) =>
  [...items].sort((a, b) => a.position - b.position);

/**
 * The tax invoice of an order (issue 26), or undefined when its delivery
 * state is unknown. One line per order line first, in their positions' order
 * (a credit note for returned units finds its lines by that order), priced
 * as charged (print included) with the coupon spread over them in proportion;
 * then gift wrap and the cash on delivery fee, each at the owner's HSN/SAC
 * and rate. Its total is what the order charged.
 */
export function orderInvoiceContent(input: {
  order: InvoicedOrder;
  items: readonly InvoicedItem[];
  /** Each product's HSN code, read when the invoice is issued. */
  hsnByProduct: ReadonlyMap<string, string>;
  supplier: TaxInvoiceSupplier;
  rules: TaxRules;
}): IssueInvoiceInput | undefined {
  const { order, supplier, rules } = input;
  const place = placeOfSupplyOf(order);
  if (!place) return undefined;
  const items = byPosition(input.items);
  const discounts = spreadDiscount(
    items.map((item) => item.pricePaise * item.quantity),
    order.discountPaise,
  );
  const goods: TaxableLine[] = items.map((item, index) => ({
    description: `${item.name}, ${item.size}${item.design ? ', custom print' : ''}`,
    hsn: input.hsnByProduct.get(item.productId) ?? '',
    quantity: item.quantity,
    unitPricePaise: item.pricePaise,
    discountPaise: discounts[index] ?? 0,
  }));
  const fixed = (description: string, pricePaise: number, rule: TaxRules['giftWrap']) =>
    pricePaise > 0
      ? [
          {
            description,
            hsn: rule.hsn,
            quantity: 1,
            unitPricePaise: pricePaise,
            discountPaise: 0,
            fixedRatePercent: rule.ratePercent,
          },
        ]
      : [];
  const { lines, totals } = taxLines({
    lines: [
      ...goods,
      ...fixed('Gift wrap', order.giftWrapPaise, rules.giftWrap),
      ...fixed('Cash on delivery fee', order.codFeePaise, rules.codFee),
    ],
    intraState: place.code === supplier.stateCode,
    rates: rules.rates,
  });
  if (totals.totalPaise !== order.totalPaise) {
    throw new Error(
      `Order ${order.id}'s invoice adds up to ${totals.totalPaise} paise, not the ${order.totalPaise} charged`,
    );
  }
  const { invoicePrefix, ...printed } = supplier;
  return {
    prefix: invoicePrefix,
    orderId: order.id,
    supplier: printed,
    recipient: {
      name: order.addressName,
      address: [
        order.addressFullAddress,
        `${order.addressCity} ${order.addressPincode}`,
        order.addressState,
      ].join('\n'),
      stateCode: place.code,
      ...(order.buyerGstin && {
        gstin: order.buyerGstin,
        businessName: order.buyerBusinessName ?? '',
      }),
    },
    placeOfSupply: place,
    lines,
  };
}

/** Units of one order line sent back: the line's position, how many, and how many a credit note took before. */
export interface ReturnedUnits {
  position: number;
  quantity: number;
  creditedBefore: number;
}

/**
 * The credit note's lines for units returned (issue 26): each at the price
 * invoiced, its rate and its share of the line's discount. Shares are taken
 * cumulatively (units 1..n of a line always carry the same share in all),
 * so the line's returns together credit exactly what its invoice line charged.
 */
export function returnedCreditLines(input: {
  invoiceLines: readonly TaxedLine[];
  /** The order's lines' positions, in the invoice's order of its goods lines. */
  positions: readonly number[];
  returned: readonly ReturnedUnits[];
  intraState: boolean;
}): TaxedLine[] {
  const sorted = [...input.positions].sort((a, b) => a - b);
  const { lines } = taxLines({
    lines: input.returned.map((units): TaxableLine => {
      const invoiced = input.invoiceLines[sorted.indexOf(units.position)];
      if (!invoiced) throw new Error(`No invoice line for the order line at ${units.position}`);
      const creditedAfter = units.creditedBefore + units.quantity;
      if (creditedAfter > invoiced.quantity) {
        throw new RangeError(`${invoiced.description}: more units credited than invoiced`);
      }
      const shareUpTo = (count: number) =>
        Math.floor((invoiced.discountPaise * count) / invoiced.quantity);
      return {
        description: invoiced.description,
        hsn: invoiced.hsn,
        quantity: units.quantity,
        unitPricePaise: invoiced.unitPricePaise,
        discountPaise: shareUpTo(creditedAfter) - shareUpTo(units.creditedBefore),
        // The rate invoiced, whatever the apparel rule would say of the part returned.
        fixedRatePercent: invoiced.ratePercent,
      };
    }),
    intraState: input.intraState,
    rates: { thresholdPaise: 0, lowRatePercent: 0, highRatePercent: 0 },
  });
  // Goods lines are printed as the invoice printed them: without a fixed rate of their own.
  return lines.map(({ fixedRatePercent: _fixed, ...line }) => line);
}
