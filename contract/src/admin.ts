import { z } from 'zod';
import { RoleSchema } from './auth.ts';
import {
  COLOR_NAME_MAX,
  HEX_COLOR_PATTERN,
  ProductSchema,
  SIZES,
  SizeSchema,
} from './catalogue.ts';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf, RupeesSchema } from './common.ts';
import { ProductCustomisationSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { requiredText } from './fields.ts';
import {
  nextOrderStatuses,
  ORDER_STATUSES,
  OrderEventSchema,
  OrderSchema,
  type OrderStatus,
  OrderStatusSchema,
  PaymentMethodSchema,
} from './orders.ts';
import { textSchema } from './text.ts';

/**
 * The shop owner's calls (D25), all under /api/v1/admin: 401 without a live
 * session, 403 for anyone but an admin.
 */

const queryFlag = (name: string) =>
  z.stringbool({ error: `${name} must be true or false` }).optional();

const searchText = textSchema('search')
  .trim()
  .max(100, 'search must be at most 100 characters')
  .optional();

// ---------------------------------------------------------------- dashboard

/** The dashboard lists at most this many low sizes, the fewest units first. */
export const LOW_STOCK_LIST_MAX = 100;

export const AdminDashboardSchema = z.object({
  /** Every order ever placed, counted by its status now. */
  ordersByStatus: z.object({
    pending: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }) satisfies z.ZodType<Record<OrderStatus, number>>,
  /** India's calendar day the figures are for (YYYY-MM-DD). */
  today: z.iso.date(),
  /** Totals in ₹ of orders placed today and in the last 7 days (today included), cancelled ones left out. */
  revenue: z.object({ today: RupeesSchema, last7Days: RupeesSchema }),
  /** Orders placed today and in the last 7 days, cancelled ones left out. */
  orders: z.object({ today: z.number().int(), last7Days: z.number().int() }),
  lowStockThreshold: z.number().int(),
  /**
   * Sizes of products on sale with LOW_STOCK_THRESHOLD (catalogue.ts) units or fewer,
   * fewest first (at most {@link LOW_STOCK_LIST_MAX}; `lowStockTotal` counts them all).
   */
  lowStock: z.array(
    z.object({
      productId: IdSchema,
      title: z.string(),
      size: SizeSchema,
      stock: z.number().int(),
    }),
  ),
  lowStockTotal: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

export const getAdminDashboard = defineEndpoint({
  name: 'getAdminDashboard',
  method: 'GET',
  path: '/admin/dashboard',
  tag: 'admin',
  summary: 'Orders by status, revenue today and over 7 days (₹), sizes low on stock',
  auth: 'admin',
  result: AdminDashboardSchema,
});

// ---------------------------------------------------------------- products

export const ADMIN_IMAGES_MAX = 10;
export const STOCK_MAX = 100_000;
export const PRICE_MAX = 1_000_000;

/** A product as the owner sees it: archived ones too, images with their ids for editing. */
export const AdminProductSchema = ProductSchema.extend({
  images: z.array(z.object({ _id: IdSchema, url: z.string() })),
  unitsSold: z.number().int().nonnegative(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductPageSchema = pageOf(AdminProductSchema);
export type AdminProductPage = z.infer<typeof AdminProductPageSchema>;

export const ListAdminProductsQuerySchema = PageQuerySchema.extend({
  /** Matches title, category, gender or description (contains, any case), or the start of an _id. */
  search: searchText,
  /** Without it: every product; `true`: archived ones only; `false`: those on sale only. */
  archived: queryFlag('archived'),
});
export type ListAdminProductsQuery = z.infer<typeof ListAdminProductsQuerySchema>;

const StockSchema = z
  .number({ error: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock must be 0 or more')
  .max(STOCK_MAX, `Stock must be at most ${STOCK_MAX}`);

/** Rupees with at most 2 decimals (whole paise, D4). */
const isWholePaise = (rupees: number) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

/** What the owner writes for a product; a PUT replaces all of it. */
export const AdminProductBodySchema = z.object({
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000, { multiLine: true }),
  /** In rupees (D4); orders already placed keep the price they were placed at. */
  price: z
    .number({ error: 'Price must be a number' })
    .positive('Price must be more than 0')
    .max(PRICE_MAX, `Price must be at most ₹${PRICE_MAX}`)
    .refine(isWholePaise, 'Price may have at most 2 decimals'),
  // The shop's filters take values of up to 60 characters.
  gender: requiredText('Gender', 60),
  category: requiredText('Category', 60),
  isNew: z.boolean({ error: 'isNew must be true or false' }).optional().default(false),
  /** The product's colour (decision 018); its name is a filter value, so it holds no comma. */
  color: z.object(
    {
      name: requiredText('Colour name', COLOR_NAME_MAX).refine(
        (name) => !name.includes(','),
        'Colour name must not contain a comma',
      ),
      hex: textSchema('Colour', { required: 'Colour must be a #rrggbb colour' })
        .trim()
        .toLowerCase()
        .regex(HEX_COLOR_PATTERN, 'Colour must be a #rrggbb colour'),
    },
    { error: 'Colour is required: { name, hex }' },
  ),
  /**
   * The style this colour belongs to: the `styleId` of another product. Without
   * it a new product starts a style of its own and an edited one keeps its style.
   */
  styleId: IdSchema.optional(),
  /** Stock per size: `{ "S": 4, "M": 0 }`; a size left out is not sold. */
  sizes: z
    .partialRecord(SizeSchema, StockSchema, {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'Sizes must map each size to its stock'
          : `Sizes must be among ${SIZES.join(', ')}`,
    })
    .optional()
    .default({}),
  /** Uploaded images' _ids, in the order the shop shows them. */
  imageIds: z
    .array(IdSchema, { error: 'imageIds must be a list of image ids' })
    .max(ADMIN_IMAGES_MAX, `A product may have at most ${ADMIN_IMAGES_MAX} images`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each image may appear only once')
    .optional()
    .default([]),
  /**
   * Designs on the product (D27). Left out: a new product is not customisable
   * and an update keeps what the product has.
   */
  customisation: ProductCustomisationSchema.optional(),
});
export type AdminProductBody = z.infer<typeof AdminProductBodySchema>;

export const DeleteAdminProductResultSchema = z.object({
  /** `archived` when orders reference the product: it leaves the shop, the orders keep it. */
  outcome: z.enum(['deleted', 'archived']),
  product: AdminProductSchema.nullable(),
});
export type DeleteAdminProductResult = z.infer<typeof DeleteAdminProductResultSchema>;

export const listAdminProducts = defineEndpoint({
  name: 'listAdminProducts',
  method: 'GET',
  path: '/admin/products',
  tag: 'admin',
  summary: 'Every product, archived ones included, newest first, with stock per size and images',
  auth: 'admin',
  query: ListAdminProductsQuerySchema,
  result: AdminProductPageSchema,
});

export const getAdminProduct = defineEndpoint({
  name: 'getAdminProduct',
  method: 'GET',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'One product, archived or not',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminProductSchema,
});

export const createAdminProduct = defineEndpoint({
  name: 'createAdminProduct',
  method: 'POST',
  path: '/admin/products',
  tag: 'admin',
  summary: 'Add a product to the shop; it is on sale at once',
  auth: 'admin',
  body: AdminProductBodySchema,
  result: AdminProductSchema,
});

export const updateAdminProduct = defineEndpoint({
  name: 'updateAdminProduct',
  method: 'PUT',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'Replace a product’s details, stock and images; placed orders keep their prices',
  auth: 'admin',
  params: IdParamsSchema,
  body: AdminProductBodySchema,
  result: AdminProductSchema,
});

export const deleteAdminProduct = defineEndpoint({
  name: 'deleteAdminProduct',
  method: 'DELETE',
  path: '/admin/products/:id',
  tag: 'admin',
  summary: 'Delete a product no order references; archive it (it leaves the shop) when one does',
  auth: 'admin',
  params: IdParamsSchema,
  result: DeleteAdminProductResultSchema,
});

export const restoreAdminProduct = defineEndpoint({
  name: 'restoreAdminProduct',
  method: 'POST',
  path: '/admin/products/:id/restore',
  tag: 'admin',
  summary: 'Put an archived product back on sale',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminProductSchema,
});

// ---------------------------------------------------------------- images

/** What an uploaded image may be: checked by its bytes, not by its name or declared type. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIN_SIDE = 200;
export const IMAGE_MAX_SIDE = 6000;
/** 24 megapixels (a 6000 × 4000 camera photo): decoding one takes at most ~96 MB. */
export const IMAGE_MAX_PIXELS = 24_000_000;

export const UploadedImageSchema = z.object({
  _id: IdSchema,
  url: z.string(),
  contentType: z.enum(IMAGE_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const uploadAdminImage = defineEndpoint({
  name: 'uploadAdminImage',
  method: 'POST',
  path: '/admin/images',
  tag: 'admin',
  summary: `Upload a product image: the body is the file's bytes with Content-Type ${IMAGE_TYPES.join(', ')}; at most 5 MB, ${IMAGE_MIN_SIDE}×${IMAGE_MIN_SIDE} to ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} pixels and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels; stored re-encoded, without metadata. Use its _id in a product's imageIds.`,
  auth: 'admin',
  consumes: IMAGE_TYPES,
  result: UploadedImageSchema,
});

// ---------------------------------------------------------------- orders

/** D19: where the owner may move an order from each status, read from ORDER_TRANSITIONS. */
export const NEXT_ORDER_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: nextOrderStatuses('pending', 'admin'),
  shipped: nextOrderStatuses('shipped', 'admin'),
  delivered: nextOrderStatuses('delivered', 'admin'),
  cancelled: nextOrderStatuses('cancelled', 'admin'),
};

export const AdminCustomerSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
});

export const AdminOrderSummarySchema = z.object({
  _id: IdSchema,
  status: OrderStatusSchema,
  totalPrice: RupeesSchema,
  paymentMethod: PaymentMethodSchema,
  /** Units ordered, over all lines. */
  itemCount: z.number().int(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  customer: AdminCustomerSchema,
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

export const AdminOrderEventSchema = OrderEventSchema.extend({
  /** Who made the change: the shopper, an admin, or null when nobody is recorded. */
  actor: z
    .object({ _id: IdSchema, name: z.string(), email: z.string(), role: RoleSchema })
    .nullable(),
});

export const AdminOrderSchema = OrderSchema.extend({
  customer: AdminCustomerSchema,
  events: z.array(AdminOrderEventSchema),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = pageOf(AdminOrderSummarySchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

const StatusSchema = z.enum(ORDER_STATUSES, {
  error: `status must be one of ${ORDER_STATUSES.join(', ')}`,
});

export const ListAdminOrdersQuerySchema = PageQuerySchema.extend({
  status: StatusSchema.optional(),
  /** The start or the end of an order id ('#' allowed), or part of the shopper's email. */
  search: searchText,
});
export type ListAdminOrdersQuery = z.infer<typeof ListAdminOrdersQuerySchema>;

export const SetOrderStatusBodySchema = z.object({
  status: StatusSchema,
  /** Shown with the event, e.g. a courier's tracking number. */
  note: textSchema('note').trim().max(500, 'note must be at most 500 characters').optional(),
});
export type SetOrderStatusBody = z.infer<typeof SetOrderStatusBodySchema>;

export const listAdminOrders = defineEndpoint({
  name: 'listAdminOrders',
  method: 'GET',
  path: '/admin/orders',
  tag: 'admin',
  summary: 'Every order, newest first, filtered by status and searched by id or email',
  auth: 'admin',
  query: ListAdminOrdersQuerySchema,
  result: AdminOrderPageSchema,
});

export const getAdminOrder = defineEndpoint({
  name: 'getAdminOrder',
  method: 'GET',
  path: '/admin/orders/:id',
  tag: 'admin',
  summary: 'One order with items, address, payment, its shopper and its events with who made them',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminOrderSchema,
});

export const setAdminOrderStatus = defineEndpoint({
  name: 'setAdminOrderStatus',
  method: 'POST',
  path: '/admin/orders/:id/status',
  tag: 'admin',
  summary:
    'Move an order along D19: pending → shipped → delivered; pending or shipped → cancelled (stock comes back)',
  auth: 'admin',
  params: IdParamsSchema,
  body: SetOrderStatusBodySchema,
  result: AdminOrderSchema,
});

// ---------------------------------------------------------------- messages

export const ContactMessageSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactMessagePageSchema = pageOf(ContactMessageSchema);

export const ListContactMessagesQuerySchema = PageQuerySchema.extend({
  /** Without it: every message; `false`: the ones still to answer. */
  handled: queryFlag('handled'),
});
export type ListContactMessagesQuery = z.infer<typeof ListContactMessagesQuerySchema>;

export const SetMessageHandledBodySchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
export type SetMessageHandledBody = z.infer<typeof SetMessageHandledBodySchema>;

export const NewsletterSubscriberSchema = z.object({
  _id: IdSchema,
  email: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;

export const NewsletterSubscriberPageSchema = pageOf(NewsletterSubscriberSchema);

export const listContactMessages = defineEndpoint({
  name: 'listContactMessages',
  method: 'GET',
  path: '/admin/messages',
  tag: 'admin',
  summary: 'Contact messages, newest first, with whether each is handled',
  auth: 'admin',
  query: ListContactMessagesQuerySchema,
  result: ContactMessagePageSchema,
});

export const setContactMessageHandled = defineEndpoint({
  name: 'setContactMessageHandled',
  method: 'POST',
  path: '/admin/messages/:id/handled',
  tag: 'admin',
  summary: 'Mark a contact message handled, or not handled again',
  auth: 'admin',
  params: IdParamsSchema,
  body: SetMessageHandledBodySchema,
  result: ContactMessageSchema,
});

export const listNewsletterSubscribers = defineEndpoint({
  name: 'listNewsletterSubscribers',
  method: 'GET',
  path: '/admin/newsletter',
  tag: 'admin',
  summary: 'Newsletter subscribers, newest first',
  auth: 'admin',
  query: PageQuerySchema,
  result: NewsletterSubscriberPageSchema,
});

export const NEWSLETTER_CSV_COLUMNS = ['email', 'subscribed_at'] as const;

export const exportNewsletterSubscribers = defineEndpoint({
  name: 'exportNewsletterSubscribers',
  method: 'GET',
  path: '/admin/newsletter.csv',
  tag: 'admin',
  summary:
    'Every newsletter subscriber as a CSV download (columns email, subscribed_at), oldest first',
  auth: 'admin',
  produces: 'text/csv',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

// ---------------------------------------------------------------- backups

/** A backup file (decision 034): gzip of plain SQL that psql loads, holding the whole database. */
export const BackupSchema = z.object({
  /** The file's name, e.g. shop-2026-11-27T030000.000Z.sql.gz: the instant it was taken, in UTC. */
  name: z.string(),
  bytes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** The dashboard warns when the newest backup is older than this many scheduled intervals. */
export const BACKUP_OVERDUE_INTERVALS = 2;

export const BackupListSchema = z.object({
  /** Newest first. */
  backups: z.array(BackupSchema),
  /** The schedule (BACKUP_EVERY_HOURS); 0 when scheduled backups are off. */
  everyHours: z.number().nonnegative(),
  /** The newest backup is older than BACKUP_OVERDUE_INTERVALS intervals of the schedule. */
  overdue: z.boolean(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

export const BackupParamsSchema = z.object({ name: textSchema('The name').max(100) });
export type BackupParams = z.infer<typeof BackupParamsSchema>;

export const createBackup = defineEndpoint({
  name: 'createBackup',
  method: 'POST',
  path: '/admin/backups',
  tag: 'admin',
  summary: 'Back up the whole database now; older backups beyond BACKUP_KEEP are deleted',
  auth: 'admin',
  result: BackupSchema,
});

export const listBackups = defineEndpoint({
  name: 'listBackups',
  method: 'GET',
  path: '/admin/backups',
  tag: 'admin',
  summary: 'The backups kept, newest first, and whether the newest is overdue',
  auth: 'admin',
  result: BackupListSchema,
});

export const downloadBackup = defineEndpoint({
  name: 'downloadBackup',
  method: 'GET',
  path: '/admin/backups/:name',
  tag: 'admin',
  summary:
    'One backup as a download: gzip of plain SQL (load with psql, or npm run restore); only names the list shows',
  auth: 'admin',
  params: BackupParamsSchema,
  produces: 'application/gzip',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

/** A backup's address under /api/v1, for a link the admin's browser downloads with its token. */
export const backupPath = (name: string) => `/admin/backups/${encodeURIComponent(name)}`;
