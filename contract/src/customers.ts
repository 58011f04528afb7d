import { z } from 'zod';
import { AddressSchema } from './addresses.ts';
import {
  IdParamsSchema,
  IdSchema,
  PageQuerySchema,
  pageOf,
  RupeesSchema,
  SearchTextSchema,
} from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { AdminOrderSummarySchema } from './orders.ts';
import { ReturnStatusSchema } from './returns.ts';

/**
 * The owner's customers (issue 27): the shoppers' accounts with what they
 * bought, under /api/v1/admin (401 without a session, 403 for anyone but an
 * admin). An answer carries no password hash, session or token: only what
 * the owner reads on the screens.
 */

/** One shopper in the list; orders and total spent count what revenue counts (cash and paid orders). */
export const AdminCustomerSummarySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  /** Orders placed, cancelled ones and those still awaiting their online payment left out. */
  orders: z.number().int().nonnegative(),
  totalSpent: RupeesSchema,
  /** When the latest of those orders was placed; null before the first. */
  lastOrderAt: z.string().nullable(),
});
export type AdminCustomerSummary = z.infer<typeof AdminCustomerSummarySchema>;

export const AdminCustomerPageSchema = pageOf(AdminCustomerSummarySchema);
export type AdminCustomerPage = z.infer<typeof AdminCustomerPageSchema>;

export const ListAdminCustomersQuerySchema = PageQuerySchema.extend({
  /** Part of the shopper's name or email, any case. */
  search: SearchTextSchema,
});
export type ListAdminCustomersQuery = z.infer<typeof ListAdminCustomersQuerySchema>;

/** An order as the owner's order list shows it, without whose it is: the page is the customer's. */
export const AdminCustomerOrderSchema = AdminOrderSummarySchema.omit({
  customer: true,
  deliveredAt: true,
});

export const AdminCustomerReturnSchema = z.object({
  _id: IdSchema,
  orderId: IdSchema,
  status: ReturnStatusSchema,
  refund: RupeesSchema,
  /** Units sent back, over all its lines. */
  itemCount: z.number().int(),
  createdAt: z.string(),
});

export const AdminCustomerReviewSchema = z.object({
  _id: IdSchema,
  productId: IdSchema,
  productTitle: z.string(),
  rating: z.number().int(),
  title: z.string(),
  hidden: z.boolean(),
  createdAt: z.string(),
});

/** One shopper's page: the list's figures, then everything the shop holds about them, newest first. */
export const AdminCustomerDetailSchema = AdminCustomerSummarySchema.extend({
  phone: z.string(),
  addresses: z.array(AddressSchema),
  /** Every order, whatever its status. */
  orderHistory: z.array(AdminCustomerOrderSchema),
  returns: z.array(AdminCustomerReturnSchema),
  reviews: z.array(AdminCustomerReviewSchema),
  /** Whether the account's email is on the newsletter list, and since when. */
  newsletter: z.object({ subscribed: z.boolean(), since: z.string().nullable() }),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

export const listAdminCustomers = defineEndpoint({
  name: 'listAdminCustomers',
  method: 'GET',
  path: '/admin/customers',
  tag: 'admin',
  summary:
    "Shoppers' accounts, newest first, with orders, total spent and last order; searched by name or email",
  auth: 'admin',
  query: ListAdminCustomersQuerySchema,
  result: AdminCustomerPageSchema,
});

export const getAdminCustomer = defineEndpoint({
  name: 'getAdminCustomer',
  method: 'GET',
  path: '/admin/customers/:id',
  tag: 'admin',
  summary:
    'One shopper: addresses, orders, returns, reviews and newsletter status (no password, hash or token)',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminCustomerDetailSchema,
});
