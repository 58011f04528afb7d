import type { Database } from '#server/db/client.ts';
import type { GroupDeliveryAddress } from '#server/db/schema/group-orders.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { PrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import type { OrderInvoicing } from './order-invoicing.ts';
import { toOrder } from './orders.mapper.ts';
import {
  insertOrder,
  insertOrderEvent,
  insertOrderItems,
  type NewOrderItem,
} from './orders.repository.ts';

/** The timeline's note on the 'Paid' of a group's order: its members paid, each online. */
export const PAID_BY_MEMBERS_NOTE = 'Paid by the group’s members, each online for their own piece';

/** One piece of the order: a line of quantity 1, priced at the group's final price. */
export type PaidGroupPiece = Omit<NewOrderItem, 'orderId' | 'position' | 'quantity'>;

export interface PaidGroupOrderInput {
  organiser: { id: string; name: string; email: string };
  address: GroupDeliveryAddress;
  pieces: PaidGroupPiece[];
}

export interface PaidGroupOrdersDependencies {
  printJobs: Pick<PrintJobsService, 'enqueueOrderPrints'>;
  invoicing: Pick<OrderInvoicing, 'invoiceOrder'>;
  mail: Pick<MailService, 'orderPlaced'>;
}

/**
 * The order an 'each pays' group becomes when it closes (decision 066): the
 * organiser's, already paid (its payments are the members' own, kept on the
 * group's entries), written in the caller's transaction, as checkout writes
 * an order once paid: its items, print files queued, invoiced, the organiser
 * emailed. The caller has taken its stock.
 */
export function createPaidGroupOrders({ printJobs, invoicing, mail }: PaidGroupOrdersDependencies) {
  return async function placePaidGroupOrder(
    tx: Database,
    input: PaidGroupOrderInput,
  ): Promise<string> {
    const { organiser, address, pieces } = input;
    const totalPaise = pieces.reduce((sum, piece) => sum + piece.pricePaise, 0);
    const now = new Date();
    const row = await insertOrder(tx, {
      userId: organiser.id,
      status: 'pending',
      subtotalPaise: totalPaise,
      totalPaise,
      // No one Razorpay payment: each member's is on their entry, and refunded from there.
      paymentMethod: 'online',
      addressName: address.name,
      addressPhone: address.phone,
      addressPincode: address.pincode,
      addressCity: address.city,
      addressState: address.state,
      addressFullAddress: address.fullAddress,
      addressStateCode: address.stateCode,
      estimateDeliveryDate: estimatedDelivery(now),
      createdAt: now,
    });
    const items = await insertOrderItems(
      tx,
      pieces.map((piece, position) => ({ ...piece, orderId: row.id, position, quantity: 1 })),
    );
    await printJobs.enqueueOrderPrints(tx, items);
    await invoicing.invoiceOrder(tx, row, items);
    const events = [
      await insertOrderEvent(tx, {
        orderId: row.id,
        type: 'placed',
        actorUserId: organiser.id,
        at: now,
      }),
      await insertOrderEvent(tx, {
        orderId: row.id,
        type: 'paid',
        note: PAID_BY_MEMBERS_NOTE,
        actorUserId: null,
        at: now,
      }),
    ];
    await mail.orderPlaced(tx, organiser, toOrder(row, items, events, []));
    return row.id;
  };
}

export type PlacePaidGroupOrder = ReturnType<typeof createPaidGroupOrders>;
