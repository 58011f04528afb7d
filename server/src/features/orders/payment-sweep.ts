import type { AppConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { createBusinessSettingsService } from '#server/features/business/business-settings.service.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createInvoicesService } from '#server/features/invoices/invoices.service.ts';
import { createMailService } from '#server/features/mail/mail.service.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createRazorpayClient } from '#server/features/payments/razorpay.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { createStockAlertsService } from '#server/features/wishlist/stock-alerts.service.ts';
import { createRepeatingTask, type RepeatingTaskOptions } from '#server/lib/repeating-task.ts';
import { createOnlinePayments, type OnlinePayments } from './online-payments.ts';
import { createOrderInvoicing } from './order-invoicing.ts';

/**
 * The online payments of a process that runs no app (the sweep in
 * server.ts), or of a test with its own clock; undefined without Razorpay's
 * keys. Its services are the app's, on the same database.
 */
export function createOnlinePaymentsFor(
  db: Database,
  config: Pick<AppConfig, 'payments' | 'mail'>,
  clock?: () => Date,
): OnlinePayments | undefined {
  const keys = config.payments.razorpay;
  if (!keys) return undefined;
  const razorpay = createRazorpayClient(keys);
  const mail = createMailService(db, config.mail);
  const stockAlerts = createStockAlertsService(db, {
    mail,
    rateLimits: createRateLimitsService(db),
  });
  const catalogue = createCatalogueService(db, { stockReturned: stockAlerts.sizesRestocked });
  return createOnlinePayments(db, {
    razorpay,
    keys,
    paymentWindowMs: config.payments.paymentWindowMs,
    payments: createPaymentsService(db, undefined, clock, razorpay),
    catalogue,
    mail,
    invoicing: createOrderInvoicing({
      invoices: createInvoicesService(db),
      businessSettings: createBusinessSettingsService(db),
      catalogue,
    }),
    ...(clock && { clock }),
  });
}

/**
 * Runs the sweep of unpaid online orders (issue 25) in the server process,
 * one round at a time; every process may run one (orders are claimed with
 * SKIP LOCKED).
 */
export function createPaymentSweep(online: OnlinePayments, options: RepeatingTaskOptions) {
  return createRepeatingTask(() => online.sweepUnpaidOrders(), options);
}
