import { z } from 'zod';
import { PriceBreaksSchema, ProductColorSchema, SizeSchema } from './catalogue.ts';
import { IdSchema, RupeesSchema, TimestampSchema } from './common.ts';
import { DesignSchema, GarmentKindSchema, PrintAreasSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailSchema, NameSchema } from './fields.ts';
import { PayOrderBodySchema } from './orders.ts';
import { PERSONALISATION_EMPTY_MESSAGE, PersonalisationSchema, ROSTER_LIMITS } from './roster.ts';
import { textSchema } from './text.ts';

/**
 * Group orders (issue 29, decision 060): an organiser shares a link to a
 * design; members join with a size (and a name and number when the group is
 * personalised) until the deadline; closing turns the roster into one order.
 */

export const GROUP_ORDER_PAYERS = ['organiser', 'each'] as const;
export const GroupOrderPayerSchema = z.enum(GROUP_ORDER_PAYERS, {
  error: `payer must be one of ${GROUP_ORDER_PAYERS.join(', ')}`,
});
export type GroupOrderPayer = z.infer<typeof GroupOrderPayerSchema>;

/**
 * Open: members join. Closed: no more changes, its pieces not all ordered yet.
 * Ordered: every piece is in an order (decision 072: entries are ordered one by one).
 */
export const GROUP_ORDER_STATUSES = ['open', 'closed', 'ordered'] as const;

export const GROUP_ORDER_LIMITS = {
  /** Members a group takes: a roster's rows. */
  entries: ROSTER_LIMITS.rows,
  /** The furthest a deadline may be set ahead. */
  closesWithinDays: 60,
  /** Groups one organiser may have open at once. */
  openPerOrganiser: 20,
  /** The closing-soon email goes this long before the deadline. */
  reminderHoursBefore: 24,
} as const;

export const GROUP_CLOSED_MESSAGE = 'This group order is closed: entries can no longer change';
export const GROUP_NOT_FOUND_MESSAGE = 'Group order not found';
export const GROUP_ENTRY_NOT_FOUND_MESSAGE = 'Entry not found';
export const GROUP_FULL_MESSAGE = `A group order takes at most ${GROUP_ORDER_LIMITS.entries} pieces`;
export const GROUP_SIZE_NOT_OFFERED_MESSAGE = 'This size is not offered for this product';
export const GROUP_CLOSES_IN_PAST_MESSAGE = 'The deadline must be in the future';
export const GROUP_CLOSES_TOO_LATE_MESSAGE = `The deadline must be within ${GROUP_ORDER_LIMITS.closesWithinDays} days`;
export const GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE =
  'Each member paying for their own piece needs online payment, which the shop has not turned on: choose organiser pays';
export const GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE =
  "Add a delivery address first: the group's order is delivered to you";
export const GROUP_NOTHING_TO_ORDER_MESSAGE =
  'This group order has no pieces waiting to be ordered';
export const GROUP_ENTRY_NOT_AWAITING_PAYMENT_MESSAGE = 'This entry is not waiting for a payment';
/** The 'each pays' rule the group's page states (decision 066). */
export const GROUP_EACH_PAYS_PRICE_NOTE =
  "Each member pays for their own piece when joining, at the group's price so far. The group's final price break applies to everyone: if it closes at a better one, the difference is refunded to each member.";
/** Why a member's payment comes back: their reason in the refund email and the roster. */
export const GROUP_REFUND_REASONS = {
  left: 'You left the group order: refunded in full',
  removed: 'The organiser removed your entry: refunded in full',
  soldOut: 'Your size ran out before the group closed: refunded in full',
  priceBreak: 'The group closed at a better price break: the difference is refunded',
  late: 'Your payment arrived after the group closed: refunded in full',
} as const;
export const TOO_MANY_OPEN_GROUPS_MESSAGE = `You can run at most ${GROUP_ORDER_LIMITS.openPerOrganiser} open group orders at once`;

/** The page a group's link opens. */
export const groupOrderPagePath = (token: string) => `/g/${encodeURIComponent(token)}`;

