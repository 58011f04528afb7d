import {
  type AdminDashboard,
  isSize,
  ORDER_STATUSES,
  type OrderStatus,
  type Size,
} from '#contract';
import { paiseToRupees } from '#server/lib/money.ts';

export function toDashboard(values: {
  today: string;
  statusCounts: { status: OrderStatus; n: number }[];
  todaySales: { orders: number; totalPaise: number };
  weekSales: { orders: number; totalPaise: number };
  lowStockThreshold: number;
  lowStock: { productId: string; title: string; color: string; size: string; stock: number }[];
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
