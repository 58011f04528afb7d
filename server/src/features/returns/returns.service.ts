import {
  type AdminReturn,
  type AdminReturnPage,
  type ApproveReturnBody,
  canMoveReturn,
  EXCHANGE_SAME_SIZE,
  type ListAdminReturnsQuery,
  RETURN_INSTRUCTIONS,
  type RejectReturnBody,
  type RequestReturnBody,
  type ReturnRequest,
  type ReturnStatus,
  refundToPayByHandNote,
  returnWindowClosed,
  returnWindowClosesAt,
  shortOrderNumber,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { ReturnRow } from '#server/db/schema/returns.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { ReturnMailKind } from '#server/features/mail/return-emails.ts';
import type { OrderMover, OrderStepOutcome } from '#server/features/orders/order-lifecycle.ts';
import { ORDER_NOT_FOUND, shortOfStock } from '#server/features/orders/orders.messages.ts';
import type { OrderPayment, OrdersService } from '#server/features/orders/orders.service.ts';
import type { PaymentsService } from '#server/features/payments/payments.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import { toAdminReturn, toReturnRequest } from './returns.mapper.ts';
import {
  findAdminReturnPage,
  findCreditedUnits,
  findOrderReturns,
  findReturn,
  findReturnedUnits,
  findReturnItems,
  findReturnWithCustomer,
  insertReturn,
  lockReturn,
  updateReturn,
} from './returns.repository.ts';

export const RETURN_NOT_FOUND = 'Return not found';
export const NOT_AN_ORDER_ITEM = 'This item is not part of the order';

export const tooManyUnits = (line: Pick<OrderItemRow, 'name' | 'size'>, left: number) =>
  left > 0
    ? `Only ${left} of ${line.name} (size ${line.size}) can still be returned`
    : `${line.name} (size ${line.size}) has already been returned`;

const cannotStep = (status: ReturnStatus, what: string) =>
  `This return is ${status}: it cannot be ${what}`;

/**
 * A line's share of what was paid: its price less its part of the coupon's
 * discount, rounded down, so the shares of all lines never pass the total
 * paid (gift wrap is not given back). This is what returning it refunds.
 */
export function paidShare(
  order: Pick<OrderRow, 'subtotalPaise' | 'discountPaise'>,
  linePaise: number,
) {
  if (order.subtotalPaise <= 0) return 0;
  return Math.floor(
    (linePaise * (order.subtotalPaise - order.discountPaise)) / order.subtotalPaise,
  );
}

export interface ReturnsDependencies {
  orders: OrdersService;
  catalogue: Pick<CatalogueService, 'takeStockFor' | 'returnStock'>;
  payments: Pick<PaymentsService, 'refundOrder' | 'findRefunds'>;
}

/**
 * Returns and exchanges within 7 days of delivery (D31). Every step runs as a
 * step of the orders feature's one lifecycle function (`moveOrder`), which
 * locks the order, writes the step's events on the timeline (D20) and its
 * email (D32) in the same transaction.
 */
export function createReturnsService(
  db: Database,
  { orders, catalogue, payments }: ReturnsDependencies,
) {
  async function views(
    tx: Database,
    rows: ReturnRow[],
    payment: OrderPayment,
  ): Promise<ReturnRequest[]> {
    const [items, refunds] = await Promise.all([
      findReturnItems(
        tx,
        rows.map((row) => row.id),
      ),
      payments.findRefunds(tx, [...new Set(rows.map((row) => row.orderId))]),
    ]);
    return rows.map((row) => toReturnRequest(row, items, refunds, payment));
  }

  async function view(tx: Database, row: ReturnRow, payment: OrderPayment): Promise<ReturnRequest> {
    const [request] = await views(tx, [row], payment);
    if (!request) throw new Error('A return vanished while being read');
    return request;
  }

  /** A step's outcome: its events, and the email with the return as the step left it. */
  async function outcome(
    tx: Database,
    row: ReturnRow,
    order: OrderRow,
    kind: ReturnMailKind,
    events: OrderStepOutcome['events'],
    refund?: OrderStepOutcome['refund'],
  ): Promise<OrderStepOutcome> {
    return { events, refund, mail: { kind, request: await view(tx, row, order) } };
  }

  /** What the timeline says of a return's items: 'Classic Tee (M) × 1 → L'. */
  async function describeItems(tx: Database, row: ReturnRow): Promise<string> {
    const items = await findReturnItems(tx, [row.id]);
    return items
      .map(({ item, line }) =>
        item.kind === 'exchange'
          ? `Exchange ${line.name} (${line.size}) × ${item.quantity} for size ${item.exchangeSize}`
          : `Return ${line.name} (${line.size}) × ${item.quantity}`,
      )
      .join('; ');
  }

  /**
   * Runs one of the owner's steps on a return: the order is locked first (by
   * moveOrder), then the return, so two steps racing run one after the other
   * and the second sees the first's status.
   */
  async function ownerStep(
    admin: AuthUser,
    id: string,
    step: (
      tx: Database,
      row: ReturnRow,
      order: OrderRow,
      at: Date,
      lines: OrderItemRow[],
    ) => Promise<OrderStepOutcome>,
  ): Promise<AdminReturn> {
    const found = isUuid(id) ? await findReturn(db, id) : undefined;
    if (!found) throw notFound(RETURN_NOT_FOUND);
    const by: OrderMover = { userId: admin.id, as: 'admin' };
    const { order } = await db.transaction((tx) =>
      orders.moveOrder(tx, {
        orderId: found.orderId,
        by,
        step: {
          async apply(stepTx, order, lines, at) {
            const row = await lockReturn(stepTx, found.id);
            if (!row) throw notFound(RETURN_NOT_FOUND);
            return step(stepTx, row, order, at, lines);
          },
        },
      }),
    );
    // A refund decided on receipt goes to the provider once it committed (decision 014).
    await orders.sendRefunds(order.id);
    return getAdminReturn(found.id);
  }

  async function getAdminReturn(id: string): Promise<AdminReturn> {
    const found = await findReturnWithCustomer(db, id);
    if (!found) throw notFound(RETURN_NOT_FOUND);
    const [items, refunds] = await Promise.all([
      findReturnItems(db, [id]),
      payments.findRefunds(db, [found.request.orderId]),
    ]);
    return toAdminReturn(found.request, found.customer, items, refunds, found.payment);
  }

  return {
    /**
     * The shopper asks to return or exchange items of their delivered order,
     * until 7 days after delivery (409 with when the window closed). Never
     * more units of a line than were ordered less those already in returns
     * not rejected; an exchange takes the new size's units out of stock now,
     * so they are there when the old ones come back (409 when there are none).
     */
    async requestReturn(
      user: AuthUser,
      orderId: string,
      body: RequestReturnBody,
    ): Promise<ReturnRequest> {
      let created: ReturnRow | undefined;
      const { order } = await db.transaction((tx) =>
        orders.moveOrder(tx, {
          orderId,
          by: { userId: user.id, as: 'shopper' },
          step: {
            async apply(stepTx, order, lines, at) {
              const closesAt = returnWindowClosesAt(order.deliveredAt ?? at);
              if (at.getTime() >= closesAt.getTime()) throw conflict(returnWindowClosed(closesAt));

              const lineOf = new Map(lines.map((line) => [line.id, line]));
              const wanted = new Map<string, number>();
              for (const [index, item] of body.items.entries()) {
                const line = lineOf.get(item.orderItemId);
                if (!line) {
                  throw badRequest(NOT_AN_ORDER_ITEM, [
                    { field: `items.${index}.orderItemId`, message: NOT_AN_ORDER_ITEM },
                  ]);
                }
                if (item.kind === 'exchange' && item.size === line.size) {
                  throw badRequest(EXCHANGE_SAME_SIZE, [
                    { field: `items.${index}.size`, message: EXCHANGE_SAME_SIZE },
                  ]);
                }
                wanted.set(line.id, (wanted.get(line.id) ?? 0) + item.quantity);
              }
              const returned = await findReturnedUnits(stepTx, order.id);
              for (const [lineId, quantity] of wanted) {
                const line = lineOf.get(lineId) as OrderItemRow;
                const left = line.quantity - (returned.get(lineId) ?? 0);
                if (quantity > left) throw conflict(tooManyUnits(line, left));
              }

              const exchanges = body.items.flatMap((item) => {
                const line = lineOf.get(item.orderItemId) as OrderItemRow;
                return item.kind === 'exchange' && item.size
                  ? [
                      {
                        productId: line.productId,
                        size: item.size,
                        quantity: item.quantity,
                        title: line.name,
                      },
                    ]
                  : [];
              });
              const shortage = await catalogue.takeStockFor(stepTx, exchanges);
              if (shortage) throw conflict(shortOfStock(shortage.short, shortage.left));

              const refundPaise = body.items.reduce((sum, item) => {
                const line = lineOf.get(item.orderItemId) as OrderItemRow;
                return item.kind === 'return'
                  ? sum + paidShare(order, line.pricePaise * item.quantity)
                  : sum;
              }, 0);
              created = await insertReturn(
                stepTx,
                { orderId: order.id, refundPaise, createdAt: at },
                body.items.map((item) => ({
                  orderItemId: item.orderItemId,
                  quantity: item.quantity,
                  kind: item.kind,
                  exchangeSize: item.kind === 'exchange' ? (item.size ?? null) : null,
                  reason: item.reason,
                })),
              );
              return outcome(stepTx, created, order, 'return-requested', [
                { type: 'return-requested', note: await describeItems(stepTx, created) },
              ]);
            },
          },
        }),
      );
      if (!created) throw new Error('A return step committed without its return');
      return view(db, created, order);
    },

    /** The returns of one of the shopper's orders, oldest first; another's order is not found (D2). */
    async listOrderReturns(userId: string, orderId: string): Promise<ReturnRequest[]> {
      const order = isUuid(orderId) ? await orders.findOrder(db, userId, orderId) : undefined;
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return views(db, await findOrderReturns(db, order.id), order);
    },

    /** The owner's list (D25), newest first, of one status or all. */
    async listAdminReturns(query: ListAdminReturnsQuery): Promise<AdminReturnPage> {
      const { rows, total } = await findAdminReturnPage(db, {
        status: query.status,
        ...pageWindow(query),
      });
      const [items, refunds] = await Promise.all([
        findReturnItems(
          db,
          rows.map((row) => row.request.id),
        ),
        payments.findRefunds(db, [...new Set(rows.map((row) => row.request.orderId))]),
      ]);
      return pageResult(
        rows.map((row) => toAdminReturn(row.request, row.customer, items, refunds, row.payment)),
        total,
        query,
      );
    },

    /** Approves a requested return: the shopper is sent what to do with the parcel. */
    approveReturn: (admin: AuthUser, id: string, body: ApproveReturnBody) =>
      ownerStep(admin, id, async (tx, row, order, at) => {
        if (!canMoveReturn(row.status, 'approved'))
          throw conflict(cannotStep(row.status, 'approved'));
        const instructions = body.note
          ? `${RETURN_INSTRUCTIONS}\n\n${body.note}`
          : RETURN_INSTRUCTIONS;
        const approved = await updateReturn(tx, row.id, {
          status: 'approved',
          approvedAt: at,
          instructions,
        });
        return outcome(tx, approved, order, 'return-approved', [
          { type: 'return-approved', note: body.note || null },
        ]);
      }),

    /**
     * The parcel arrived: its units go back to stock; returned items are
     * refunded (their share of what was paid, never more than is left to
     * refund) to the original payment method, the way a cancel is (decision
     * 014), a cash order's by hand; exchanged sizes, reserved when asked, ship
     * as a new shipment.
     */
    receiveReturn: (admin: AuthUser, id: string) =>
      ownerStep(admin, id, async (tx, row, order, at, lines) => {
        if (!canMoveReturn(row.status, 'received'))
          throw conflict(cannotStep(row.status, 'received'));
        const items = await findReturnItems(tx, [row.id]);
        // The units sent back for money are credited at the prices invoiced (issue 26).
        const credited = await findCreditedUnits(tx, order.id);
        const returned = items
          .filter(({ item }) => item.kind === 'return')
          .map(({ item, line }) => {
            const creditedBefore = credited.get(line.id) ?? 0;
            credited.set(line.id, creditedBefore + item.quantity);
            return { position: line.position, quantity: item.quantity, creditedBefore };
          });
        await orders.creditReturnedUnits(tx, order, lines, returned);
        await catalogue.returnStock(
          tx,
          items.map(({ item, line }) => ({
            productId: line.productId,
            size: line.size,
            quantity: item.quantity,
          })),
        );
        const refund =
          row.refundPaise > 0
            ? await payments.refundOrder(
                tx,
                order,
                row.refundPaise,
                `Return #${shortOrderNumber(row.id)}`,
              )
            : undefined;
        const received = await updateReturn(tx, row.id, {
          status: 'received',
          receivedAt: at,
          refundId: refund?.id ?? null,
        });
        const exchanged = items.filter(({ item }) => item.kind === 'exchange');
        const receivedItems = await describeItems(tx, row);
        // A cash order's refund is not refunded yet: the owner pays it by hand, and
        // marking it paid puts 'Refunded' on the timeline then (issue 25).
        const toPayByHand = refund !== undefined && order.paymentMethod === 'cash';
        return outcome(
          tx,
          received,
          order,
          'return-received',
          [
            {
              type: 'return-received',
              note: toPayByHand
                ? `${receivedItems}. ${refundToPayByHandNote(paiseToRupees(refund.amountPaise))}`
                : receivedItems,
            },
            ...(refund && !toPayByHand
              ? [
                  {
                    type: 'refunded' as const,
                    note: `₹${paiseToRupees(refund.amountPaise)} to the original payment method`,
                  },
                ]
              : []),
            ...(exchanged.length > 0
              ? [
                  {
                    type: 'exchange-shipped' as const,
                    note: exchanged
                      .map(
                        ({ item, line }) =>
                          `${line.name} size ${item.exchangeSize} × ${item.quantity}`,
                      )
                      .join('; '),
                  },
                ]
              : []),
          ],
          refund,
        );
      }),

    /** Rejects a return not yet received, saying why; sizes reserved for its exchanges go back to stock. */
    rejectReturn: (admin: AuthUser, id: string, body: RejectReturnBody) =>
      ownerStep(admin, id, async (tx, row, order, at) => {
        if (!canMoveReturn(row.status, 'rejected')) {
          throw conflict(cannotStep(row.status, 'rejected'));
        }
        const items = await findReturnItems(tx, [row.id]);
        const reserved = items.flatMap(({ item, line }) =>
          item.exchangeSize
            ? [{ productId: line.productId, size: item.exchangeSize, quantity: item.quantity }]
            : [],
        );
        // A plain return reserved nothing: no stock to give back, no catalogue change to announce.
        if (reserved.length > 0) await catalogue.returnStock(tx, reserved);
        const rejected = await updateReturn(tx, row.id, {
          status: 'rejected',
          rejectedAt: at,
          rejectionReason: body.reason,
        });
        return outcome(tx, rejected, order, 'return-rejected', [
          { type: 'return-rejected', note: body.reason },
        ]);
      }),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
