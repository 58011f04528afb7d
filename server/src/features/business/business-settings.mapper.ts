import { type BusinessSettings, basisPointsToPercent, type TaxSettings } from '#contract';
import { paiseToRupees } from '#server/lib/money.ts';
import type { BusinessSettingsValues } from './business-settings.repository.ts';

export function toBusinessSettings(values: BusinessSettingsValues): BusinessSettings {
  return {
    legalName: values.legalName,
    tradeName: values.tradeName,
    address: values.address,
    stateCode: values.stateCode,
    gstin: values.gstin,
    invoicePrefix: values.invoicePrefix,
  };
}

/** The tax settings in rupees (D4) and percent. */
export function toTaxSettings(values: BusinessSettingsValues): TaxSettings {
  return {
    apparelThreshold: paiseToRupees(values.apparelThresholdPaise),
    lowRatePercent: basisPointsToPercent(values.lowRateBasisPoints),
    highRatePercent: basisPointsToPercent(values.highRateBasisPoints),
    giftWrapHsn: values.giftWrapHsn,
    giftWrapRatePercent: basisPointsToPercent(values.giftWrapRateBasisPoints),
    codFeeHsn: values.codFeeHsn,
    codFeeRatePercent: basisPointsToPercent(values.codFeeRateBasisPoints),
  };
}
