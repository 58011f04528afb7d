import {
  type CreateStockAlertBody,
  type Size,
  STOCK_ALERT_EMAIL_REQUIRED,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_NO_SUCH_SIZE,
  type StockAlert,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { claimStockAlerts, findSizeStock, insertStockAlert } from './wishlist.repository.ts';

interface StockAlertsDependencies {
  mail: Pick<MailService, 'backInStock'>;
}

/** D33: 'Notify me' on a sold-out size, answered once when the size is back. */
export function createStockAlertsService(db: Database, { mail }: StockAlertsDependencies) {
  return {
    async createStockAlert(
      user: AuthUser | undefined,
      productId: string,
      body: CreateStockAlertBody,
    ): Promise<StockAlert> {
      const email = body.email ?? user?.email;
      if (!email) {
        throw badRequest(STOCK_ALERT_EMAIL_REQUIRED, [
          { field: 'email', message: STOCK_ALERT_EMAIL_REQUIRED },
        ]);
      }
      const found = isUuid(productId)
        ? await findSizeStock(db, productId, body.size)
        : { onSale: false, stock: undefined };
      if (!found.onSale) throw notFound('Product not found');
      if (found.stock === undefined) {
        throw badRequest(STOCK_ALERT_NO_SUCH_SIZE, [
          { field: 'size', message: STOCK_ALERT_NO_SUCH_SIZE },
        ]);
      }
      if (found.stock > 0) throw conflict(STOCK_ALERT_IN_STOCK);
      await insertStockAlert(db, { productId, size: body.size, email, userId: user?.id });
      return { productId, size: body.size, email };
    },

    /**
     * The catalogue's hook (CatalogueHooks.stockReturned): in the transaction
     * that raised the stock, every open request for these sizes that now have
     * stock is marked done and its email queued in the outbox.
     */
    async sizesRestocked(
      executor: Database,
      sizes: { productId: string; size: Size }[],
    ): Promise<void> {
      for (const alert of await claimStockAlerts(executor, sizes)) {
        await mail.backInStock(
          executor,
          { name: alert.name ?? 'there', email: alert.email },
          { id: alert.productId, title: alert.title, size: alert.size },
        );
      }
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