/** The query of a member's edit link, `?entry=…&token=…`: the page opens their entry with it. */
export const GROUP_ENTRY_LINK_PARAMS = { entryId: 'entry', entryToken: 'token' } as const;
export const groupEntryLinkSearch = (entryId: string, entryToken: string) =>
  `${GROUP_ENTRY_LINK_PARAMS.entryId}=${encodeURIComponent(entryId)}&${GROUP_ENTRY_LINK_PARAMS.entryToken}=${encodeURIComponent(entryToken)}`;

const GroupTokenParamsSchema = z.object({
  token: textSchema('The token').min(1, GROUP_NOT_FOUND_MESSAGE).max(200, GROUP_NOT_FOUND_MESSAGE),
});
const GroupEntryParamsSchema = GroupTokenParamsSchema.extend({
  entryId: textSchema('The entry id').max(64),
});

/** A member's proof that an entry is theirs: the token of the link in their 'joined' email. */
export const GroupEntryHeadersSchema = z.object({
  // Node.js hands the server header names in lower case.
  'x-entry-token': z.string().max(200).optional(),
});

export const DEADLINE_FORMAT_MESSAGE =
  'closesAt must be a date and time with its offset, e.g. 2030-01-31T18:00:00+05:30';
const DeadlineSchema = textSchema('closesAt')
  .pipe(z.iso.datetime({ offset: true, error: DEADLINE_FORMAT_MESSAGE }))
  .describe('When the group closes (ISO 8601 with offset)')
  .meta({ examples: ['2030-01-31T18:00:00+05:30'] });

export const CreateGroupOrderBodySchema = z.object({
  /** A customisable product; usually the design's own. */
  productId: IdSchema,
  /** One of the organiser's saved designs: the group keeps a copy. */
  designId: IdSchema,
  closesAt: DeadlineSchema,
  payer: GroupOrderPayerSchema,
  /** Members add a name and a number printed on their piece's back. */
  personalise: z.boolean(),
});
export type CreateGroupOrderBody = z.infer<typeof CreateGroupOrderBodySchema>;

export const UpdateGroupOrderBodySchema = z.object({ closesAt: DeadlineSchema });
export type UpdateGroupOrderBody = z.infer<typeof UpdateGroupOrderBodySchema>;

// Free text: control characters are refused as everywhere (D37), then the roster's rule.
const PlayerNameSchema = textSchema('playerName').pipe(PersonalisationSchema.shape.name);
const PlayerNumberSchema = PersonalisationSchema.shape.number;

/** A member's piece. playerName/number only count when the group is personalised. */
export const GroupEntryBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  size: SizeSchema,
  playerName: PlayerNameSchema.optional(),
  number: PlayerNumberSchema.optional(),
});
export type GroupEntryBody = z.infer<typeof GroupEntryBodySchema>;

export const UpdateGroupEntryBodySchema = GroupEntryBodySchema.partial();
export type UpdateGroupEntryBody = z.infer<typeof UpdateGroupEntryBodySchema>;

/** A personalised piece needs a name or a number (PersonalisationSchema's rule). */
export const personalisationProblem = (playerName: string, number: number | null) =>
  PersonalisationSchema.safeParse({ name: playerName, number }).success
    ? null
    : PERSONALISATION_EMPTY_MESSAGE;

export const GroupEntrySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  size: SizeSchema,
  playerName: z.string().nullable(),
  number: z.number().int().nullable(),
  paid: z.boolean(),
  /** Each pays (decision 066): what the member paid, null until paid and when the organiser pays. */
  amountPaid: RupeesSchema.nullable(),
  /** Each pays: what was refunded to the member so far (a price break's difference, or all of it). */
  refunded: RupeesSchema,
  /** Each pays: a paid member who left, was removed or whose size ran out; refunded in full. */
  dropped: z.boolean(),
  /** The order holding this entry's piece (decision 072); null until it is ordered. */
  orderId: IdSchema.nullable(),
  createdAt: TimestampSchema,
});
export type GroupEntry = z.infer<typeof GroupEntrySchema>;

