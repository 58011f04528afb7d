import { z } from 'zod';
import { SizeSchema } from './catalogue.ts';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf, RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { SHOP_TIME_ZONE } from './format.ts';
import { RefundSchema } from './orders.ts';
import { RETURN_WINDOW_DAYS } from './shop.ts';
import { textSchema } from './text.ts';

/** A line of a delivered order goes back for its money, or for another size of the same product (D31). */
export const RETURN_KINDS = ['return', 'exchange'] as const;
export const ReturnKindSchema = z.enum(RETURN_KINDS, {
  error: 'kind must be return or exchange',
});
export type ReturnKind = z.infer<typeof ReturnKindSchema>;

/** Why an item goes back: a closed list, each with the words the shopper picks from. */
export const RETURN_REASONS = {
  'too-small': 'Too small',
  'too-large': 'Too large',
  defective: 'Damaged or defective',
  'not-as-described': 'Not as described',
  'changed-mind': 'Changed my mind',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
const REASON_CODES = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];
export const ReturnReasonSchema = z.enum(REASON_CODES, {
  error: `reason must be one of ${REASON_CODES.join(', ')}`,
});

/**
 * requested → approved → received (refunded and/or the new size shipped), or
 * requested → rejected. Received and rejected are final.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'received', 'rejected'] as const;
export const ReturnStatusSchema = z.enum(RETURN_STATUSES, {
  error: `status must be one of ${RETURN_STATUSES.join(', ')}`,
});
export type ReturnStatus = z.infer<typeof ReturnStatusSchema>;

/**
 * D31, the one table of the return lifecycle, like ORDER_TRANSITIONS: every move
 * a return may make. The shopper only asks (a new return is requested); every
 * move below is the owner's. The server checks each step against it and the
 * admin's list offers only these moves.
 */
export const RETURN_TRANSITIONS: readonly {
  from: ReturnStatus;
  /** Nothing ever moves back to requested. */
  to: Exclude<ReturnStatus, 'requested'>;
}[] = [
  { from: 'requested', to: 'approved' },
  { from: 'requested', to: 'rejected' },
  { from: 'approved', to: 'received' },
  { from: 'approved', to: 'rejected' },
];

/** Whether a return in `from` may move to `to`. */
export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean =>
  RETURN_TRANSITIONS.some((rule) => rule.from === from && rule.to === to);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a delivered order's return window closes: exactly 7 days after delivery (D31). */
export const returnWindowClosesAt = (deliveredAt: Date | string): Date =>
  new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);

const WINDOW_CLOSED_AT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
  timeZoneName: 'short',
});

/** The 409 for a return asked too late, with when the window closed (in the shop's time zone). */
export const returnWindowClosed = (closesAt: Date) =>
  `Returns for this order closed on ${WINDOW_CLOSED_AT.format(closesAt)}`;

/** What the shopper is told to do once a return is approved; the owner may add a note. */
export const RETURN_INSTRUCTIONS =
  'Pack the items unworn, with their tags, and write the return number on the parcel. Our courier collects it from your delivery address within 2 working days, free of charge. Your refund or new size follows as soon as we receive it.';

export const NOTHING_TO_RETURN = 'Choose at least one item to return or exchange';
export const EXCHANGE_SIZE_REQUIRED = 'Choose the size you want instead';
export const EXCHANGE_SAME_SIZE = 'Choose a different size from the one you have';

export const ReturnItemBodySchema = z
  .object({
    orderItemId: IdSchema,
    quantity: z
      .number()
      .int('quantity must be a whole number')
      .min(1, 'quantity must be at least 1')
      .max(100, 'quantity must be at most 100'),
    kind: ReturnKindSchema,
    /** The size wanted instead: for an exchange only. */
    size: SizeSchema.optional(),
    reason: ReturnReasonSchema,
  })
  .refine((item) => item.kind === 'return' || item.size !== undefined, {
    path: ['size'],
    message: EXCHANGE_SIZE_REQUIRED,
  })
  .refine((item) => item.kind === 'exchange' || item.size === undefined, {
    path: ['size'],
    message: 'A size is chosen only for an exchange',
  });
export type ReturnItemBody = z.infer<typeof ReturnItemBodySchema>;

export const RequestReturnBodySchema = z.object({
  items: z.array(ReturnItemBodySchema).min(1, NOTHING_TO_RETURN).max(50),
});
export type RequestReturnBody = z.infer<typeof RequestReturnBodySchema>;

