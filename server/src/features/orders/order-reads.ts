import type { Order } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderRow } from '#server/db/schema/orders.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toOrder, toOrders } from './orders.mapper.ts';
import { ORDER_NOT_FOUND } from './orders.messages.ts';
import { findOrder, findOrderEvents, findOrderItems, findUserOrders } from './orders.repository.ts';

/** The shopper's reads of their orders, with items, events and refunds (D20). */
export function createOrderReads(db: Database, payments: Pick<PaymentsService, 'findRefunds'>) {
  async function withDetails(tx: Database, row: OrderRow): Promise<Order> {
    const [items, events, refunds] = await Promise.all([
      findOrderItems(tx, [row.id]),
      findOrderEvents(tx, [row.id]),
      payments.findRefunds(tx, [row.id]),
    ]);
    return toOrder(row, items, events, refunds);
  }

  return {
    withDetails,
    /** The user's orders, newest first, with their items and events. */
    async listOrders(userId: string): Promise<Order[]> {
      const rows = await findUserOrders(db, userId);
      const ids = rows.map((row) => row.id);
      const [items, events, refunds] = await Promise.all([
        findOrderItems(db, ids),
        findOrderEvents(db, ids),
        payments.findRefunds(db, ids),
      ]);
      return toOrders(rows, items, events, refunds);
    },

    async getOrder(userId: string, id: string): Promise<Order> {
      const row = isUuid(id) ? await findOrder(db, userId, id) : undefined;
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return withDetails(db, row);
    },
  };
}
