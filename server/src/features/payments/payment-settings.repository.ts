import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { type PaymentSettingsRow, paymentSettings } from '#server/db/schema/payments.ts';

const SETTINGS_ROW = 1;

export type PaymentSettingsValues = Pick<
  PaymentSettingsRow,
  'codEnabled' | 'codMaxOrderPaise' | 'codFeePaise'
>;

/** The owner's settings as stored now; undefined only before the migration wrote the row. */
export async function findPaymentSettings(
  db: Database,
): Promise<PaymentSettingsValues | undefined> {
  const [row] = await db
    .select({
      codEnabled: paymentSettings.codEnabled,
      codMaxOrderPaise: paymentSettings.codMaxOrderPaise,
      codFeePaise: paymentSettings.codFeePaise,
    })
    .from(paymentSettings)
    .where(eq(paymentSettings.id, SETTINGS_ROW));
  return row;
}

export async function savePaymentSettings(
  db: Database,
  values: PaymentSettingsValues,
): Promise<PaymentSettingsValues> {
  const [row] = await db
    .insert(paymentSettings)
    .values({ id: SETTINGS_ROW, ...values })
    .onConflictDoUpdate({ target: paymentSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning({
      codEnabled: paymentSettings.codEnabled,
      codMaxOrderPaise: paymentSettings.codMaxOrderPaise,
      codFeePaise: paymentSettings.codFeePaise,
    });
  if (!row) throw new Error('The payment settings were not saved');
  return row;
}
