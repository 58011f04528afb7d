import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type Design,
  GARMENT_KINDS,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type Personalisation,
  type PrintAreas,
  SIZES,
} from '#contract';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    status: text({ enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotalPaise: integer().notNull(),
    discountPaise: integer().notNull().default(0),
    couponCode: text(),
    giftWrapPaise: integer().notNull().default(0),
    giftMessage: text(),
    /** The cash on delivery fee charged, part of the total (issue 25). */
    codFeePaise: integer().notNull().default(0),
    totalPaise: integer().notNull(),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    cardBrand: text(),
    cardLast4: text(),
    /** The payment provider's id for the approval: what refunds are made against. */
    paymentReference: text(),
    /**
     * Online orders (issue 25): the Razorpay order the shopper pays, made once
     * per order (a retried checkout finds it here), and the key id it was made
     * with. paymentReference is then Razorpay's payment id, once paid.
     */
    razorpayOrderId: text().unique(),
    razorpayKeyId: text(),
    /** How the online payment was made, as Razorpay reports it: upi, card, netbanking, wallet. */
    onlineMethod: text(),
    /** When the 'Payment not completed' reminder went out: once per order. */
    paymentReminderAt: timestamp({ withTimezone: true }),
    /** The delivery address as it was when ordered. */
    addressName: text().notNull(),
    addressPhone: text().notNull(),
    addressPincode: text().notNull(),
    addressCity: text().notNull(),
    addressState: text().notNull(),
    addressFullAddress: text().notNull(),
    /** The delivery state's GST code, chosen at checkout: the invoice's place of supply (issue 26). */
    addressStateCode: text(),
    /** A business purchase (issue 26): the buyer's GSTIN and business name, printed on the invoice. */
    buyerGstin: text(),
    buyerBusinessName: text(),
    estimateDeliveryDate: date({ mode: 'string' }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    index('orders_status_idx').on(table.status, table.createdAt.desc().nullsFirst()),
    // A coupon's uses are counted from its orders (issue 27).
    index('orders_coupon_idx').on(table.couponCode, table.userId),
    check('orders_total_nonnegative', sql`${table.totalPaise} >= 0`),
  ],
);

/** What was bought, frozen at order time: later price or name changes never alter it. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    name: text().notNull(),
    image: text().notNull(),
    size: text({ enum: SIZES }).notNull(),
    /** The garment's colour, copied at checkout: the blank the print shop picks. */
    colorName: text().notNull(),
    colorHex: text().notNull(),
    /** The garment its product's category made it, copied at checkout: what the design is drawn on (issue 28). */
    garment: text({ enum: GARMENT_KINDS }).notNull(),
    pricePaise: integer().notNull(),
    quantity: integer().notNull(),
    /** The design and the product's print areas, copied at checkout: frozen (D27, decision 020). */
    design: jsonb().$type<Design>(),
    printAreas: jsonb().$type<PrintAreas>(),
    /** The piece's name and number (issue 29), copied from its cart line at checkout. */
    personalisation: jsonb().$type<Personalisation>(),
    imageIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
  },
  (table) => [index('order_items_order_idx').on(table.orderId, table.position)],
);

/** Every change of an order, with its time and who made it (D19). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text({ enum: ORDER_EVENT_TYPES }).notNull(),
    note: text(),
    actorUserId: uuid().references(() => users.id),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at)],
);

// Rows as the features read them, beside their tables so that other
// features' mappers can name them without reaching into a repository.
/** A delivery address as an order's address columns keep it. */
export interface OrderAddress {
  name: string;
  phone: string;
  pincode: string;
  city: string;
  state: string;
  fullAddress: string;
}
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** A checkout's first answer, replayed for a retry with the same key (D18). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    requestHash: text().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
