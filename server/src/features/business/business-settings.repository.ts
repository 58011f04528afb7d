import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { type BusinessSettingsRow, businessSettings } from '#server/db/schema/business.ts';

const SETTINGS_ROW = 1;

export type BusinessSettingsValues = Omit<BusinessSettingsRow, 'id' | 'updatedAt'>;
export type BusinessDetailsValues = Pick<
  BusinessSettingsValues,
  'legalName' | 'tradeName' | 'address' | 'stateCode' | 'gstin' | 'invoicePrefix'
>;
export type TaxSettingsValues = Omit<BusinessSettingsValues, keyof BusinessDetailsValues>;

const selected = {
  legalName: businessSettings.legalName,
  tradeName: businessSettings.tradeName,
  address: businessSettings.address,
  stateCode: businessSettings.stateCode,
  gstin: businessSettings.gstin,
  invoicePrefix: businessSettings.invoicePrefix,
  apparelThresholdPaise: businessSettings.apparelThresholdPaise,
  lowRateBasisPoints: businessSettings.lowRateBasisPoints,
  highRateBasisPoints: businessSettings.highRateBasisPoints,
  giftWrapHsn: businessSettings.giftWrapHsn,
  giftWrapRateBasisPoints: businessSettings.giftWrapRateBasisPoints,
  codFeeHsn: businessSettings.codFeeHsn,
  codFeeRateBasisPoints: businessSettings.codFeeRateBasisPoints,
};

/** The settings as stored now; undefined only before the migration wrote the row. */
export async function findBusinessSettings(
  executor: Database,
): Promise<BusinessSettingsValues | undefined> {
  const [row] = await executor
    .select(selected)
    .from(businessSettings)
    .where(eq(businessSettings.id, SETTINGS_ROW));
  return row;
}

/** Writes some of the settings (the business details, or the tax settings), keeping the others. */
export async function saveBusinessSettings(
  db: Database,
  values: BusinessDetailsValues | TaxSettingsValues,
): Promise<BusinessSettingsValues> {
  const [row] = await db
    .insert(businessSettings)
    .values({ id: SETTINGS_ROW, ...values })
    .onConflictDoUpdate({
      target: businessSettings.id,
      set: { ...values, updatedAt: new Date() },
    })
    .returning(selected);
  if (!row) throw new Error('The business settings were not saved');
  return row;
}
