import {
  type AdminDashboard,
  type AdminOrder,
  type AdminOrderSummary,
  type ContactMessage,
  isSize,
  type NewsletterSubscriber,
  ORDER_STATUSES,
  type OrderStatus,
  type Size,
} from '#contract';
import type { CustomerRow } from '#server/db/schema/accounts.ts';
import type { ContactMessageRow, SubscriberRow } from '#server/db/schema/messages.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import { mediaUrl } from '#server/features/media/media.service.ts';
import { toOrder } from '#server/features/orders/orders.service.ts';
import { paiseToRupees } from '#server/lib/money.ts';

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
  refunds: RefundRow[],
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

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    handled: row.handledAt !== null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toSubscriber = (row: SubscriberRow): NewsletterSubscriber => ({
  _id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
});

export function toDashboard(values: {
  today: string;
  statusCounts: { status: OrderStatus; n: number }[];
  todaySales: { orders: number; totalPaise: number };
  weekSales: { orders: number; totalPaise: number };
  lowStockThreshold: number;
  lowStock: { productId: string; title: string; size: string; stock: number }[];
  lowStockTotal: number;
}): AdminDashboard {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, n } of values.statusCounts) counts[status] = n;
  return {
    ordersByStatus: counts,
    today: values.today,
    revenue: {
      today: paiseToRupees(values.todaySales.totalPaise),
      last7Days: paiseToRupees(values.weekSales.totalPaise),
    },
    orders: { today: values.todaySales.orders, last7Days: values.weekSales.orders },
    lowStockThreshold: values.lowStockThreshold,
    lowStock: values.lowStock
      // Stock rows hold only the shop's sizes; anything else could not be shown.
      .filter((line): line is typeof line & { size: Size } => isSize(line.size))
      .map((line) => ({ ...line })),
    lowStockTotal: values.lowStockTotal,
  };
}
