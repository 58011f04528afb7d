import { createHash } from 'node:crypto';
import type { CheckoutBody, Order } from '#contract';
import type { Database } from '#server/db/client.ts';
import type { AddressesService } from '#server/features/addresses/addresses.service.ts';
import { deleteCartItems } from '#server/features/cart/cart.repository.ts';
import type { CartService } from '#server/features/cart/cart.service.ts';
import { returnStock, takeStockFor } from '#server/features/catalogue/catalogue.repository.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toOrder, toOrders } from './orders.mapper.ts';
import {
  findIdempotencyKey,
  findOrder,
  findOrderEvents,
  findOrderItems,
  findUserOrders,
  insertIdempotencyKey,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  lockOrder,
  type OrderRow,
  renewIdempotencyKey,
  setIdempotencyKeyOrder,
  updateOrderStatus,
} from './orders.repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const NO_SELECTED_ITEMS = 'Your cart has no selected items';
export const NO_ADDRESS = 'Please select a delivery address';
export const ONLY_PENDING_CANCEL = 'Only pending orders can be cancelled';
export const KEY_REUSED = 'This Idempotency-Key was used for a different request';

export function shortOfStock(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Only ${left} left of ${line.title} (size ${line.size})`
    : `${line.title} (size ${line.size}) is out of stock`;
}

export interface OrdersDependencies {
  cart: Pick<CartService, 'priceSelection'>;
  addresses: Pick<AddressesService, 'findSelectedAddress'>;
  payments: PaymentsService;
  mail: Pick<MailService, 'orderPlaced' | 'orderStatusChanged'>;
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
 * the parsed body, except that a card counts by its name, last 4 and expiry:
 * not even a hash of the card number or CVV is kept (D12).
 */
export function checkoutHash(body: CheckoutBody): string {
  const { card, ...rest } = body;
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

export function createOrdersService(
  db: Database,
  { cart, addresses, payments, mail }: OrdersDependencies,
) {
  async function withDetails(tx: Database, row: OrderRow): Promise<Order> {
    const [items, events] = await Promise.all([
      findOrderItems(tx, [row.id]),
      findOrderEvents(tx, [row.id]),
    ]);
    return toOrder(row, items, events);
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
        const couponCode = body.couponCode || undefined;
        const { lines, price } = await cart.priceSelection(tx, user.id, {
          couponCode,
          giftWrap: body.giftWrap !== undefined,
        });
        if (lines.length === 0) throw badRequest(NO_SELECTED_ITEMS);
        const address = await addresses.findSelectedAddress(tx, user.id);
        if (!address) throw badRequest(NO_ADDRESS);
        const shortage = await takeStockFor(tx, lines);
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
          giftMessage: body.giftWrap?.message || null,
          totalPaise: price.totalPaise,
          paymentMethod: payment.method,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
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
        await deleteCartItems(
          tx,
          user.id,
          lines.map((line) => line.cartItemId),
        );
        const order = toOrder(row, items, [placed]);
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
      const [items, events] = await Promise.all([
        findOrderItems(db, ids),
        findOrderEvents(db, ids),
      ]);
      return toOrders(rows, items, events);
    },

    async getOrder(userId: string, id: string): Promise<Order> {
      const row = isUuid(id) ? await findOrder(db, userId, id) : undefined;
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return withDetails(db, row);
    },

    /**
     * Cancels a pending order (D19) in one transaction: the order row is
     * locked first, so of two cancels racing, the second waits and then finds
     * the order cancelled: its stock comes back exactly once.
     */
    cancelOrder(user: AuthUser, id: string): Promise<Order> {
      if (!isUuid(id)) return Promise.reject(notFound(ORDER_NOT_FOUND));
      return db.transaction(async (tx) => {
        const row = await lockOrder(tx, user.id, id);
        if (!row) throw notFound(ORDER_NOT_FOUND);
        if (row.status !== 'pending') throw conflict(ONLY_PENDING_CANCEL);
        const items = await findOrderItems(tx, [row.id]);
        await returnStock(tx, items);
        const cancelled = await updateOrderStatus(tx, row.id, 'cancelled');
        const at = new Date();
        await insertOrderEvent(tx, {
          orderId: row.id,
          type: 'cancelled',
          actorUserId: user.id,
          at,
        });
        const order = toOrder(cancelled, items, await findOrderEvents(tx, [row.id]));
        await mail.orderStatusChanged(tx, user, order, { to: 'cancelled', at });
        return order;
      });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
