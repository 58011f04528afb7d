import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COUPON_KINDS, type Design, type Personalisation, SIZES } from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { groupOrderEntries } from './group-orders.ts';

/**
 * Coupons (D10, issue 27): a percentage off the selected subtotal (capped) or
 * a flat amount, within an active window, with optional limits on uses.
 * Codes are kept in capitals and compared case-insensitively.
 */
export const coupons = pgTable(
  'coupons',
  {
    code: text().primaryKey(),
    description: text().notNull(),
    kind: text({ enum: COUPON_KINDS }).notNull().default('percent'),
    /** The percentage off, for a 'percent' coupon; null for a 'flat' one. */
    percentOff: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /** The amount off, for a 'flat' coupon; null for a 'percent' one. */
    amountOffPaise: integer(),
    maxDiscountPaise: integer(),
    minOrderPaise: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Orders (not cancelled) that may use it in all; null for no limit. */
    usageLimit: integer(),
    /** Orders (not cancelled) one shopper may use it on; null for no limit. */
    perCustomerLimit: integer(),
    /** Only for a shopper with no order yet (cancelled ones aside). */
    firstOrderOnly: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_upper_key').on(sql`upper(${table.code})`),
    check(
      'coupons_amount_of_kind',
      sql`(${table.kind} = 'percent' and ${table.percentOff} is not null and ${table.amountOffPaise} is null)
        or (${table.kind} = 'flat' and ${table.amountOffPaise} is not null and ${table.percentOff} is null)`,
    ),
  ],
);
export type CouponRow = typeof coupons.$inferSelect;

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text({ enum: SIZES }).notNull(),
    quantity: integer().notNull(),
    selected: boolean().notNull().default(true),
    /** The shopper's design (D27); null for a plain line. */
    design: jsonb().$type<Design>(),
    /** One personalised piece's name and number (issue 29), printed over the shared design; null otherwise. */
    personalisation: jsonb().$type<Personalisation>(),
    /** The uploaded images the design uses: they stay while this line does. */
    imageIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * The group entry whose piece this is (decisions 060, 072): a closed
     * group's pieces come to its organiser's cart one line per entry, and the
     * order that takes the line is the entry's. Null otherwise.
     */
    groupEntryId: uuid().references(() => groupOrderEntries.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
    // One plain line per product and size (SPEC §4 'This product is already added');
    // a customised line is its own line (D27).
    uniqueIndex('cart_items_plain_line_key')
      .on(table.userId, table.productId, table.size)
      .where(sql`${table.design} is null`),
    index('cart_items_user_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * The coupon and gift wrap a shopper chose for their cart: kept with the cart,
 * so every tab and device quotes and charges the same (D10, D16). No row means
 * a new cart's choices: MAX500 applied, no gift wrap.
 */
export const cartOptions = pgTable('cart_options', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The code the shopper asked for (the quote says whether it applies); null when removed. */
  couponCode: text(),
  giftWrap: boolean().notNull().default(false),
  giftMessage: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
