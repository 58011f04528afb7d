import {
  type BusinessSettings,
  basisPointsToPercent,
  DEFAULT_INVOICE_PREFIX,
  DEFAULT_TAX_SETTINGS,
  type GstRateSettings,
  percentToBasisPoints,
  type TaxSettings,
  type UpdateBusinessSettingsBody,
  type UpdateTaxSettingsBody,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { toBusinessSettings, toTaxSettings } from './business-settings.mapper.ts';
import {
  type BusinessSettingsValues,
  findBusinessSettings,
  saveBusinessSettings,
} from './business-settings.repository.ts';

const DEFAULTS: BusinessSettingsValues = {
  legalName: '',
  tradeName: '',
  address: '',
  stateCode: null,
  gstin: null,
  invoicePrefix: DEFAULT_INVOICE_PREFIX,
  apparelThresholdPaise: rupeesToPaise(DEFAULT_TAX_SETTINGS.apparelThreshold),
  lowRateBasisPoints: percentToBasisPoints(DEFAULT_TAX_SETTINGS.lowRatePercent),
  highRateBasisPoints: percentToBasisPoints(DEFAULT_TAX_SETTINGS.highRatePercent),
  giftWrapHsn: DEFAULT_TAX_SETTINGS.giftWrapHsn,
  giftWrapRateBasisPoints: percentToBasisPoints(DEFAULT_TAX_SETTINGS.giftWrapRatePercent),
  codFeeHsn: DEFAULT_TAX_SETTINGS.codFeeHsn,
  codFeeRateBasisPoints: percentToBasisPoints(DEFAULT_TAX_SETTINGS.codFeeRatePercent),
};

/** The supplier a tax invoice names, and the invoices' prefix: set, GSTIN included. */
export interface TaxInvoiceSupplier {
  legalName: string;
  tradeName: string;
  address: string;
  stateCode: string;
  gstin: string;
  invoicePrefix: string;
}

/** What taxes an order's lines: the apparel rule's rates, and the fixed-rate lines' codes and rates. */
export interface TaxRules {
  rates: GstRateSettings;
  giftWrap: { hsn: string; ratePercent: number };
  codFee: { hsn: string; ratePercent: number };
}

/**
 * The owner's business details and tax settings (issue 26). Read from the
 * database every time, never kept in a process: a change holds from the next
 * invoice on any process (D30).
 */
export function createBusinessSettingsService(db: Database) {
  const stored = async (executor: Database) => (await findBusinessSettings(executor)) ?? DEFAULTS;

  return {
    /** The supplier for a tax invoice, read on `executor`; undefined while the shop has no GSTIN. */
    async taxInvoiceSupplier(executor: Database = db): Promise<TaxInvoiceSupplier | undefined> {
      const values = await stored(executor);
      if (values.gstin === null || values.stateCode === null) return undefined;
      return { ...toBusinessSettings(values), stateCode: values.stateCode, gstin: values.gstin };
    },

    /** The rates and codes now, read on `executor` (an invoice's transaction, or the db). */
    async taxRules(executor: Database = db): Promise<TaxRules> {
      const values = await stored(executor);
      return {
        rates: {
          thresholdPaise: values.apparelThresholdPaise,
          lowRatePercent: basisPointsToPercent(values.lowRateBasisPoints),
          highRatePercent: basisPointsToPercent(values.highRateBasisPoints),
        },
        giftWrap: {
          hsn: values.giftWrapHsn,
          ratePercent: basisPointsToPercent(values.giftWrapRateBasisPoints),
        },
        codFee: {
          hsn: values.codFeeHsn,
          ratePercent: basisPointsToPercent(values.codFeeRateBasisPoints),
        },
      };
    },

    getBusinessSettings: async (): Promise<BusinessSettings> =>
      toBusinessSettings(await stored(db)),

    async updateBusinessSettings(body: UpdateBusinessSettingsBody): Promise<BusinessSettings> {
      return toBusinessSettings(await saveBusinessSettings(db, body));
    },

    getTaxSettings: async (): Promise<TaxSettings> => toTaxSettings(await stored(db)),

    async updateTaxSettings(body: UpdateTaxSettingsBody): Promise<TaxSettings> {
      const saved = await saveBusinessSettings(db, {
        apparelThresholdPaise: rupeesToPaise(body.apparelThreshold),
        lowRateBasisPoints: percentToBasisPoints(body.lowRatePercent),
        highRateBasisPoints: percentToBasisPoints(body.highRatePercent),
        giftWrapHsn: body.giftWrapHsn,
        giftWrapRateBasisPoints: percentToBasisPoints(body.giftWrapRatePercent),
        codFeeHsn: body.codFeeHsn,
        codFeeRateBasisPoints: percentToBasisPoints(body.codFeeRatePercent),
      });
      return toTaxSettings(saved);
    },
  };
}

export type BusinessSettingsService = ReturnType<typeof createBusinessSettingsService>;
