import {
  ORDERS_CSV_COLUMNS,
  type OrdersCsvQuery,
  paiseToRupees,
  SHOP_TIME_ZONE,
  shortOrderNumber,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { toCsv } from '#server/features/admin/csv.ts';
import type { OrdersService } from '#server/features/orders/orders.service.ts';
import { shopDayPlus, shopDayStart } from '#server/lib/dates.ts';

/** '2026-11-27 14:05': the shop's clock, in a form spreadsheets read as a date and time. */
const SHOP_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const shopTime = (instant: Date) => SHOP_TIME.format(instant).replace(', ', ' ');

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);

/** The owner's orders export (issue 27): one row per order line, the columns of ORDERS_CSV_COLUMNS. */
export function createOrdersCsvService(
  db: Database,
  { orders }: { orders: Pick<OrdersService, 'findOrderLinesPlacedBetween'> },
) {
  return {
    async exportOrders({ from, to }: OrdersCsvQuery): Promise<string> {
      const rows = await orders.findOrderLinesPlacedBetween(
        db,
        shopDayStart(from),
        shopDayStart(shopDayPlus(shopDayStart(to), 1)),
      );
      return toCsv(
        [
          ORDERS_CSV_COLUMNS,
          ...rows.map(({ order, line, customer }) => [
            shortOrderNumber(order.id),
            order.id,
            shopTime(order.createdAt),
            customer.name,
            customer.email,
            order.status,
            line.name,
            line.productId,
            line.size,
            line.colorName,
            String(line.quantity),
            rupees(line.pricePaise),
            rupees(line.pricePaise * line.quantity),
            order.couponCode ?? '',
            rupees(order.discountPaise),
            rupees(order.totalPaise),
            order.onlineMethod
              ? `${order.paymentMethod} (${order.onlineMethod})`
              : order.paymentMethod,
            order.addressState,
          ]),
        ],
        { bom: true },
      );
    },
  };
}

export type OrdersCsvService = ReturnType<typeof createOrdersCsvService>;
