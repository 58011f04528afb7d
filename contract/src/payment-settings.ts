import { z } from 'zod';
import { isWholePaise } from './catalogue.ts';
import { RupeesSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

// The owner's payment settings (issue 25), under /api/v1/admin: 401 without a
// live session, 403 for anyone but an admin.

/** Cash on delivery until the owner says otherwise: offered on orders up to ₹5,000, with no fee. */
export const DEFAULT_PAYMENT_SETTINGS = {
  codEnabled: true,
  codMaxOrder: 5_000,
  codFee: 0,
} as const;
/** The highest order the owner may accept cash for: ₹10,00,000, the highest product price. */
export const COD_MAX_ORDER_LIMIT = 1_000_000;
/** The highest cash on delivery fee the owner may set. */
export const COD_FEE_LIMIT = 1_000;

/** Rupees as the owner reads them in a message: Indian grouping, decimals only when there are paise. */
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** Why checkout does not offer cash for an order above the owner's limit (the total before the fee). */
export const cashOnDeliveryLimitMessage = (maxOrder: number) =>
  `Cash on delivery is available on orders up to ${rupees(maxOrder)}`;
/** Why checkout does not offer cash when the owner has turned it off. */
export const CASH_ON_DELIVERY_OFF_MESSAGE = 'Cash on delivery is not available at the moment';
/** Said where payments are set up while no payment gateway is configured: the test gateway approves. */
export const TEST_PAYMENTS_NOTICE = 'Test payments: no money moves';

/** Settings the owner writes; a PUT replaces all of them. */
export const UpdatePaymentSettingsBodySchema = z.object({
  codEnabled: z.boolean({ error: 'codEnabled must be true or false' }),
  /** The highest order total (before the fee) cash is offered for, in rupees (D4). */
  codMaxOrder: z
    .number({ error: 'Cash on delivery limit must be a number' })
    .positive('Cash on delivery limit must be more than ₹0')
    .max(
      COD_MAX_ORDER_LIMIT,
      `Cash on delivery limit must be at most ${rupees(COD_MAX_ORDER_LIMIT)}`,
    )
    .refine(isWholePaise, 'Cash on delivery limit may have at most 2 decimals'),
  /** Added to an order's total when it is paid in cash, in rupees (D4). */
  codFee: z
    .number({ error: 'Cash on delivery fee must be a number' })
    .min(0, 'Cash on delivery fee must be ₹0 or more')
    .max(COD_FEE_LIMIT, `Cash on delivery fee must be at most ${rupees(COD_FEE_LIMIT)}`)
    .refine(isWholePaise, 'Cash on delivery fee may have at most 2 decimals'),
});
export type UpdatePaymentSettingsBody = z.infer<typeof UpdatePaymentSettingsBodySchema>;

export const RAZORPAY_MODES = ['test', 'live'] as const;

export const PaymentSettingsSchema = z.object({
  codEnabled: z.boolean(),
  codMaxOrder: RupeesSchema,
  codFee: RupeesSchema,
  /**
   * Razorpay as the server is configured (environment, never the database):
   * null when it is not, and shoppers pay the test gateway; otherwise whether
   * its keys are test or live keys (the key id's rzp_test_ / rzp_live_). Never a key.
   */
  razorpay: z.object({ mode: z.enum(RAZORPAY_MODES) }).nullable(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** Whether cash is offered for the order as it stands now, and for what fee (the cart's quote). */
export const CashOnDeliverySchema = z.object({
  available: z.boolean(),
  /** Added to the total when the shopper pays in cash. */
  fee: RupeesSchema,
  /** Why cash is not offered (the owner's limit, or turned off); null when it is. */
  unavailableReason: z.string().nullable(),
});
export type CashOnDelivery = z.infer<typeof CashOnDeliverySchema>;

export const getPaymentSettings = defineEndpoint({
  name: 'getPaymentSettings',
  method: 'GET',
  path: '/admin/settings/payments',
  tag: 'admin',
  summary:
    "Cash on delivery's rules (offered, the highest order, the fee) and whether Razorpay is configured, in test or live mode",
  auth: 'admin',
  result: PaymentSettingsSchema,
});

export const updatePaymentSettings = defineEndpoint({
  name: 'updatePaymentSettings',
  method: 'PUT',
  path: '/admin/settings/payments',
  tag: 'admin',
  summary: "Set cash on delivery's rules; every server process applies them from the next checkout",
  auth: 'admin',
  body: UpdatePaymentSettingsBodySchema,
  result: PaymentSettingsSchema,
});
