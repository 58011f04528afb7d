import { z } from 'zod';
import { SizeSchema } from './catalogue.ts';
import { IdSchema, RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import type { OrderStatus } from './orders.ts';

/**
 * The back office's own records (decision 036): the dashboard, which sums
 * several features' figures. Each feature's admin endpoints live in its own
 * file (catalogue, orders, messages, media, returns, mail, backups).
 */

/** The dashboard lists at most this many low sizes, the fewest units first. */
export const LOW_STOCK_LIST_MAX = 100;

export const AdminDashboardSchema = z.object({
  /** Every order ever placed, counted by its status now. */
  ordersByStatus: z.object({
    'awaiting-payment': z.number().int(),
    pending: z.number().int(),
    shipped: z.number().int(),
    delivered: z.number().int(),
    cancelled: z.number().int(),
  }) satisfies z.ZodType<Record<OrderStatus, number>>,
  /** India's calendar day the figures are for (YYYY-MM-DD). */
  today: z.iso.date(),
  /**
   * Totals in ₹ of orders placed today and in the last 7 days (today included):
   * cash and paid orders, cancelled ones and those awaiting payment left out.
   */
  revenue: z.object({ today: RupeesSchema, last7Days: RupeesSchema }),
  /** Orders placed today and in the last 7 days, counted as revenue is. */
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
      /** Its colour's name: colours of one style share the title (issue 27). */
      color: z.string(),
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
