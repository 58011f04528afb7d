import { z } from 'zod';
import { IdParamsSchema, IdSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

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

export const TEST_PAYMENTS_NOTICE = 'Test payments: no money moves';
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