export const GroupOrderSchema = z.object({
  token: z.string(),
  /** The link members open: the shop's public URL and /g/{token}. */
  url: z.string(),
  organiserName: z.string(),
  product: z.object({
    _id: IdSchema,
    title: z.string(),
    color: ProductColorSchema,
    /** The garment the design is drawn on (issue 28). */
    garment: GarmentKindSchema,
    /** Sizes the product has (in stock or not): a member picks one. */
    sizes: z.array(SizeSchema),
    /** Where the design sits on the garment: the page draws it there. */
    printAreas: PrintAreasSchema,
    /** The group's pieces count together toward these (decision 055). */
    priceBreaks: PriceBreaksSchema,
  }),
  design: DesignSchema,
  /** One piece with the design's printed sides, before any price break. */
  unitPrice: RupeesSchema,
  closesAt: TimestampSchema,
  payer: GroupOrderPayerSchema,
  personalise: z.boolean(),
  status: z.enum(GROUP_ORDER_STATUSES),
  /**
   * Each pays (decision 066): what a member joining now pays for their piece,
   * the price of the pieces paid so far and theirs; null when the organiser pays.
   */
  joinPrice: RupeesSchema.nullable(),
  /** Pieces so far (in 'each pays' groups, those paid for), and how many in each size. */
  pieces: z.number().int(),
  sizeTotals: z.partialRecord(SizeSchema, z.number().int()),
  /** Whether the caller organises it: only they see the roster. */
  isOrganiser: z.boolean(),
  /** The roster, oldest entry first: for the organiser; null for anyone else. */
  entries: z.array(GroupEntrySchema).nullable(),
  /**
   * The orders holding the group's pieces, in the roster's order (decision 072:
   * entries are ordered one by one, so a checkout that took only some of them
   * is one of several): for the organiser; empty until then and for anyone else.
   */
  orderIds: z.array(IdSchema),
});
export type GroupOrder = z.infer<typeof GroupOrderSchema>;

export const CreatedGroupOrderSchema = z.object({ token: z.string(), url: z.string() });

/** A member's payment to make in Razorpay Checkout (each pays, decision 066). */
export const GroupEntryPaymentSchema = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(),
  /** Razorpay's order id, order_…. */
  orderId: z.string(),
  /** In paise, as Razorpay Checkout takes it. */
  amount: z.number().int(),
  currency: z.literal('INR'),
});
export type GroupEntryPayment = z.infer<typeof GroupEntryPaymentSchema>;

export const JoinedGroupOrderSchema = z.object({
  entry: GroupEntrySchema,
  /** Proves the entry is the member's (x-entry-token); the 'joined' email carries it too. */
  entryToken: z.string(),
  /** Each pays: the payment that makes the entry count; null when the organiser pays. */
  payment: GroupEntryPaymentSchema.nullable(),
});
export type JoinedGroupOrder = z.infer<typeof JoinedGroupOrderSchema>;

export const createGroupOrder = defineEndpoint({
  name: 'createGroupOrder',
  method: 'POST',
  path: '/group-orders',
  tag: 'group-orders',
  summary:
    "Start a group order from one of your saved designs: a link members join until closesAt; 'organiser' pays for everyone at checkout, 'each' member pays online for their own piece (needs Razorpay and a delivery address)",
  auth: 'user',
  body: CreateGroupOrderBodySchema,
  result: CreatedGroupOrderSchema,
});

export const getGroupOrder = defineEndpoint({
  name: 'getGroupOrder',
  method: 'GET',
  path: '/group-orders/:token',
  tag: 'group-orders',
  summary:
    'A group order as its link shows it: design, price, sizes, deadline; the roster for its organiser',
  auth: 'optional',
  params: GroupTokenParamsSchema,
  result: GroupOrderSchema,
});