export const ReturnItemSchema = z.object({
  _id: IdSchema,
  orderItemId: IdSchema,
  productId: IdSchema,
  name: z.string(),
  image: z.string(),
  /** The size sent back. */
  size: SizeSchema,
  quantity: z.number().int().positive(),
  kind: ReturnKindSchema,
  /** The size sent instead, for an exchange. */
  exchangeSize: SizeSchema.nullable(),
  reason: ReturnReasonSchema,
});
export type ReturnItem = z.infer<typeof ReturnItemSchema>;

export const ReturnRequestSchema = z.object({
  _id: IdSchema,
  orderId: IdSchema,
  status: ReturnStatusSchema,
  items: z.array(ReturnItemSchema),
  /** What to do with the parcel, once approved. */
  instructions: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** What the returned items give back: their share of what was paid. */
  refundAmount: RupeesSchema,
  /** The refund made when the items were received, if any was due. */
  refund: RefundSchema.nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
});
export type ReturnRequest = z.infer<typeof ReturnRequestSchema>;

export const requestReturn = defineEndpoint({
  name: 'requestReturn',
  method: 'POST',
  path: '/order/:id/returns',
  tag: 'returns',
  summary: `Return items of a delivered order, or exchange them for another size, within ${RETURN_WINDOW_DAYS} days of delivery (D31)`,
  auth: 'user',
  params: IdParamsSchema,
  body: RequestReturnBodySchema,
  result: ReturnRequestSchema,
});

export const listOrderReturns = defineEndpoint({
  name: 'listOrderReturns',
  method: 'GET',
  path: '/order/:id/returns',
  tag: 'returns',
  summary: 'The returns and exchanges of one of the signed-in shopper’s orders, oldest first',
  auth: 'user',
  params: IdParamsSchema,
  result: z.array(ReturnRequestSchema),
});

// ---------------------------------------------------------------- the owner's (D25)

export const AdminReturnSchema = ReturnRequestSchema.extend({
  customer: z.object({ _id: IdSchema, name: z.string(), email: z.string() }),
});
export type AdminReturn = z.infer<typeof AdminReturnSchema>;

export const AdminReturnPageSchema = pageOf(AdminReturnSchema);
export type AdminReturnPage = z.infer<typeof AdminReturnPageSchema>;

export const ListAdminReturnsQuerySchema = PageQuerySchema.extend({
  status: ReturnStatusSchema.optional(),
});
export type ListAdminReturnsQuery = z.infer<typeof ListAdminReturnsQuerySchema>;

export const ApproveReturnBodySchema = z.object({
  note: textSchema('note', { multiLine: true })
    .trim()
    .max(500, 'note must be at most 500 characters')
    .optional(),
});
export type ApproveReturnBody = z.infer<typeof ApproveReturnBodySchema>;

export const RejectReturnBodySchema = z.object({
  reason: textSchema('reason', { multiLine: true })
    .trim()
    .min(1, 'Say why the return is rejected')
    .max(500, 'reason must be at most 500 characters'),
});
export type RejectReturnBody = z.infer<typeof RejectReturnBodySchema>;

export const listAdminReturns = defineEndpoint({
  name: 'listAdminReturns',
  method: 'GET',
  path: '/admin/returns',
  tag: 'admin',
  summary: 'Returns and exchanges, newest first, optionally of one status',
  auth: 'admin',
  query: ListAdminReturnsQuerySchema,
  result: AdminReturnPageSchema,
});

export const approveReturn = defineEndpoint({
  name: 'approveReturn',
  method: 'POST',
  path: '/admin/returns/:id/approve',
  tag: 'admin',
  summary: 'Approve a requested return: the shopper is sent the instructions',
  auth: 'admin',
  params: IdParamsSchema,
  body: ApproveReturnBodySchema,
  result: AdminReturnSchema,
});

export const receiveReturn = defineEndpoint({
  name: 'receiveReturn',
  method: 'POST',
  path: '/admin/returns/:id/receive',
  tag: 'admin',
  summary:
    'Mark an approved return received: stock comes back, returned items are refunded to the original payment method (a cash order’s paid by hand), exchanged sizes ship',
  auth: 'admin',
  params: IdParamsSchema,
  result: AdminReturnSchema,
});

export const rejectReturn = defineEndpoint({
  name: 'rejectReturn',
  method: 'POST',
  path: '/admin/returns/:id/reject',
  tag: 'admin',
  summary:
    'Reject a requested or approved return, with the reason; a reserved exchange size goes back to stock',
  auth: 'admin',
  params: IdParamsSchema,
  body: RejectReturnBodySchema,
  result: AdminReturnSchema,
});
