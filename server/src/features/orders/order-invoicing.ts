import type { Database } from '#server/db/client.ts';
import type { OrderItemRow, OrderRow } from '#server/db/schema/orders.ts';
import type { BusinessSettingsService } from '#server/features/business/business-settings.service.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { isIntraState } from '#server/features/invoices/invoice-document.ts';
import type { InvoicesService } from '#server/features/invoices/invoices.service.ts';
import { orderInvoiceContent, type ReturnedUnits, returnedCreditLines } from './invoice-content.ts';

export interface OrderInvoicingDependencies {
  invoices: Pick<InvoicesService, 'issueInvoice' | 'issueCreditNote' | 'invoiceOfOrder'>;
  businessSettings: Pick<BusinessSettingsService, 'taxInvoiceSupplier' | 'taxRules'>;
  catalogue: Pick<CatalogueService, 'findProductHsns'>;
}

/**
 * When an order's tax documents are issued (issue 26), each inside the
 * transaction that changes the order, so the document and the change commit
 * or roll back together: the invoice when the order is paid (or placed, when
 * paid on delivery), only while the shop has a GSTIN; a credit note of every
 * line when an invoiced order is cancelled, and of the returned units when a
 * return is received. An order without an invoice gets no credit note.
 */
export function createOrderInvoicing({
  invoices,
  businessSettings,
  catalogue,
}: OrderInvoicingDependencies) {
  return {
    async invoiceOrder(tx: Database, order: OrderRow, items: OrderItemRow[]): Promise<void> {
      const supplier = await businessSettings.taxInvoiceSupplier(tx);
      if (!supplier) return;
      const rules = await businessSettings.taxRules(tx);
      const hsnByProduct = await catalogue.findProductHsns(
        tx,
        items.map((item) => item.productId),
      );
      const content = orderInvoiceContent({ order, items, hsnByProduct, supplier, rules });
      // Checkout refuses an address without a state; only an order placed before that may lack one.
      if (content) await invoices.issueInvoice(tx, content);
    },

    async creditCancelledOrder(tx: Database, orderId: string): Promise<void> {
      const invoice = await invoices.invoiceOfOrder(orderId, tx);
      if (invoice) await invoices.issueCreditNote(tx, { orderId, lines: invoice.lines });
    },

    /** `returned`: units of the order's lines (by position), received back for money. */
    async creditReturnedUnits(
      tx: Database,
      order: OrderRow,
      items: Pick<OrderItemRow, 'position'>[],
      returned: ReturnedUnits[],
    ): Promise<void> {
      if (returned.length === 0) return;
      const invoice = await invoices.invoiceOfOrder(order.id, tx);
      if (!invoice) return;
      const lines = returnedCreditLines({
        invoiceLines: invoice.lines,
        positions: items.map((item) => item.position),
        returned,
        intraState: isIntraState(invoice),
      });
      await invoices.issueCreditNote(tx, { orderId: order.id, lines });
    },
  };
}

export type OrderInvoicing = ReturnType<typeof createOrderInvoicing>;
