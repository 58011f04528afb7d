import {
  findOrderTransition,
  type OrderActor,
  type OrderEventType,
  type OrderStatus,
  type ReturnEventType,
  SHOPPER_CANCEL_REFUSED,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { GroupOrdersService } from '#server/features/group-orders/group-orders.service.ts';
import type { MailService, ReturnUpdate } from '#server/features/mail/mail.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { OrderInvoicing } from './order-invoicing.ts';
import { toOrder } from './orders.mapper.ts';
import { cannotMove, ONLY_DELIVERED_RETURNS, ORDER_NOT_FOUND } from './orders.messages.ts';
import {
  findOrderEvents,
  findOrderItems,
  findOrderWithCustomer,
  insertOrderEvent,
  lockOrder,
  lockOrderById,
  updateOrderStatus,
} from './orders.repository.ts';

/**
 * A refused move, in the words of who asked: a shopper's one move is
 * cancelling, so they are told which orders they may cancel; the owner hears
 * where the order is and where it cannot go.
 */
const refusal = (from: OrderStatus, to: OrderStatus, actor: OrderActor) =>
  actor === 'shopper' ? SHOPPER_CANCEL_REFUSED : cannotMove(from, to);

/**
 * Who moves an order: a shopper reaches only their own orders (another's is
 * not found, D2); the shop itself (issue 25: a payment arriving, the sweep of
 * unpaid orders) is nobody on the timeline.
 */
export type OrderMover =
  | { userId: string; as: Exclude<OrderActor, 'system'> }
  | { userId: null; as: 'system' };

/**
 * A step of a return or exchange on a delivered order (D31). The order keeps
 * its status; the step's own rules run with the order locked, and what it did
 * becomes events on the timeline (D20) and an email (D32), as a move does.
 */
export interface OrderStep {
  apply(tx: Database, order: OrderRow, items: OrderItemRow[], at: Date): Promise<OrderStepOutcome>;
}

export interface OrderStepOutcome {
  /** The events the step adds to the timeline, in the order they happened. */
  events: { type: ReturnEventType; note: string | null }[];
  /** What the shopper is told. */
  mail: ReturnUpdate;
  /** A refund the step decided, pending until `sendRefunds` after the commit. */
  refund?: RefundRow | undefined;
}

/**
 * A change of an order, as the shopper's cancel, the owner's moves and the
 * steps of a return ask for it: a move along D19 (`to`), or a return's step.
 */
export type OrderMove = {
  orderId: string;
  by: OrderMover;
  note?: string | undefined;
} & ({ to: OrderStatus } | { step: OrderStep });

/**
 * What a move did, answered inside its transaction: what follows a move
 * (returns, refunds, status emails) hangs off this, and rolls back with it.
 */
export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /** The order after the move. */
  order: OrderRow;
  items: OrderItemRow[];
  /** The events it added to the timeline, oldest first. */
  events: OrderEventRow[];
  /** The refund a cancel or a received return decided, pending until `sendRefunds` after the commit. */
  refund: RefundRow | undefined;
}

export interface OrderLifecycleDependencies {
  payments: Pick<PaymentsService, 'refundRest' | 'findRefunds'>;
  catalogue: Pick<CatalogueService, 'returnStock'>;
  mail: Pick<MailService, 'orderStatusChanged' | 'returnUpdated'>;
  /** The tax invoice when a payment arrives, the credit note when an invoiced order is cancelled (issue 26). */
  invoicing: Pick<OrderInvoicing, 'invoiceOrder' | 'creditCancelledOrder'>;
  /** A cancelled order's pieces of a group its organiser pays for wait to be ordered again (decision 072). */
  groupEntries: Pick<GroupOrdersService, 'entriesReleased'>;
}

/**
 * Adds an event to an order's timeline that is no move (a payment after the
 * cancel, a cash refund paid by hand), inside the caller's transaction with
 * the order locked: timed after the order's last event, as moves are (D20, D30).
 */
