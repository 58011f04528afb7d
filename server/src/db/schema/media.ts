import { customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Bytes kept in the database (D30): images, and the print files the print queue makes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images live in the database so every server process serves the same files
 * (D30). Identical bytes are stored once.
 */
export const images = pgTable('images', {
  id: uuid().primaryKey().defaultRandom(),
  sha256: text().notNull().unique(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
