import {
  type AdminOrder,
  type AdminOrderPage,
  type DesignSide,
  type ListAdminOrdersQuery,
  printFileName,
  type SetOrderStatusBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { CustomerRow } from '#server/db/schema/accounts.ts';
import type { OrderRow } from '#server/db/schema/orders.ts';
import type { DesignsService } from '#server/features/designs/designs.service.ts';
import type { PrintJobsService } from '#server/features/print-jobs/print-jobs.service.ts';
import { notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import { toAdminOrder, toAdminOrderSummary } from './orders.mapper.ts';
import { ORDER_NOT_FOUND } from './orders.messages.ts';
import type { OrdersService } from './orders.service.ts';

/** What the owner types to find an order: '#1A2B3C4D' (as shoppers see it), part of an email. */
const searchTerm = (search: string | undefined) =>
  search?.trim().replace(/^#/, '').toLowerCase() || undefined;

export const ORDER_ITEM_NOT_FOUND = 'Order item not found';

/** The owner's orders screen (D25): find orders and move them along D19 with the orders feature's one transition. */
export function createAdminOrdersService(
  db: Database,
  {
    orders,
    designs,
    printJobs,
  }: {
    orders: OrdersService;
    designs: Pick<DesignsService, 'renderPrintFile'>;
    printJobs: Pick<PrintJobsService, 'linePrints' | 'madePrintFile' | 'printFilesZip'>;
  },
) {
  async function detail(tx: Database, row: OrderRow, customer: CustomerRow): Promise<AdminOrder> {
    const [lines, events, refunds, memberRefunds] = await Promise.all([
      orders.findOrderItems(tx, [row.id]),
      orders.findOrderEventsWithActors(tx, row.id),
      orders.findRefunds(tx, [row.id]),
      orders.findMemberRefunds(tx, row.id),
    ]);
    const prints = await printJobs.linePrints(
      tx,
      lines.map((line) => line.id),
    );
    return toAdminOrder(row, customer, lines, events, { refunds, memberRefunds }, prints);
  }

  async function getOrder(id: string): Promise<AdminOrder> {
    const found = isUuid(id) ? await orders.findOrderWithCustomer(db, id) : undefined;
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return detail(db, found.order, found.customer);
  }

  return {
    async listOrders(query: ListAdminOrdersQuery): Promise<AdminOrderPage> {
      const { rows, total } = await orders.findAdminOrderPage(db, {
        status: query.status,
        search: searchTerm(query.search),
        ...pageWindow(query),
      });
      return pageResult(rows.map(toAdminOrderSummary), total, query);
    },

    getOrder,

    /**
     * The print file of one printed side of an ordered line (D27): the print
     * queue's file once made (decision 059), drawn here otherwise (an order
     * placed before the queue, or one whose job is still waiting), from the
     * design and print areas frozen on the order item, never from the saved
     * design or the product as they are now.
     */
    async getPrintFile(
      orderId: string,
      itemId: string,
      side: DesignSide,
    ): Promise<{ png: Buffer; fileName: string }> {
      const items = isUuid(orderId) ? await orders.findOrderItems(db, [orderId]) : [];
      const item = items.find((line) => line.id === itemId);
      if (!item) throw notFound(ORDER_ITEM_NOT_FOUND);
      const png =
        (await printJobs.madePrintFile(item.id, side)) ??
        (await designs.renderPrintFile(item, side));
      const fileName = printFileName(
        orderId,
        item.position + 1,
        { size: item.size, color: { name: item.colorName } },
        side,
      );
      return { png, fileName };
    },

    /** Every print file of an order in one ZIP (decision 059); 409 while the queue is making them. */
    async getPrintFiles(orderId: string) {
      const items = isUuid(orderId) ? await orders.findOrderItems(db, [orderId]) : [];
      if (items.length === 0) throw notFound(ORDER_NOT_FOUND);
      return printJobs.printFilesZip(orderId, items);
    },

    /**
     * Moves an order one step (D19); every move is an event with its time,
     * its admin and note. A cancel's refund is sent once the move committed.
     */
    async setOrderStatus(
      admin: AuthUser,
      id: string,
      body: SetOrderStatusBody,
    ): Promise<AdminOrder> {
      const { order } = await db.transaction((tx) =>
        orders.moveOrder(tx, {
          orderId: id,
          to: body.status,
          by: { userId: admin.id, as: 'admin' },
          note: body.note,
        }),
      );
      await orders.sendRefunds(order.id);
      return getOrder(order.id);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
