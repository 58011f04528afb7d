import { z } from 'zod';
import { IdParamsSchema, IdSchema, PageQuerySchema, pageOf, RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { formatRupees } from './format.ts';
import { textSchema } from './text.ts';

/** A card saved at checkout, as its owner sees it: never its number (D12, issue 13). */
export const SavedCardSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

export const SAVED_CARD_NOT_FOUND = 'Saved card not found';

export const listSavedCards = defineEndpoint({
  name: 'listSavedCards',
  method: 'GET',
  path: '/payment/cards',
  tag: 'payments',
  summary: "The signed-in shopper's saved cards, newest first",
  auth: 'user',
  result: z.array(SavedCardSchema),
});

export const deleteSavedCard = defineEndpoint({
  name: 'deleteSavedCard',
  method: 'DELETE',
  path: '/payment/cards/:id',
  tag: 'payments',
  summary: 'Remove a saved card; another shopper’s card is not found',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

// ---------------------------------------------------------------- refunds of cash orders (issue 25)

/**
 * A cash order has no payment to refund into: the shopper gives a UPI ID or a
 * bank account, and the shop pays the refund into it by hand.
 */
export const REFUND_ACCOUNT_KINDS = ['upi', 'bank'] as const;
export type RefundAccountKind = (typeof REFUND_ACCOUNT_KINDS)[number];

/**
 * A UPI ID (NPCI's virtual payment address) is `name@handle`: the name is
 * 2-256 letters, digits, dots, hyphens or underscores (phone numbers and
 * names such as asha.rao-1 are common), the handle is the bank's or app's
 * 2-64 letters (okaxis, ybl, paytm, sbi). No app issues a handle with digits
 * or dots, so a typo such as `asha@gmail.com` (an email) is refused.
 */
export const UPI_ID_PATTERN = /^[a-z0-9._-]{2,256}@[a-z]{2,64}$/;
export const UPI_ID_MESSAGE = 'Enter a UPI ID like name@bank';
/** An Indian bank account number: 9 to 18 digits (spaces are dropped). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const ACCOUNT_NUMBER_MESSAGE = 'Enter the account number: 9 to 18 digits';
/** RBI's IFSC: 4 letters of the bank, a zero, 6 letters or digits of the branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const IFSC_MESSAGE = 'Enter the 11-character IFSC, like HDFC0001234';
export const ACCOUNT_HOLDER_MESSAGE = 'Enter the account holder’s name';

export const UpiIdSchema = textSchema('UPI ID', { required: UPI_ID_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(UPI_ID_PATTERN, UPI_ID_MESSAGE);

export const SetRefundAccountBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('upi'), upiId: UpiIdSchema }),
    z.object({
      kind: z.literal('bank'),
      accountNumber: textSchema('Account number', { required: ACCOUNT_NUMBER_MESSAGE })
        .transform((value) => value.replace(/\s+/g, ''))
        .pipe(z.string().regex(ACCOUNT_NUMBER_PATTERN, ACCOUNT_NUMBER_MESSAGE)),
      ifsc: textSchema('IFSC', { required: IFSC_MESSAGE })
        .trim()
        .toUpperCase()
        .regex(IFSC_PATTERN, IFSC_MESSAGE),
      accountHolder: textSchema('Account holder', { required: ACCOUNT_HOLDER_MESSAGE })
        .trim()
        .min(2, ACCOUNT_HOLDER_MESSAGE)
        .max(100, 'The account holder’s name must be at most 100 characters'),
    }),
  ],
  { error: 'kind must be upi or bank' },
);
export type SetRefundAccountBody = z.infer<typeof SetRefundAccountBodySchema>;

/** Where a cash order's refund is paid, as the shopper sees it: a bank account by its last 4 digits. */
export const RefundAccountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upi'), upiId: z.string() }),
  z.object({
    kind: z.literal('bank'),
    accountLast4: z.string(),
    ifsc: z.string(),
    accountHolder: z.string(),
  }),
]);
export type RefundAccount = z.infer<typeof RefundAccountSchema>;

export const REFUND_ACCOUNT_NOT_CASH =
  'This order was paid online: its refund goes back to the way it was paid';
export const REFUND_ACCOUNT_NOT_DELIVERED =
  'Nothing was paid on this order yet, so there is nothing to refund';
export const REFUND_ALREADY_PAID = 'The refund of this order is already paid';

export const getRefundAccount = defineEndpoint({
  name: 'getRefundAccount',
  method: 'GET',
  path: '/order/:id/refund-account',
  tag: 'payments',
  summary:
    'Where the shop pays by hand the refund of one of the shopper’s cash orders, if given yet',
  auth: 'user',
  params: IdParamsSchema,
  result: RefundAccountSchema.nullable(),
});

export const setRefundAccount = defineEndpoint({
  name: 'setRefundAccount',
  method: 'PUT',
  path: '/order/:id/refund-account',
  tag: 'payments',
  summary:
    'Give a UPI ID or a bank account for the refund of a delivered cash order: the shop pays it by hand',
  auth: 'user',
  params: IdParamsSchema,
  body: SetRefundAccountBodySchema,
  result: RefundAccountSchema,
});

/** A refund of a cash order the owner has to pay by hand, with the full account to pay it into. */
export const RefundToPaySchema = z.object({
  _id: IdSchema,
  orderId: IdSchema,
  amount: RupeesSchema,
  reason: z.string(),
  createdAt: z.string(),
  customer: z.object({ _id: IdSchema, name: z.string(), email: z.string() }),
  /** Null until the shopper gives it. */
  account: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('upi'), upiId: z.string() }),
      z.object({
        kind: z.literal('bank'),
        accountNumber: z.string(),
        ifsc: z.string(),
        accountHolder: z.string(),
      }),
    ])
    .nullable(),
});
export type RefundToPay = z.infer<typeof RefundToPaySchema>;
export const RefundToPayPageSchema = pageOf(RefundToPaySchema);
export type RefundToPayPage = z.infer<typeof RefundToPayPageSchema>;

