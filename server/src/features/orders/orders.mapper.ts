import type { Order } from '#contract';
import type { OrderEventRow, OrderItemRow, OrderRow, RefundRow } from '#server/db/schema/orders.ts';
import { paiseToRupees } from '#server/lib/money.ts';

function groupByOrder<Row extends { orderId: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId) ?? [];
    group.push(row);
    groups.set(row.orderId, group);
  }
  return groups;
}

/** Reshapes an order row with its items, events and refunds into the API's order (D3, D4). */
export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  events: OrderEventRow[],
  refunds: RefundRow[],
): Order {
  const card =
    row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null;
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
        price: paiseToRupees(item.pricePaise),
        quantity: item.quantity,
        design: item.design,
        printAreas: item.printAreas,
      })),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    couponCode: row.couponCode,
    giftWrap: paiseToRupees(row.giftWrapPaise),
    giftMessage: row.giftMessage,
    totalPrice: paiseToRupees(row.totalPaise),
    paymentMethod: row.paymentMethod,
    card,
    address: {
      name: row.addressName,
      phone: row.addressPhone,
      pincode: row.addressPincode,
      city: row.addressCity,
      state: row.addressState,
      fullAddress: row.addressFullAddress,
    },
    createdAt: row.createdAt.toISOString(),
    estimateDeliveryDate: row.estimateDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    events: events.map((event) => ({
      type: event.type,
      at: event.at.toISOString(),
      note: event.note,
    })),
    // A refund goes back the way the order was paid.
    refunds: refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      status: refund.status,
      method: row.paymentMethod,
      card,
      createdAt: refund.createdAt.toISOString(),
      refundedAt: refund.refundedAt ? refund.refundedAt.toISOString() : null,
    })),
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
