import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Design } from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { images } from './media.ts';

/**
 * An image uploaded for a design (D27), by a shopper or a guest. The bytes
 * live in `images` like product pictures (D30); this row says it is a design
 * upload and since when, so one that no cart line, saved design or order
 * uses can be removed (decision 020).
 */
export const designImages = pgTable(
  'design_images',
  {
    imageId: uuid()
      .primaryKey()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** Who uploaded it last; null for a guest. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The last upload of these bytes: an unused image expires counted from here. */
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * A stored design (cart line, saved design, order) has used it. A guest's
     * upload no design has claimed counts against the shop's room for them.
     */
    claimed: boolean().notNull().default(false),
    /** The stored file's size, which a guest's unclaimed upload takes from their room. */
    bytes: integer().notNull().default(0),
  },
  (table) => [
    index('design_images_uploaded_idx').on(table.uploadedAt),
    index('design_images_unclaimed_guest_idx')
      .on(table.imageId)
      .where(sql`${table.userId} is null and not ${table.claimed}`),
  ],
);

/** A signed-in shopper's saved design ('My designs'). */
export const savedDesigns = pgTable(
  'saved_designs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    design: jsonb().$type<Design>().notNull(),
    imageIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The token of its read-only link `/d/{token}` while the owner shares it,
     * else null (decision 058). Kept as it is, not hashed: the owner is shown
     * the same link again, and it opens only a view of the design.
     */
    shareToken: text().unique(),
  },
  (table) => [index('saved_designs_user_idx').on(table.userId, table.updatedAt.desc())],
);

export type SavedDesignRow = typeof savedDesigns.$inferSelect;