export async function appendOrderEvent(
  tx: Database,
  event: { orderId: string; type: OrderEventType; note: string | null; actorUserId: string | null },
): Promise<OrderEventRow> {
  const last = (await findOrderEvents(tx, [event.orderId])).at(-1)?.at.getTime() ?? 0;
  return insertOrderEvent(tx, { ...event, at: new Date(Math.max(Date.now(), last + 1)) });
}

/** The order lifecycle (D19, D31): how an order moves, and the one function that moves it. */
export function createOrderLifecycle({
  payments,
  catalogue,
  mail,
  invoicing,
  groupEntries,
}: OrderLifecycleDependencies) {
  /**
   * The one way an order changes (D19, D31), inside the caller's transaction:
   * a move along D19, or a step of a return on a delivered order. The order
   * row is locked first: of two changes racing, the second waits and then
   * sees the first's result, so stock comes back once. Events are timed after
   * the order's last one, even when this process's clock is behind the one
   * that wrote it (D20 shows events in time order, D30 runs several
   * processes). Every change is written with its email (D32).
   */
  async function moveOrder(tx: Database, move: OrderMove): Promise<OrderTransition> {
    const { orderId, by } = move;
    const row = !isUuid(orderId)
      ? undefined
      : by.as === 'shopper'
        ? await lockOrder(tx, by.userId, orderId)
        : await lockOrderById(tx, orderId);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const items = await findOrderItems(tx, [row.id]);
    const last = (await findOrderEvents(tx, [row.id])).at(-1)?.at.getTime() ?? 0;
    const at = new Date(Math.max(Date.now(), last + 1));

    let order = row;
    let refund: RefundRow | undefined;
    let entries: { type: OrderEventType; note: string | null }[];
    let step: OrderStepOutcome | undefined;
    if ('step' in move) {
      if (row.status !== 'delivered') throw conflict(ONLY_DELIVERED_RETURNS);
      step = await move.step.apply(tx, row, items, at);
      entries = step.events;
      refund = step.refund;
    } else {
      const rule = findOrderTransition(row.status, move.to, by.as);
      if (!rule) throw conflict(refusal(row.status, move.to, by.as));
      if (rule.to === 'cancelled') await catalogue.returnStock(tx, items);
      order = await updateOrderStatus(
        tx,
        row.id,
        rule.to,
        rule.to === 'delivered' ? { deliveredAt: at } : {},
      );
      // A cancel gives back all that was paid; a cash order not yet delivered had nothing paid.
      // Written here, pending, it commits with the cancel; the caller sends it after the commit.
      if (rule.to === 'cancelled') {
        refund = await payments.refundRest(tx, order, 'Order cancelled');
        await invoicing.creditCancelledOrder(tx, order.id);
        await groupEntries.entriesReleased(tx, order.id);
      }
      // Moving to pending is an online payment arriving (issue 25): 'Paid' on the timeline, and
      // the order's tax invoice (issue 26).
      if (rule.to === 'pending') await invoicing.invoiceOrder(tx, order, items);
      entries = [{ type: rule.to === 'pending' ? 'paid' : rule.to, note: move.note || null }];
    }
    const events: OrderEventRow[] = [];
    for (const [index, entry] of entries.entries()) {
      events.push(
        await insertOrderEvent(tx, {
          orderId: row.id,
          type: entry.type,
          note: entry.note,
          actorUserId: by.userId,
          at: new Date(at.getTime() + index),
        }),
      );
    }
    // The shopper hears of every change (D32), in the same transaction as the change.
    const found = await findOrderWithCustomer(tx, row.id);
    if (found) {
      const [allEvents, refunds] = await Promise.all([
        findOrderEvents(tx, [row.id]),
        payments.findRefunds(tx, [row.id]),
      ]);
      const view = toOrder(order, items, allEvents, refunds);
      if (step) await mail.returnUpdated(tx, found.customer, view, step.mail);
      else await mail.orderStatusChanged(tx, found.customer, view, { to: order.status, at });
    }
    return { from: row.status, to: order.status, order, items, events, refund };
  }

  return moveOrder;
}
