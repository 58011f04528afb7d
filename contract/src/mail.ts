import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Every email the shop sends (D29, D32); docs/product.md lists when each goes out. */
export const MAIL_KINDS = [
  'welcome',
  'order-placed',
  'order-shipped',
  'order-delivered',
  'order-cancelled',
  'password-reset',
  'return-requested',
  'return-approved',
  'return-rejected',
  'return-received',
  // D33: a sold-out size the shopper asked about is back.
  'back-in-stock',
  // The link that confirms a back-in-stock request for someone else's or a guest's email.
  'stock-alert-confirm',
  // The link to the new address, and the notice to the old one.
  'email-change-confirm',
  'email-change-notice',
  // A cash order's refund, paid by hand by the owner into the shopper's UPI ID or bank account.
  'refund-paid',
  // Issue 25: an online order still unpaid 10 minutes after it was placed, once.
  'payment-reminder',
  // Issue 25: Razorpay settled a refund of an online order (refund.processed / refund.failed).
  'refund-processed',
  'refund-failed',
  // Issue 27: the admins' daily list of sizes low on stock and sold out.
  'low-stock',
  // Issue 27: the link that confirms a newsletter subscription, then its single-use code.
  'newsletter-confirm',
  'newsletter-coupon',
  // Issue 29: a group order's member joined (with the link to change their entry), its
  // deadline is a day away, and it closed.
  'group-joined',
  'group-closing-soon',
  'group-closed',
  // Decision 066: a member of an 'each pays' group was refunded (left, removed, size ran out,
  // or the difference of a better price break).
  'group-refunded',
] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

/**
 * Where a message is: waiting (pending), being sent by a worker (sending),
 * sent, failed after every retry, or held because no mail server is configured.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held'] as const;
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES, {
  error: `status must be one of ${OUTBOX_STATUSES.join(', ')}`,
});
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>;

/** Why a held message was not sent: the owner reads it in /admin → Outbox. */
export const HELD_NO_MAIL_SERVER = 'Not sent: no mail server is configured (SMTP_URL)';

export const OutboxMessageSummarySchema = z.object({
  _id: IdSchema,
  recipient: z.string(),
  subject: z.string(),
  kind: MailKindSchema,
  status: OutboxStatusSchema,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageSummary = z.infer<typeof OutboxMessageSummarySchema>;

/** The message as it was rendered: the plain-text part and the HTML part. */
export const OutboxMessageSchema = OutboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = pageOf(OutboxMessageSummarySchema);
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const ListOutboxQuerySchema = PageQuerySchema.extend({
  status: OutboxStatusSchema.optional(),
});
export type ListOutboxQuery = z.infer<typeof ListOutboxQuerySchema>;

export const listOutbox = defineEndpoint({
  name: 'listOutbox',
  method: 'GET',
  path: '/admin/outbox',
  tag: 'admin',
  summary: 'Emails the shop sent or would send, newest first, with their delivery status',
  auth: 'admin',
  query: ListOutboxQuerySchema,
  result: OutboxPageSchema,
});

export const getOutboxMessage = defineEndpoint({
  name: 'getOutboxMessage',
  method: 'GET',
  path: '/admin/outbox/:id',
  tag: 'admin',
  summary: 'One email as it was rendered: its text and HTML parts',
  auth: 'admin',
  params: IdParamsSchema,
  result: OutboxMessageSchema,
});