export const updateGroupOrder = defineEndpoint({
  name: 'updateGroupOrder',
  method: 'PATCH',
  path: '/group-orders/:token',
  tag: 'group-orders',
  summary: 'Move the deadline of an open group order (organiser only)',
  auth: 'user',
  params: GroupTokenParamsSchema,
  body: UpdateGroupOrderBodySchema,
  result: GroupOrderSchema,
});

export const closeGroupOrder = defineEndpoint({
  name: 'closeGroupOrder',
  method: 'POST',
  path: '/group-orders/:token/close',
  tag: 'group-orders',
  summary:
    "Close a group order now (organiser only): its pieces go to the organiser's cart, one line each; an 'each pays' group becomes one paid order",
  auth: 'user',
  params: GroupTokenParamsSchema,
  result: GroupOrderSchema,
});

/** How many of a closed group's waiting pieces went back into the organiser's cart. */
export const GroupPiecesToCartSchema = z.object({ added: z.number().int().nonnegative() });
export type GroupPiecesToCart = z.infer<typeof GroupPiecesToCartSchema>;

export const groupPiecesToCart = defineEndpoint({
  name: 'groupPiecesToCart',
  method: 'POST',
  path: '/group-orders/:token/cart',
  tag: 'group-orders',
  summary:
    "Put a closed group's pieces not yet ordered back in the organiser's cart (organiser only, organiser pays): those taken out of the cart, or left by a cancelled order; a piece already there is not added again",
  auth: 'user',
  params: GroupTokenParamsSchema,
  result: GroupPiecesToCartSchema,
});

export const joinGroupOrder = defineEndpoint({
  name: 'joinGroupOrder',
  method: 'POST',
  path: '/group-orders/:token/entries',
  tag: 'group-orders',
  summary:
    "Join a group order (no account needed): name, email, size, and a name/number when it is personalised; in an 'each pays' group, answers the payment that makes the entry count; 409 once closed",
  auth: 'none',
  params: GroupTokenParamsSchema,
  body: GroupEntryBodySchema,
  result: JoinedGroupOrderSchema,
});

export const getGroupEntry = defineEndpoint({
  name: 'getGroupEntry',
  method: 'GET',
  path: '/group-orders/:token/entries/:entryId',
  tag: 'group-orders',
  summary:
    "An entry as it stands, for the form that changes it: its member (x-entry-token, from their 'joined' email's link) or the organiser; 404 for anyone else and for an entry that left",
  auth: 'optional',
  params: GroupEntryParamsSchema,
  headers: GroupEntryHeadersSchema,
  result: GroupEntrySchema,
});

export const updateGroupEntry = defineEndpoint({
  name: 'updateGroupEntry',
  method: 'PATCH',
  path: '/group-orders/:token/entries/:entryId',
  tag: 'group-orders',
  summary:
    'Change an entry: its member (x-entry-token) or the organiser, until the group closes (409 after)',
  auth: 'optional',
  params: GroupEntryParamsSchema,
  headers: GroupEntryHeadersSchema,
  body: UpdateGroupEntryBodySchema,
  result: GroupEntrySchema,
});

export const deleteGroupEntry = defineEndpoint({
  name: 'deleteGroupEntry',
  method: 'DELETE',
  path: '/group-orders/:token/entries/:entryId',
  tag: 'group-orders',
  summary:
    'Leave a group order (x-entry-token) or remove an entry (organiser), until it closes (409 after)',
  auth: 'optional',
  params: GroupEntryParamsSchema,
  headers: GroupEntryHeadersSchema,
  result: z.null(),
});

export const payGroupEntry = defineEndpoint({
  name: 'payGroupEntry',
  method: 'POST',
  path: '/group-orders/:token/entries/:entryId/payment',
  tag: 'group-orders',
  summary:
    "Each pays: report Razorpay Checkout's answer for a member's entry (x-entry-token). The signature is checked against the entry's own Razorpay order, the payment fetched and captured; the entry then counts. Paid after the group closed: refunded, 409.",
  auth: 'none',
  params: GroupEntryParamsSchema,
  headers: GroupEntryHeadersSchema,
  body: PayOrderBodySchema,
  result: GroupEntrySchema,
});
