import {
  ADDRESS_NEEDS_STATE_MESSAGE,
  CARD_REFUSED_WITH_RAZORPAY_MESSAGE,
  type CheckoutBody,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_FIRST_ORDER_ONLY_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  ONLINE_PAYMENTS_OFF_MESSAGE,
  type Order,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderRow } from '#server/db/schema/orders.ts';
import type { AddressesService } from '#server/features/addresses/addresses.service.ts';
import type { CartService } from '#server/features/cart/cart.service.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { GroupOrdersService } from '#server/features/group-orders/group-orders.service.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import type { PrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { badRequest, conflict } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { checkoutHash, claimIdempotencyKey } from './checkout-idempotency.ts';
import type { OrderInvoicing } from './order-invoicing.ts';
import { toOrder } from './orders.mapper.ts';
import { NO_ADDRESS, NO_SELECTED_ITEMS, shortOfStock } from './orders.messages.ts';
import {
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  setIdempotencyKeyOrder,
} from './orders.repository.ts';

export interface CheckoutDependencies {
  cart: Pick<CartService, 'priceSelection' | 'checkSelectedDesigns' | 'clearCheckedOut'>;
  addresses: Pick<AddressesService, 'findSelectedAddress' | 'stateCodeOf'>;
  payments: Pick<PaymentsService, 'pay' | 'voidPayments'>;
  catalogue: Pick<CatalogueService, 'takeStockFor'>;
  mail: Pick<MailService, 'orderPlaced'>;
  /** The tax invoice of an order paid or placed at checkout (issue 26). */
  invoicing: Pick<OrderInvoicing, 'invoiceOrder'>;
  /** Razorpay's public key id when the shop has its keys: online payment on, cards refused (issue 25). */
  razorpayKeyId: string | undefined;
  /** The print queue: the order's print files are queued with it (decision 059). */
  printJobs: Pick<PrintJobsService, 'enqueueOrderPrints'>;
  /** Group orders (decisions 060, 072): a closed group's pieces checked out are ordered, entry by entry. */
  groupOrders: Pick<GroupOrdersService, 'entriesOrdered'>;
}

/**
 * Issue 25: online payment needs Razorpay's keys; with them, no card number
 * (nor the test gateway's saved card) reaches the server, so 'debit-card' is gone.
 */
function checkPaymentMethod(body: CheckoutBody, razorpayKeyId: string | undefined): void {
  if (body.paymentMethod === 'online' && !razorpayKeyId) {
    throw badRequest(ONLINE_PAYMENTS_OFF_MESSAGE, [
      { field: 'paymentMethod', message: ONLINE_PAYMENTS_OFF_MESSAGE },
    ]);
  }
  if (
    razorpayKeyId &&
    (body.paymentMethod === 'debit-card' ||
      body.card !== undefined ||
      body.savedCardId !== undefined)
  ) {
    throw badRequest(CARD_REFUSED_WITH_RAZORPAY_MESSAGE, [
      { field: body.card ? 'card' : 'paymentMethod', message: CARD_REFUSED_WITH_RAZORPAY_MESSAGE },
    ]);
  }
}

/**
 * Why a coupon stopped applying because of other orders (issue 27): used up,
 * or used by this shopper in another tab since the quote. A conflict, not a bad request.
 */
const COUPON_TAKEN_REASONS: ReadonlySet<string> = new Set([
  COUPON_USED_UP_MESSAGE,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_FIRST_ORDER_ONLY_MESSAGE,
]);

