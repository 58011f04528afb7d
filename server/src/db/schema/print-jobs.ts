import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { type DesignSide, type Layer, PRINT_JOB_STATUSES, type PrintArea } from '#contract';
import { bytea } from './media.ts';
import { orderItems } from './orders.ts';

/**
 * One distinct print (decision 059): a side's layers on its print area, as
 * printed, made into a PNG by the print queue's workers, never in a request.
 * `printKey` (sha256 of side, area and layers) makes it once however many
 * lines and orders print it. The PNG is kept in the database beside the images
 * it is drawn from (D30), so every process serves it and backups carry it.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    printKey: text().notNull().unique(),
    side: text().$type<DesignSide>().notNull(),
    area: jsonb().$type<PrintArea>().notNull(),
    layers: jsonb().$type<Layer[]>().notNull(),
    status: text({ enum: PRINT_JOB_STATUSES }).notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** A queued job is due from then; a working one is claimed until then (its lease). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    png: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('print_jobs_due_idx').on(table.status, table.nextAttemptAt)],
);

/** Which print each printed side of an ordered line uses: many sides may share one. */
export const orderItemPrints = pgTable(
  'order_item_prints',
  {
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    side: text().$type<DesignSide>().notNull(),
    printJobId: uuid()
      .notNull()
      .references(() => printJobs.id),
  },
  (table) => [
    primaryKey({ columns: [table.orderItemId, table.side] }),
    index('order_item_prints_job_idx').on(table.printJobId),
  ],
);

export type PrintJobRow = typeof printJobs.$inferSelect;
