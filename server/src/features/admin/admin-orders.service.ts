import {
  type AdminOrder,
  type AdminOrderPage,
  type ListAdminOrdersQuery,
  NEXT_ORDER_STATUSES,
  type OrderStatus,
  type SetOrderStatusBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { returnStock } from '#server/features/catalogue/catalogue.repository.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import {
  type CustomerRow,
  findAdminOrderPage,
  findOrderEventsWithActors,
  findOrderItems,
  findOrderWithCustomer,
  insertOrderEvent,
  lockOrderById,
  type OrderItemRow,
  type OrderRow,
  updateOrderStatus,
} from '#server/features/orders/orders.repository.ts';
import { ORDER_NOT_FOUND } from '#server/features/orders/orders.service.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toAdminOrder, toAdminOrderSummary } from './admin.mapper.ts';

/** Why an order cannot go where it was asked (D19): 409. */
export const cannotMove = (from: OrderStatus, to: OrderStatus) =>
  from === to ? `This order is already ${from}` : `Cannot move an order from ${from} to ${to}`;

/** What the owner types to find an order: '#1A2B3C4D' (as shoppers see it), part of an email. */
const searchTerm = (search: string | undefined) =>
  search?.trim().replace(/^#/, '').toLowerCase() || undefined;

/** The owner moves orders along D19; every move is an event with its time and its admin. */
export function createAdminOrdersService(
  db: Database,
  mail: Pick<MailService, 'orderStatusChanged'>,
) {
  async function detail(
    tx: Database,
    row: OrderRow,
    customer: CustomerRow,
    items?: OrderItemRow[],
  ): Promise<AdminOrder> {
    const [lines, events] = await Promise.all([
      items ?? findOrderItems(tx, [row.id]),
      findOrderEventsWithActors(tx, row.id),
    ]);
    return toAdminOrder(row, customer, lines, events);
  }

  return {
    async listOrders(query: ListAdminOrdersQuery): Promise<AdminOrderPage> {
      const { rows, total } = await findAdminOrderPage(db, {
        status: query.status,
        search: searchTerm(query.search),
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return {
        results: rows.map(toAdminOrderSummary),
        total,
        page: query.page,
        pages: Math.ceil(total / query.limit),
        limit: query.limit,
      };
    },

    async getOrder(id: string): Promise<AdminOrder> {
      const found = isUuid(id) ? await findOrderWithCustomer(db, id) : undefined;
      if (!found) throw notFound(ORDER_NOT_FOUND);
      return detail(db, found.order, found.customer);
    },

    /**
     * Moves an order one step (D19) in one transaction. The order row is
     * locked first, like the shopper's cancel: of two moves racing, the second
     * waits and then sees the first's result, so stock comes back once.
     */
    setOrderStatus(admin: AuthUser, id: string, body: SetOrderStatusBody): Promise<AdminOrder> {
      if (!isUuid(id)) return Promise.reject(notFound(ORDER_NOT_FOUND));
      return db.transaction(async (tx) => {
        const locked = await lockOrderById(tx, id);
        if (!locked) throw notFound(ORDER_NOT_FOUND);
        const to = body.status;
        // Nothing ever moves back to pending: the check spells it out for the types too.
        if (to === 'pending' || !NEXT_ORDER_STATUSES[locked.status].includes(to)) {
          throw conflict(cannotMove(locked.status, to));
        }
        const items = await findOrderItems(tx, [id]);
        if (to === 'cancelled') await returnStock(tx, items);
        // Events keep their order even when two land within one millisecond.
        const previous = (await findOrderEventsWithActors(tx, id)).at(-1)?.event.at;
        const at = new Date(Math.max(Date.now(), previous ? previous.getTime() + 1 : 0));
        const row = await updateOrderStatus(
          tx,
          id,
          to,
          to === 'delivered' ? { deliveredAt: at } : {},
        );
        await insertOrderEvent(tx, {
          orderId: id,
          type: to,
          note: body.note || null,
          actorUserId: admin.id,
          at,
        });
        const found = await findOrderWithCustomer(tx, id);
        if (!found) throw notFound(ORDER_NOT_FOUND);
        const order = await detail(tx, row, found.customer, items);
        await mail.orderStatusChanged(tx, found.customer, order, { to, at });
        return order;
      });
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
