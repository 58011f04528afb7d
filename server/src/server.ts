import { buildApp } from '#server/app.ts';
import { type AppConfig, loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  createPgliteAutovacuum,
  PGLITE_AUTOVACUUM_DEFAULTS,
} from '#server/db/pglite-autovacuum.ts';
import { seedCatalogueIfEmpty } from '#server/db/seed/seed.ts';
import { createLowStockSchedule } from '#server/features/admin/low-stock-schedule.ts';
import { createBackupSchedule } from '#server/features/backups/backup-schedule.ts';
import {
  createUnitsSoldTally,
  UNITS_SOLD_TALLY_DEFAULTS,
} from '#server/features/catalogue/units-sold-tally.ts';
import { createMailWorker } from '#server/features/mail/mail-worker.ts';
import { createSmtpMailer } from '#server/features/mail/mailer.ts';
import { createOrderDesignPictures } from '#server/features/orders/order-design-pictures.ts';
import { createPaymentSweep } from '#server/features/orders/payment-sweep.ts';
import {
  createRefundSweep,
  REFUND_SWEEP_DEFAULTS,
} from '#server/features/payments/refund-sweep.ts';
import {
  createPrintWorker,
  PRINT_WORKER_DEFAULTS,
} from '#server/features/print-jobs/print-worker.ts';
import { boundHeapGrowth } from '#server/lib/heap-budget.ts';
import { runMain } from '#server/lib/run-main.ts';
import { createServices } from '#server/services.ts';

/** Which database the shop uses, for its start line: never a password. */
function describeDatabase(config: AppConfig): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/** Starts the shop: migrate, seed an empty catalogue, listen, and close cleanly on a signal. */
async function main(): Promise<void> {
  boundHeapGrowth();
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const readableLog =
    config.logFormat === 'readable' || (config.logFormat === 'auto' && process.stdout.isTTY);
  const services = createServices(database, config);
  const app = await buildApp({ config, database, services, serveWebApp: true, readableLog });
  const seeded = await seedCatalogueIfEmpty(database.db);
  if (seeded > 0) app.log.info(`Seeded the catalogue with ${seeded} products`);
  // PostgreSQL vacuums itself; PGlite has no background worker to do it.
  const autovacuum =
    database.kind === 'pglite'
      ? createPgliteAutovacuum(database.db, {
          ...PGLITE_AUTOVACUUM_DEFAULTS,
          onError: (error) => app.log.error({ err: error }, 'Vacuuming the database failed'),
        })
      : undefined;
  // Without a mail server every email stays in the outbox, held (D29): nothing to deliver.
  const { smtpUrl } = config.mail;
  const mailer = smtpUrl ? createSmtpMailer(smtpUrl, config.mail.from) : undefined;
  const mailWorker = mailer
    ? createMailWorker(database.db, mailer, {
        ...config.mail,
        onError: (error) => app.log.error({ err: error }, 'The mail worker failed a round'),
        // The confirmation carries the order's tax invoice (issue 26).
        invoiceOf: services.invoiceDownloads.invoiceFile,
        // Confirmations and return emails carry their customised lines drawn on their garments (issue 28).
        designPicturesOf: createOrderDesignPictures(database.db, {
          designs: services.designs,
          onPictureFailed: (error) =>
            app.log.warn({ err: error }, 'A design picture for an email could not be drawn'),
        }),
      })
    : undefined;

  // Refunds left pending by a process that died after deciding them are sent again (decision 021).
  const refundSweep = createRefundSweep(services.payments, {
    ...REFUND_SWEEP_DEFAULTS,
    onError: (error) => app.log.error({ err: error }, 'The refund sweep failed a round'),
  });

  // Unpaid online orders: a reminder, then paid or cancelled after the window (issue 25).
  const { online } = services;
  const paymentSweep =
    online &&
    createPaymentSweep(online, {
      intervalMs: config.payments.sweepEveryMs,
      onError: (error) => app.log.error({ err: error }, 'The payment sweep failed a round'),
    });

  // Sales reach the best-seller order in a tally every few seconds (decision 026).
  const unitsSoldTally = createUnitsSoldTally(services.catalogue, {
    ...UNITS_SOLD_TALLY_DEFAULTS,
    onError: (error) => app.log.error({ err: error }, 'Tallying the units sold failed'),
  });

  // Every process asks; on PostgreSQL the database settles which one backs up (decision 034).
  const backupSchedule = createBackupSchedule(services.backups, {
    everyHours: config.backups.everyHours,
    onBackup: (backup) => app.log.info(`Backed up to ${backup.name} (${backup.bytes} bytes)`),
    onError: (error) => app.log.error({ err: error }, 'The scheduled backup failed'),
  });

  // The admins' daily low-stock email (issue 27): every process asks; the database settles which sends.
  const lowStockAlerts = createLowStockSchedule(services.admin.lowStock, {
    onError: (error) => app.log.error({ err: error }, 'The low-stock email failed'),
  });

  // The print queue (decision 059): every process makes print files, one at a time each.
  const printWorker = createPrintWorker(database.db, services.designs.renderPrint, {
    ...PRINT_WORKER_DEFAULTS,
    onError: (error) => app.log.error({ err: error }, 'The print worker failed a round'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    await mailWorker?.stop();
    await printWorker.stop();
    await refundSweep.stop();
    await paymentSweep?.stop();
    await unitsSoldTally.stop();
    await lowStockAlerts.stop();
    await autovacuum?.stop();
    await backupSchedule?.stop();
    mailer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({
    port: config.port,
    host: config.host,
    // One line says where the shop is and on which database.
    listenTextResolver: (address) => `Shop listening at ${address}, on ${describeDatabase(config)}`,
  });
  // The vacuum PGlite needs after opening runs once the shop answers, a table at a time (issue 30).
  autovacuum?.start();
  mailWorker?.start();
  printWorker.start();
  refundSweep.start();
  paymentSweep?.start();
  unitsSoldTally.start();
  backupSchedule?.start();
  lowStockAlerts.start();
}

runMain(main);
