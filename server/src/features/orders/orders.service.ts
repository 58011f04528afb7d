import { createHash } from 'node:crypto';
import {
  type CheckoutBody,
  findOrderTransition,
  type Order,
  type OrderActor,
  type OrderEventType,
  type OrderStatus,
  type ReturnEventType,
  type Size,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderEventRow, OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { RefundRow } from '#server/db/schema/payments.ts';
import type { AddressesService } from '#server/features/addresses/addresses.service.ts';
import type { CartService } from '#server/features/cart/cart.service.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { MailService, ReturnUpdate } from '#server/features/mail/mail.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toOrder, toOrders } from './orders.mapper.ts';
import {
  findAdminOrderPage,
  findIdempotencyKey,
  findOrder,
  findOrderEvents,
  findOrderEventsWithActors,
  findOrderItems,
  findOrderWithCustomer,
  findUserOrders,
  hasDeliveredItem,
  insertIdempotencyKey,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  isProductOrdered,
  lockOrder,
  lockOrderById,
  renewIdempotencyKey,
  setIdempotencyKeyOrder,
  updateOrderStatus,
} from './orders.repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const NO_SELECTED_ITEMS = 'Your cart has no selected items';
export const NO_ADDRESS = 'Please select a delivery address';
export const ONLY_PENDING_CANCEL = 'Only pending orders can be cancelled';
/** Why the owner cannot move an order where they asked (D19): 409. */
export const cannotMove = (from: OrderStatus, to: OrderStatus) =>
  from === to ? `This order is already ${from}` : `Cannot move an order from ${from} to ${to}`;
export const KEY_REUSED = 'This Idempotency-Key was used for a different request';

export function shortOfStock(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Only ${left} left of ${line.title} (size ${line.size})`
    : `${line.title} (size ${line.size}) is out of stock`;
}

/**
 * A refused move, in the words of who asked: a shopper's one move is
 * cancelling a pending order, so that is what they are told; the owner hears
 * where the order is and where it cannot go.
 */
const refusal = (from: OrderStatus, to: OrderStatus, actor: OrderActor) =>
  actor === 'shopper' ? ONLY_PENDING_CANCEL : cannotMove(from, to);

/** Who moves an order: a shopper reaches only their own orders (another's is not found, D2). */
export interface OrderMover {
  userId: string;
  as: OrderActor;
}

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

export const ONLY_DELIVERED_RETURNS = 'Only a delivered order can be returned or exchanged';

export interface OrdersDependencies {
  cart: Pick<CartService, 'priceSelection' | 'checkSelectedDesigns' | 'clearCheckedOut'>;
  addresses: Pick<AddressesService, 'findSelectedAddress'>;
  payments: PaymentsService;
  catalogue: Pick<CatalogueService, 'takeStockFor' | 'returnStock'>;
  mail: Pick<MailService, 'orderPlaced' | 'orderStatusChanged' | 'returnUpdated'>;
}

/** JSON with object keys sorted, so equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * What makes two checkouts "the same request" for an Idempotency-Key (D18):
 * the parsed body, except that a card counts by its name, last 4 and expiry
 * and a saved card by its id: not even a hash of a card number or CVV is kept (D12).
 */
export function checkoutHash(body: CheckoutBody): string {
  const { card, cvv: _cvv, ...rest } = body;
  const fingerprint = {
    ...rest,
    card: card && {
      name: card.name,
      last4: card.number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      save: card.save,
    },
  };
  return createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}

/** An order placed and delivered in the past: how the seed's reviewers received what they review (D28). */
export interface PastDeliveredOrder {
  userId: string;
  address: {
    name: string;
    phone: string;
    pincode: string;
    city: string;
    state: string;
    fullAddress: string;
  };
  lines: { productId: string; name: string; image: string; size: Size; pricePaise: number }[];
  placedAt: Date;
  deliveredAt: Date;
}

export function createOrdersService(
  db: Database,
  { cart, addresses, payments, catalogue, mail }: OrdersDependencies,
) {
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
      }
      entries = [{ type: rule.to, note: move.note || null }];
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

  async function withDetails(tx: Database, row: OrderRow): Promise<Order> {
    const [items, events, refunds] = await Promise.all([
      findOrderItems(tx, [row.id]),
      findOrderEvents(tx, [row.id]),
      payments.findRefunds(tx, [row.id]),
    ]);
    return toOrder(row, items, events, refunds);
  }

  /**
   * Claims the Idempotency-Key inside the checkout's transaction (D18). The
   * insert waits on the key's primary key while another checkout with the
   * same key is running, so it sees that checkout's order once it commits, or
   * gets the key when it rolled back. Answers the first order to replay, or
   * undefined when this checkout goes ahead.
   */
  async function claimKey(tx: Database, userId: string, key: string, requestHash: string) {
    const claim = { userId, key, requestHash };
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await insertIdempotencyKey(tx, claim)) return undefined;
      const taken = await findIdempotencyKey(tx, userId, key);
      if (!taken) continue; // its order was deleted meanwhile: claim it afresh
      if (taken.live && taken.orderId) {
        if (taken.requestHash !== requestHash) throw conflict(KEY_REUSED);
        const order = await findOrder(tx, userId, taken.orderId);
        if (order) return withDetails(tx, order);
      }
      // Older than 24 hours: the key is as good as new.
      if (await renewIdempotencyKey(tx, claim)) return undefined;
    }
    throw conflict('This Idempotency-Key is in use by another checkout. Please try again.');
  }

  return {
    /**
     * Orders the selected cart lines to the selected address, in ONE
     * transaction (D18): any refusal rolls back everything, the key's claim
     * included, so nothing is ever half done and a retry is a fresh attempt.
     * The payment is approved inside it, before the order's rows are written;
     * when anything fails after the approval, the approval is voided.
     */
    checkout(user: AuthUser, body: CheckoutBody, idempotencyKey?: string): Promise<Order> {
      const requestHash = idempotencyKey ? checkoutHash(body) : '';
      const authorizationIds: string[] = [];
      const transaction = db.transaction(async (tx) => {
        if (idempotencyKey) {
          const replay = await claimKey(tx, user.id, idempotencyKey, requestHash);
          if (replay) return replay;
        }
        // The cart's stored coupon and gift wrap are what its quote showed (D10, D16). A client
        // that still sends its own (couponCode, giftWrap) is charged for those instead: what it
        // sends is what it asked /cart/quote about, so what it showed is what it charges.
        const { lines, price, options } = await cart.priceSelection(tx, user.id, {
          couponCode: body.couponCode,
          ...(body.giftWrap && { giftWrap: true, giftMessage: body.giftWrap.message }),
        });
        if (lines.length === 0) throw badRequest(NO_SELECTED_ITEMS);
        await cart.checkSelectedDesigns(tx, user.id);
        const address = await addresses.findSelectedAddress(tx, user.id);
        if (!address) throw badRequest(NO_ADDRESS);
        const shortage = await catalogue.takeStockFor(tx, lines);
        if (shortage) throw conflict(shortOfStock(shortage.short, shortage.left));
        if (price.couponError) {
          throw badRequest(price.couponError, [
            { field: 'couponCode', message: price.couponError },
          ]);
        }
        const payment = await payments.pay(
          tx,
          user.id,
          {
            method: body.paymentMethod,
            amountPaise: price.totalPaise,
            card: body.card,
            savedCard:
              body.savedCardId !== undefined && body.cvv !== undefined
                ? { id: body.savedCardId, cvv: body.cvv }
                : undefined,
          },
          authorizationIds,
        );

        const now = new Date();
        const row = await insertOrder(tx, {
          userId: user.id,
          status: 'pending',
          subtotalPaise: price.subtotalPaise,
          discountPaise: price.discountPaise,
          couponCode: price.coupon?.code ?? null,
          giftWrapPaise: price.giftWrapPaise,
          giftMessage: (options.giftWrap && options.giftMessage) || null,
          totalPaise: price.totalPaise,
          paymentMethod: payment.method,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          paymentReference: payment.reference,
          addressName: address.name,
          addressPhone: address.phone,
          addressPincode: address.pincode,
          addressCity: address.city,
          addressState: address.state,
          addressFullAddress: address.fullAddress,
          estimateDeliveryDate: estimatedDelivery(now),
          createdAt: now,
        });
        const items = await insertOrderItems(
          tx,
          lines.map((line, position) => ({
            orderId: row.id,
            position,
            productId: line.productId,
            name: line.title,
            image: line.image,
            size: line.size,
            pricePaise: line.pricePaise,
            quantity: line.quantity,
            design: line.design,
            printAreas: line.printAreas,
            imageIds: line.imageIds,
          })),
        );
        const placed = await insertOrderEvent(tx, {
          orderId: row.id,
          type: 'placed',
          actorUserId: user.id,
          at: now,
        });
        if (idempotencyKey)
          await setIdempotencyKeyOrder(tx, {
            userId: user.id,
            key: idempotencyKey,
            orderId: row.id,
          });
        await cart.clearCheckedOut(
          tx,
          user.id,
          lines.map((line) => line.cartItemId),
        );
        const order = toOrder(row, items, [placed], []);
        // 'You will receive a confirmation email soon.' (D32): written with the order, or not at all.
        await mail.orderPlaced(tx, user, order);
        return order;
      });
      return transaction.catch(async (failure: unknown) => {
        await payments.voidPayments(authorizationIds).catch((voidFailure: unknown) => {
          throw new AggregateError([failure, voidFailure], 'A failed checkout kept its payment');
        });
        throw failure;
      });
    },

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

    /**
     * The shopper cancels their pending order (D19): its stock comes back and
     * what was paid by card is refunded, sent to the provider once the cancel committed.
     */
    async cancelOrder(user: AuthUser, id: string): Promise<Order> {
      const { order } = await db.transaction((tx) =>
        moveOrder(tx, { orderId: id, to: 'cancelled', by: { userId: user.id, as: 'shopper' } }),
      );
      await payments.sendRefunds(order.id);
      return withDetails(db, order);
    },

    moveOrder,
    /** Sends the refunds a move decided, after its transaction committed (decision 014). */
    sendRefunds: (orderId: string) => payments.sendRefunds(orderId),
    findRefunds: (tx: Database, orderIds: string[]) => payments.findRefunds(tx, orderIds),

    /** Records a cash order placed and delivered in the past, with its events (the seed). */
    async recordDeliveredOrder(tx: Database, past: PastDeliveredOrder): Promise<void> {
      const totalPaise = past.lines.reduce((sum, line) => sum + line.pricePaise, 0);
      const { address } = past;
      const row = await insertOrder(tx, {
        userId: past.userId,
        status: 'delivered',
        subtotalPaise: totalPaise,
        totalPaise,
        paymentMethod: 'cash',
        addressName: address.name,
        addressPhone: address.phone,
        addressPincode: address.pincode,
        addressCity: address.city,
        addressState: address.state,
        addressFullAddress: address.fullAddress,
        estimateDeliveryDate: estimatedDelivery(past.placedAt),
        deliveredAt: past.deliveredAt,
        createdAt: past.placedAt,
      });
      await insertOrderItems(
        tx,
        past.lines.map((line, position) => ({ ...line, orderId: row.id, position, quantity: 1 })),
      );
      const shippedAt = new Date((past.placedAt.getTime() + past.deliveredAt.getTime()) / 2);
      for (const [type, at] of [
        ['placed', past.placedAt],
        ['shipped', shippedAt],
        ['delivered', past.deliveredAt],
      ] as const) {
        await insertOrderEvent(tx, { orderId: row.id, type, actorUserId: null, at });
      }
    },

    // What other features may read and write of the orders, executor first.
    /** One of a user's orders; another user's id finds nothing (D2). */
    findOrder,
    findOrderItems,
    /** Whether any order holds this product: then it may be archived but not deleted. */
    isProductOrdered,
    /** Whether the user received the product: they may review it (D28). */
    hasDeliveredItem,
    /** The owner's reads (D25). */
    findAdminOrderPage,
    findOrderWithCustomer,
    findOrderEventsWithActors,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
