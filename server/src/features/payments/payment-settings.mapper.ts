import type { PaymentSettings } from '#contract';
import type { RazorpayConfig } from '#server/config/env.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { PaymentSettingsValues } from './payment-settings.repository.ts';

/** The settings in rupees (D4), with Razorpay's mode read from its key id's prefix: never a key. */
export function toPaymentSettings(
  values: PaymentSettingsValues,
  razorpay: Pick<RazorpayConfig, 'keyId'> | undefined,
): PaymentSettings {
  return {
    codEnabled: values.codEnabled,
    codMaxOrder: paiseToRupees(values.codMaxOrderPaise),
    codFee: paiseToRupees(values.codFeePaise),
    razorpay: razorpay ? { mode: razorpay.keyId.startsWith('rzp_live_') ? 'live' : 'test' } : null,
  };
}