export const REFUND_REFERENCE_MESSAGE =
  'Enter the payment’s reference: the UPI transaction id or the bank’s UTR';
export const MarkRefundPaidBodySchema = z.object({
  reference: textSchema('reference', { required: REFUND_REFERENCE_MESSAGE })
    .trim()
    .min(4, REFUND_REFERENCE_MESSAGE)
    .max(64, 'The reference must be at most 64 characters'),
});
export type MarkRefundPaidBody = z.infer<typeof MarkRefundPaidBodySchema>;

export const RefundPaidSchema = z.object({
  _id: IdSchema,
  orderId: IdSchema,
  amount: RupeesSchema,
  reference: z.string(),
  paidAt: z.string(),
});
export type RefundPaid = z.infer<typeof RefundPaidSchema>;

export const REFUND_TO_PAY_NOT_FOUND = 'Refund to pay not found';
/** How a cash order's refund is paid, said on the timeline when its returned items are received (issue 28). */
export const refundToPayByHandNote = (amount: number) =>
  `Refund of ${formatRupees(amount)} to pay by hand into the UPI ID or bank account you give on this page`;
/** The note of the 'Refunded' event a cash refund marked paid puts on the order's timeline. */
export const refundPaidByHandNote = (reference: string) => `Paid by hand: reference ${reference}`;
export const refundAlreadyPaid = (reference: string) =>
  `This refund was already marked paid with reference ${reference}`;

export const listRefundsToPay = defineEndpoint({
  name: 'listRefundsToPay',
  method: 'GET',
  path: '/admin/refunds/to-pay',
  tag: 'admin',
  summary: 'Refunds of cash orders the shop pays by hand, oldest first',
  auth: 'admin',
  query: PageQuerySchema,
  result: RefundToPayPageSchema,
});

export const markRefundPaid = defineEndpoint({
  name: 'markRefundPaid',
  method: 'POST',
  path: '/admin/refunds/:id/paid',
  tag: 'admin',
  summary:
    'Mark a cash order’s refund paid by hand, with its reference; the shopper is emailed. The same reference again answers the same; another is a 409',
  auth: 'admin',
  params: IdParamsSchema,
  body: MarkRefundPaidBodySchema,
  result: RefundPaidSchema,
});
/**
 * How the shop takes payments, as checkout offers them (issue 25): Razorpay
 * Checkout when the shop has its keys (the script to load and the public key
 * id, never a secret), or null: the built-in test gateway, where no money moves.
 */
export const PaymentOptionsSchema = z.object({
  online: z
    .object({
      provider: z.literal('razorpay'),
      keyId: z.string(),
      checkoutUrl: z.string(),
    })
    .nullable(),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

export const PAY_ONLINE_LABEL = 'Pay online: UPI, cards, netbanking, wallets';
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

export const getPaymentOptions = defineEndpoint({
  name: 'getPaymentOptions',
  method: 'GET',
  path: '/payment/options',
  tag: 'payments',
  summary:
    'How checkout may take payment: Razorpay Checkout (its script and key id) or test payments',
  auth: 'none',
  result: PaymentOptionsSchema,
});

/**
 * Razorpay's webhook (issue 25): the raw body, signed with the webhook secret
 * in X-Razorpay-Signature. Not for the browser; listed here so its path is
 * written once.
 */
export const RAZORPAY_WEBHOOK_PATH = '/payments/razorpay/webhook';
