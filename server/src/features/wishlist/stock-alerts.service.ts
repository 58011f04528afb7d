import {
  type ConfirmStockAlertBody,
  type CreateStockAlertBody,
  type Size,
  STOCK_ALERT_CONFIRM_HOURS,
  STOCK_ALERT_CONFIRMATIONS_LIMITED,
  STOCK_ALERT_CONFIRMATIONS_PER_HOUR,
  STOCK_ALERT_EMAIL_REQUIRED,
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_LINK_INVALID,
  STOCK_ALERT_NO_SUCH_SIZE,
  type StockAlert,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { MailService } from '#server/features/mail/mail.service.ts';
import type { RateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError, badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import { isUuid } from '#server/lib/ids.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import {
  claimStockAlerts,
  findSizeStock,
  insertStockAlert,
  insertStockAlertConfirmation,
  useStockAlertConfirmation,
} from './wishlist.repository.ts';

interface StockAlertsDependencies {
  mail: Pick<MailService, 'backInStock' | 'stockAlertConfirm'>;
  rateLimits: RateLimitsService;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * D33: 'Notify me' on a sold-out size, answered once when the size is back.
 * Only a signed-in shopper's own email is kept at once; any other (a guest's,
 * or one a shopper types for someone else) waits for a mailed link (double
 * opt-in), so nobody can sign up someone else's inbox.
 */
export function createStockAlertsService(
  db: Database,
  { mail, rateLimits }: StockAlertsDependencies,
) {
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
        : { onSale: false, title: '', stock: undefined };
      if (!found.onSale) throw notFound('Product not found');
      if (found.stock === undefined) {
        throw badRequest(STOCK_ALERT_NO_SUCH_SIZE, [
          { field: 'size', message: STOCK_ALERT_NO_SUCH_SIZE },
        ]);
      }
      if (found.stock > 0) throw conflict(STOCK_ALERT_IN_STOCK);
      const alert = { productId, size: body.size, email };
      if (user && email === user.email) {
        await insertStockAlert(db, { ...alert, userId: user.id });
        return { ...alert, status: 'active' };
      }
      const allowed = await rateLimits.reserve(
        [
          {
            name: 'stock-alert-confirm:email',
            key: email,
            max: STOCK_ALERT_CONFIRMATIONS_PER_HOUR,
          },
        ],
        HOUR_MS,
      );
      if (!allowed) throw new AppError('rate_limited', STOCK_ALERT_CONFIRMATIONS_LIMITED);
      const token = newToken();
      await db.transaction(async (tx) => {
        await insertStockAlertConfirmation(tx, {
          ...alert,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + STOCK_ALERT_CONFIRM_HOURS * HOUR_MS),
        });
        await mail.stockAlertConfirm(
          tx,
          { name: 'there', email },
          { title: found.title, size: body.size },
          token,
        );
      });
      return { ...alert, status: 'pending' };
    },

    /** Keeps the request of a mailed link, once; an unknown, used or expired link answers 400. */
    async confirmStockAlert(body: ConfirmStockAlertBody): Promise<StockAlert> {
      return db.transaction(async (tx) => {
        const alert = await useStockAlertConfirmation(tx, hashToken(body.token));
        if (!alert) {
          throw badRequest(STOCK_ALERT_LINK_INVALID, [
            { field: 'token', message: STOCK_ALERT_LINK_INVALID },
          ]);
        }
        // Whoever asked may not be the owner of the email: no account's name greets them.
        await insertStockAlert(tx, { ...alert, userId: undefined });
        return { ...alert, status: 'active' };
      });
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
