import {
  type CheckoutBody,
  ONLINE_PAYMENTS_OFF_MESSAGE,
  type Order,
  type PayOrderBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderAddress, OrderItemRow } from '#server/db/schema/orders.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { type CheckoutDependencies, createCheckout } from './checkout.ts';
import type { OnlinePayments } from './online-payments.ts';
import type { OrderInvoicing } from './order-invoicing.ts';
import {
  appendOrderEvent,
  createOrderLifecycle,
  type OrderLifecycleDependencies,
} from './order-lifecycle.ts';
import { createOrderReads } from './order-reads.ts';
import {
  findAdminOrderPage,
  findOrder,
  findOrderEventsWithActors,
  findOrderItems,
  findOrderLinesPlacedBetween,
  findOrderWithCustomer,
  hasDeliveredItem,
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  isProductOrdered,
} from './orders.repository.ts';

/** The mapper's shapes other features need (decision 011): the owner's order page, a return's refunds. */
export { type OrderPayment, toOrder, toRefund } from './orders.mapper.ts';
/** Whether a user received a product, which they may then review (D28): a read needing no dependency. */
export { hasDeliveredItem } from './orders.repository.ts';
/** The order an 'each pays' group becomes at closing (decision 066), for the group orders feature. */
export {
  createPaidGroupOrders,
  type PaidGroupPiece,
  type PlacePaidGroupOrder,
} from './paid-group-orders.ts';

/**
 * The orders feature's one service, composed of its jobs: checkout
 * (checkout.ts, with checkout-idempotency.ts), the lifecycle
 * (order-lifecycle.ts) and the shopper's reads (order-reads.ts); its
 * messages are in orders.messages.ts.
 */
export type OrdersDependencies = Omit<
  CheckoutDependencies,
  'razorpayKeyId' | 'invoicing' | 'groupOrders'
> &
  Omit<OrderLifecycleDependencies, 'invoicing' | 'groupEntries'> & {
    /** Checkout orders a group's pieces; a cancel lets them wait to be ordered again (decision 072). */
    groupOrders: CheckoutDependencies['groupOrders'] & OrderLifecycleDependencies['groupEntries'];
    invoicing: OrderInvoicing;
    /** The service's own: refunds sent once a cancel committed, and the refunds its reads show. */
    payments: Pick<PaymentsService, 'sendRefunds' | 'findRefunds' | 'findMemberRefunds'>;
    /** Razorpay's online payments, when the shop has its keys (issue 25). */
    online?: OnlinePayments | undefined;
  };

/** An order placed and delivered in the past: how the seed's reviewers received what they review (D28). */
export interface PastDeliveredOrder {
  userId: string;
  address: OrderAddress;
  lines: Pick<
    OrderItemRow,
    'productId' | 'name' | 'image' | 'size' | 'colorName' | 'colorHex' | 'garment' | 'pricePaise'
  >[];
  placedAt: Date;
  deliveredAt: Date;
}

/**
 * Records a cash order placed and delivered in the past, with its events (the
 * seed): no stock, payment, mail or invoice, so none of the service's dependencies.
 */
export async function recordDeliveredOrder(tx: Database, past: PastDeliveredOrder): Promise<void> {
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
}

export function createOrdersService(
  db: Database,
  {
    cart,
    addresses,
    payments,
    catalogue,
    mail,
    invoicing,
    online,
    printJobs,
    groupOrders,
  }: OrdersDependencies,
) {
  const moveOrder = createOrderLifecycle({
    payments,
    catalogue,
    mail,
    invoicing,
    groupEntries: groupOrders,
  });
  const reads = createOrderReads(db, payments);
  const { withDetails } = reads;
  const placeOrder = createCheckout(
    db,
    {
      cart,
      addresses,
      payments,
      catalogue,
      mail,
      invoicing,
      razorpayKeyId: online?.keyId,
      printJobs,
      groupOrders,
    },
    withDetails,
  );

  function onlinePayments(): OnlinePayments {
    if (!online) throw notFound(ONLINE_PAYMENTS_OFF_MESSAGE);
    return online;
  }

  return {
    /**
     * Checkout (D18); an online order then gets its Razorpay order, once its
     * transaction committed (issue 25). A replayed checkout whose Razorpay
     * order could not be made before makes it now.
     */
    async checkout(user: AuthUser, body: CheckoutBody, idempotencyKey?: string): Promise<Order> {
      const order = await placeOrder(user, body, idempotencyKey);
      if (!online || order.status !== 'awaiting-payment' || order.payment) return order;
      await online.startPayment(order._id);
      return reads.getOrder(user.id, order._id);
    },

    /** Checkout's answer for an online order (POST /order/{id}/payment, issue 25). */
    async payOrder(user: AuthUser, id: string, body: PayOrderBody): Promise<Order> {
      return withDetails(db, await onlinePayments().payOrder(user, id, body));
    },

    /** A Razorpay webhook on its raw body (issue 25); 404 without Razorpay's keys. */
    handleRazorpayWebhook: (
      rawBody: Buffer,
      signature: string | undefined,
      eventId: string | undefined,
    ) => onlinePayments().handleWebhook(rawBody, signature, eventId),

    listOrders: reads.listOrders,
    getOrder: reads.getOrder,
    /**
     * The shopper cancels their pending order (D19): its stock comes back and
     * what was paid by card is refunded, sent to the provider once the cancel committed.
     */
    async cancelOrder(user: AuthUser, id: string): Promise<Order> {
      const { order } = await db.transaction((tx) =>
        moveOrder(tx, { orderId: id, to: 'cancelled', by: { userId: user.id, as: 'shopper' } }),
      );
      await payments.sendRefunds({ orderId: order.id });
      return withDetails(db, order);
    },

    moveOrder,
    /** Adds to an order's timeline what another feature did to it, in its transaction (a cash refund paid by hand). */
    appendEvent: appendOrderEvent,
    /** A received return's credit note, in its transaction: the units sent back for money (issue 26). */
    creditReturnedUnits: invoicing.creditReturnedUnits,
    /** Sends the refunds a move decided, after its transaction committed (decision 014). */
    sendRefunds: (orderId: string) => payments.sendRefunds({ orderId }),
    findRefunds: (tx: Database, orderIds: string[]) => payments.findRefunds(tx, orderIds),
    /** The refunds of the members of the 'each pays' group the order came from (decision 073). */
    findMemberRefunds: (tx: Database, orderId: string) => payments.findMemberRefunds(tx, orderId),

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
    findOrderLinesPlacedBetween,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
