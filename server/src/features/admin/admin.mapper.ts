import {
  type AdminDashboard,
  type ContactMessage,
  isSize,
  type NewsletterSubscriber,
  ORDER_STATUSES,
  type OrderStatus,
  type Size,
} from '#contract';
import type { ContactMessageRow, SubscriberRow } from '#server/db/schema/messages.ts';
import { paiseToRupees } from '#server/lib/money.ts';

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
