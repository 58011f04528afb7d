import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_INVOICE_PREFIX, DEFAULT_TAX_SETTINGS, percentToBasisPoints } from '#contract';

/**
 * The owner's business details and tax settings (issue 26): one row (id 1),
 * written by the migration and read by whatever issues an invoice, so a
 * change holds from the next invoice on any process. The supplier's fields
 * are '' (names, address) and null (state, GSTIN) until the owner sets them.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    /** Always 1: the one row. */
    id: integer().primaryKey(),
    legalName: text().notNull().default(''),
    tradeName: text().notNull().default(''),
    address: text().notNull().default(''),
    /** The GST state code of the shop's state ('27'). */
    stateCode: text(),
    /** Null: no GSTIN yet, so no tax invoices. */
    gstin: text(),
    invoicePrefix: text().notNull().default(DEFAULT_INVOICE_PREFIX),
    apparelThresholdPaise: integer()
      .notNull()
      .default(DEFAULT_TAX_SETTINGS.apparelThreshold * 100),
    lowRateBasisPoints: integer()
      .notNull()
      .default(percentToBasisPoints(DEFAULT_TAX_SETTINGS.lowRatePercent)),
    highRateBasisPoints: integer()
      .notNull()
      .default(percentToBasisPoints(DEFAULT_TAX_SETTINGS.highRatePercent)),
    giftWrapHsn: text().notNull().default(DEFAULT_TAX_SETTINGS.giftWrapHsn),
    giftWrapRateBasisPoints: integer()
      .notNull()
      .default(percentToBasisPoints(DEFAULT_TAX_SETTINGS.giftWrapRatePercent)),
    codFeeHsn: text().notNull().default(DEFAULT_TAX_SETTINGS.codFeeHsn),
    codFeeRateBasisPoints: integer()
      .notNull()
      .default(percentToBasisPoints(DEFAULT_TAX_SETTINGS.codFeeRatePercent)),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('business_settings_one_row', sql`${table.id} = 1`),
    check(
      'business_settings_gstin_in_state',
      sql`${table.gstin} IS NULL OR left(${table.gstin}, 2) = ${table.stateCode}`,
    ),
    check(
      'business_settings_rates_ordered',
      sql`0 <= ${table.lowRateBasisPoints} AND ${table.lowRateBasisPoints} < ${table.highRateBasisPoints}`,
    ),
  ],
);

export type BusinessSettingsRow = typeof businessSettings.$inferSelect;