/** Checkout (D18), given how a replayed Idempotency-Key answers its first order. */
export function createCheckout(
  db: Database,
  {
    cart,
    addresses,
    payments,
    catalogue,
    mail,
    invoicing,
    razorpayKeyId,
    printJobs,
    groupOrders,
  }: CheckoutDependencies,
  replayOrder: (tx: Database, order: OrderRow) => Promise<Order>,
) {
  /**
   * Orders the selected cart lines to the selected address, in ONE
   * transaction (D18): any refusal rolls back everything, the key's claim
   * included, so nothing is ever half done and a retry is a fresh attempt.
   * The payment is approved inside it, before the order's rows are written;
   * when anything fails after the approval, the approval is voided.
   */
  return function checkout(
    user: AuthUser,
    body: CheckoutBody,
    idempotencyKey?: string,
  ): Promise<Order> {
    checkPaymentMethod(body, razorpayKeyId);
    const requestHash = idempotencyKey ? checkoutHash(body) : '';
    const authorizationIds: string[] = [];
    const transaction = db.transaction(async (tx) => {
      if (idempotencyKey) {
        const replay = await claimIdempotencyKey(
          tx,
          user.id,
          idempotencyKey,
          requestHash,
          replayOrder,
        );
        if (replay) return replay;
      }
      // The cart's stored coupon and gift wrap are what its quote showed (D10, D16). A client
      // that still sends its own (couponCode, giftWrap) is charged for those instead: what it
      // sends is what it asked /cart/quote about, so what it showed is what it charges.
      const { lines, price, options } = await cart.priceSelection(tx, user.id, {
        couponCode: body.couponCode,
        ...(body.giftWrap && { giftWrap: true, giftMessage: body.giftWrap.message }),
        paymentMethod: body.paymentMethod,
      });
      if (lines.length === 0) throw badRequest(NO_SELECTED_ITEMS);
      await cart.checkSelectedDesigns(tx, user.id);
      const address = await addresses.findSelectedAddress(tx, user.id);
      if (!address) throw badRequest(NO_ADDRESS);
      // Its state decides the order's tax (issue 26): an old address whose state matches none must choose one.
      const stateCode = addresses.stateCodeOf(address);
      if (stateCode === null) throw badRequest(ADDRESS_NEEDS_STATE_MESSAGE);
      const shortage = await catalogue.takeStockFor(tx, lines);
      if (shortage) throw conflict(shortOfStock(shortage.short, shortage.left));
      if (price.couponError) {
        const refuse = COUPON_TAKEN_REASONS.has(price.couponError) ? conflict : badRequest;
        throw refuse(price.couponError, [{ field: 'couponCode', message: price.couponError }]);
      }
      // The owner's rules for cash (issue 25): turned off, or above the limit, cash is refused.
      if (body.paymentMethod === 'cash' && price.cashOnDeliveryError) {
        const message = price.cashOnDeliveryError;
        throw badRequest(message, [{ field: 'paymentMethod', message }]);
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
      const online = payment.method === 'online';
      const row = await insertOrder(tx, {
        userId: user.id,
        // Issue 25: placed, its stock held, until its payment arrives.
        status: online ? 'awaiting-payment' : 'pending',
        razorpayKeyId: online ? razorpayKeyId : null,
        subtotalPaise: price.subtotalPaise,
        discountPaise: price.discountPaise,
        couponCode: price.coupon?.code ?? null,
        giftWrapPaise: price.giftWrapPaise,
        giftMessage: (options.giftWrap && options.giftMessage) || null,
        codFeePaise: price.codFeePaise,
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
        addressStateCode: stateCode,
        buyerGstin: body.business?.gstin ?? null,
        buyerBusinessName: body.business?.name ?? null,
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
          colorName: line.colorName,
          colorHex: line.colorHex,
          garment: line.garment,
          pricePaise: line.pricePaise,
          quantity: line.quantity,
          design: line.design,
          printAreas: line.printAreas,
          personalisation: line.personalisation,
          imageIds: line.imageIds,
        })),
      );
      await printJobs.enqueueOrderPrints(tx, items);
      await groupOrders.entriesOrdered(
        tx,
        lines.flatMap((line) => line.groupEntryId ?? []),
        row.id,
      );
      // Paid (the test gateway's card) or placed to pay in cash: invoiced now; online, once paid.
      if (!online) await invoicing.invoiceOrder(tx, row, items);
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
      // 'You will receive a confirmation email soon.' (D32): written with the order, or not at all;
      // an online order's goes when it is paid (issue 25).
      if (!online) await mail.orderPlaced(tx, user, order);
      return order;
    });
    return transaction.catch(async (failure: unknown) => {
      await payments.voidPayments(authorizationIds).catch((voidFailure: unknown) => {
        throw new AggregateError([failure, voidFailure], 'A failed checkout kept its payment');
      });
      throw failure;
    });
  };
}
