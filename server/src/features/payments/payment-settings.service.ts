import {
  DEFAULT_PAYMENT_SETTINGS,
  type PaymentSettings,
  type UpdatePaymentSettingsBody,
} from '#contract';
import type { RazorpayConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { toPaymentSettings } from './payment-settings.mapper.ts';
import {
  findPaymentSettings,
  type PaymentSettingsValues,
  savePaymentSettings,
} from './payment-settings.repository.ts';

const DEFAULTS: PaymentSettingsValues = {
  codEnabled: DEFAULT_PAYMENT_SETTINGS.codEnabled,
  codMaxOrderPaise: rupeesToPaise(DEFAULT_PAYMENT_SETTINGS.codMaxOrder),
  codFeePaise: rupeesToPaise(DEFAULT_PAYMENT_SETTINGS.codFee),
};

/** Cash on delivery as the owner set it, in paise: what the cart's pricing applies. */
export interface CashOnDeliveryRules {
  enabled: boolean;
  maxOrderPaise: number;
  feePaise: number;
}

/**
 * The owner's payment settings (issue 25). Read from the database on every
 * quote and checkout, never kept in a process: a change made on one process
 * holds on the next request to any other (D30).
 */
export function createPaymentSettingsService(
  db: Database,
  razorpay: Pick<RazorpayConfig, 'keyId'> | undefined,
) {
  const stored = async (executor: Database) => (await findPaymentSettings(executor)) ?? DEFAULTS;

  return {
    /** The rules now, read on `executor` (checkout's transaction, or the quote's db). */
    async cashOnDeliveryRules(executor: Database): Promise<CashOnDeliveryRules> {
      const values = await stored(executor);
      return {
        enabled: values.codEnabled,
        maxOrderPaise: values.codMaxOrderPaise,
        feePaise: values.codFeePaise,
      };
    },

    getPaymentSettings: async (): Promise<PaymentSettings> =>
      toPaymentSettings(await stored(db), razorpay),

    async updatePaymentSettings(body: UpdatePaymentSettingsBody): Promise<PaymentSettings> {
      const saved = await savePaymentSettings(db, {
        codEnabled: body.codEnabled,
        codMaxOrderPaise: rupeesToPaise(body.codMaxOrder),
        codFeePaise: rupeesToPaise(body.codFee),
      });
      return toPaymentSettings(saved, razorpay);
    },
  };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
