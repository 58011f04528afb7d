import type {
  AdminOrder,
  AdminOrderSummary,
  LinePrint,
  OnlinePayment,
  Order,
  Refund,
} from '#contract';
import type { CustomerRow } from '#server/db/schema/accounts.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import { paiseToRupees } from '#server/lib/money.ts';

/** Rows by their order; a row of no order (a group member's refund, decision 073) is left out. */
function groupByOrder<Row extends { orderId: string | null }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.orderId === null) continue;
    const group = groups.get(row.orderId) ?? [];
    group.push(row);
    groups.set(row.orderId, group);
  }
  return groups;
}

/** How an order was paid, as much of it as a refund shows. */
export type OrderPayment = Pick<OrderRow, 'paymentMethod' | 'cardBrand' | 'cardLast4'>;

const cardOf = (payment: OrderPayment) =>
  payment.cardBrand && payment.cardLast4
    ? { brand: payment.cardBrand, last4: payment.cardLast4 }
    : null;

/** A refund goes back the way the order was paid. */
export function toRefund(payment: OrderPayment, refund: RefundRow): Refund {
  return {
    amount: paiseToRupees(refund.amountPaise),
    status: refund.status,
    reference: refund.providerReference,
    method: payment.paymentMethod,
    card: cardOf(payment),
    createdAt: refund.createdAt.toISOString(),
    refundedAt: refund.refundedAt ? refund.refundedAt.toISOString() : null,
  };
}

/** An online order's Razorpay order and, once paid, its payment (issue 25); null for the others. */
function onlinePaymentOf(row: OrderRow): OnlinePayment | null {
  if (row.paymentMethod !== 'online' || !row.razorpayOrderId || !row.razorpayKeyId) return null;
  return {
    provider: 'razorpay',
    keyId: row.razorpayKeyId,
    orderId: row.razorpayOrderId,
    amount: row.totalPaise,
    currency: 'INR',
    paymentId: row.status === 'awaiting-payment' ? null : row.paymentReference,
    method: row.onlineMethod,
  };
}

/** Reshapes an order row with its items, events and refunds into the API's order (D3, D4). */
export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[],
  refunds: RefundRow[],
): Order {
  const card = cardOf(row);
  return {
    _id: row.id,
    status: row.status,
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        _id: item.id,
        productId: item.productId,
        name: item.name,
        image: item.image,
        size: item.size,
        color: { name: item.colorName, hex: item.colorHex },
        garment: item.garment,
        price: paiseToRupees(item.pricePaise),
        quantity: item.quantity,
        design: item.design,
        printAreas: item.printAreas,
        personalisation: item.personalisation,
      })),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    couponCode: row.couponCode,
    giftWrap: paiseToRupees(row.giftWrapPaise),
    codFee: paiseToRupees(row.codFeePaise),
    giftMessage: row.giftMessage,
    totalPrice: paiseToRupees(row.totalPaise),
    paymentMethod: row.paymentMethod,
    card,
    payment: onlinePaymentOf(row),
    address: {
      name: row.addressName,
      phone: row.addressPhone,
      pincode: row.addressPincode,
      city: row.addressCity,
      state: row.addressState,
      fullAddress: row.addressFullAddress,
    },
    business:
      row.buyerGstin && row.buyerBusinessName
        ? { gstin: row.buyerGstin, name: row.buyerBusinessName }
        : null,
    createdAt: row.createdAt.toISOString(),
    estimateDeliveryDate: row.estimateDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    events: events.map((event) => ({
      type: event.type,
      at: event.at.toISOString(),
      note: event.note,
    })),
    refunds: refunds.map((refund) => toRefund(row, refund)),
  };
}

/** Several orders, each with its own items, events and refunds picked out of the lists. */
export function toOrders(
  rows: OrderRow[],
  items: OrderItemRow[],
  events: OrderEventRow[],
  refunds: RefundRow[],
): Order[] {
  const itemsByOrder = groupByOrder(items);
  const eventsByOrder = groupByOrder(events);
  const refundsByOrder = groupByOrder(refunds);
  return rows.map((row) =>
    toOrder(
      row,
      itemsByOrder.get(row.id) ?? [],
      eventsByOrder.get(row.id) ?? [],
      refundsByOrder.get(row.id) ?? [],
    ),
  );
}

const toCustomer = (customer: CustomerRow) => ({
  _id: customer.id,
  name: customer.name,
  email: customer.email,
});

export function toAdminOrderSummary(row: {
  order: OrderRow;
  customer: CustomerRow;
  itemCount: number;
}): AdminOrderSummary {
  return {
    _id: row.order.id,
    status: row.order.status,
    totalPrice: paiseToRupees(row.order.totalPaise),
    paymentMethod: row.order.paymentMethod,
    itemCount: row.itemCount,
    createdAt: row.order.createdAt.toISOString(),
    deliveredAt: row.order.deliveredAt ? row.order.deliveredAt.toISOString() : null,
    customer: toCustomer(row.customer),
  };
}

export interface EventWithActor {
  event: OrderEventRow;
  actor: { id: string; name: string; email: string; role: 'shopper' | 'admin' } | null;
}

/** The shopper's order (same mapper, so both see the same thing) plus who placed and changed it. */
export function toAdminOrder(
  row: OrderRow,
  customer: CustomerRow,
  items: OrderItemRow[],
  events: EventWithActor[],
  {
    refunds,
    memberRefunds,
  }: {
    refunds: RefundRow[];
    /** Each pays (decision 073): refunds of the group's members' own payments, to whom. */
    memberRefunds: { refund: RefundRow; memberName: string }[];
  },
  prints: LinePrint[],
): AdminOrder {
  const order = toOrder(
    row,
    items,
    events.map(({ event }) => event),
    refunds,
  );
  return {
    ...order,
    customer: toCustomer(customer),
    prints,
    memberRefunds: memberRefunds.map(({ refund, memberName }) => ({
      ...toRefund(row, refund),
      memberName,
      reason: refund.reason,
    })),
    events: order.events.map((event, index) => {
      const actor = events[index]?.actor;
      return {
        ...event,
        actor: actor
          ? { _id: actor.id, name: actor.name, email: actor.email, role: actor.role }
          : null,
      };
    }),
  };
}
