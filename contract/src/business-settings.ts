import { z } from 'zod';
import { isWholePaise } from './catalogue.ts';
import { RupeesSchema, rupeesToPaise } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { requiredText } from './fields.ts';
import {
  DEFAULT_FIXED_RATE_PERCENT,
  DEFAULT_GST_RATES,
  type GstRateSettings,
  gstStateByCode,
  hsnSchema,
  isValidGstin,
  OptionalGstinSchema,
} from './gst.ts';
import { textSchema } from './text.ts';

// The shop's business details and tax settings (issue 26), under
// /api/v1/admin: 401 without a live session, 403 for anyone but an admin.

/** Said where the business details are set while the shop has no GSTIN. */
export const NO_GSTIN_NOTICE = 'No tax invoices are issued until the GSTIN is set';

/**
 * An invoice number is `{prefix}/{YY-YY}/{serial}` with a 6-digit serial
 * (TC/26-27/000123), and GST allows at most 16 characters: 3 for the prefix.
 */
export const INVOICE_PREFIX_MAX_LENGTH = 3;
/** The credit notes' own series (CN/26-27/000001): no invoice prefix may take it. */
export const CREDIT_NOTE_PREFIX = 'CN';
/** The shop's initials (TeeCraft) until the owner sets a prefix. */
export const DEFAULT_INVOICE_PREFIX = 'TC';

/** Gift wrap's and the cash on delivery fee's codes until the owner's accountant says otherwise. */
export const DEFAULT_TAX_SETTINGS = {
  apparelThreshold: DEFAULT_GST_RATES.thresholdPaise / 100,
  lowRatePercent: DEFAULT_GST_RATES.lowRatePercent,
  highRatePercent: DEFAULT_GST_RATES.highRatePercent,
  /** SAC 998599: other support services. */
  giftWrapHsn: '998599',
  giftWrapRatePercent: DEFAULT_FIXED_RATE_PERCENT,
  /** SAC 996812: courier services (the fee for collecting cash on delivery). */
  codFeeHsn: '996812',
  codFeeRatePercent: DEFAULT_FIXED_RATE_PERCENT,
} as const;

/** The highest apparel threshold the owner may set, in rupees. */
export const APPAREL_THRESHOLD_LIMIT = 100_000;

const invoicePrefixMessage = `Invoice prefix must be 1 to ${INVOICE_PREFIX_MAX_LENGTH} letters or digits, so that a number like ${DEFAULT_INVOICE_PREFIX}/26-27/000123 fits GST's 16 characters`;

const StateCodeSchema = textSchema('State', { required: 'State is required' }).refine(
  (code) => gstStateByCode(code) !== undefined,
  'State must be one of the states and union territories of the list',
);

/** What the owner writes; a PUT replaces all of it. */
export const UpdateBusinessSettingsBodySchema = z
  .object({
    legalName: requiredText('Legal name', 200),
    /** The name the shop trades under, when it is not the legal name; '' for none. */
    tradeName: textSchema('Trade name')
      .trim()
      .max(200, 'Trade name must be at most 200 characters'),
    address: requiredText('Address', 400, { multiLine: true }),
    stateCode: StateCodeSchema,
    /** '' or null: no GSTIN yet, and no tax invoices. */
    gstin: OptionalGstinSchema,
    invoicePrefix: textSchema('Invoice prefix')
      .trim()
      .transform((prefix) => prefix.toUpperCase())
      .pipe(
        z
          .string()
          .regex(new RegExp(`^[A-Z0-9]{1,${INVOICE_PREFIX_MAX_LENGTH}}$`), invoicePrefixMessage)
          .refine(
            (prefix) => prefix !== CREDIT_NOTE_PREFIX,
            `Invoice prefix cannot be ${CREDIT_NOTE_PREFIX}: credit notes are numbered ${CREDIT_NOTE_PREFIX}/…`,
          ),
      ),
  })
  .superRefine((body, context) => {
    // Only a GSTIN and a state that are each right can disagree (zod checks the body after a field's issue).
    if (!body.gstin || !isValidGstin(body.gstin) || !gstStateByCode(body.stateCode)) return;
    const gstinState = body.gstin.slice(0, 2);
    if (gstinState === body.stateCode) return;
    context.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: gstinStateMessage(gstinState, body.stateCode),
    });
  });
export type UpdateBusinessSettingsBody = z.infer<typeof UpdateBusinessSettingsBodySchema>;

/** Why a GSTIN does not fit the state the business is in. */
export function gstinStateMessage(gstinStateCode: string, stateCode: string): string {
  const named = (code: string) => `${gstStateByCode(code)?.name ?? 'no state'} (${code})`;
  return `GSTIN starts with ${gstinStateCode}, the code of ${named(gstinStateCode)}, but the business is in ${named(stateCode)}: its first two digits must be the state's GST code`;
}

/**
 * The supplier on every tax invoice, and the invoices' prefix. Before the
 * owner first saves them the names and address are '' and the state and
 * GSTIN null; while the GSTIN is null no tax invoice is issued.
 */
export const BusinessSettingsSchema = z.object({
  legalName: z.string(),
  tradeName: z.string(),
  address: z.string(),
  stateCode: z.string().nullable(),
  gstin: z.string().nullable(),
  invoicePrefix: z.string(),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

const percentSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0% or more`)
    .max(100, `${label} must be at most 100%`)
    .refine(isWholePaise, `${label} may have at most 2 decimals`);

/** The tax settings the owner writes; a PUT replaces all of them. */
export const UpdateTaxSettingsBodySchema = z
  .object({
    /** Apparel up to this value per piece before tax takes the low rate, in rupees (D4). */
    apparelThreshold: z
      .number({ error: 'Apparel threshold must be a number' })
      .positive('Apparel threshold must be more than ₹0')
      .max(APPAREL_THRESHOLD_LIMIT, 'Apparel threshold must be at most ₹1,00,000')
      .refine(isWholePaise, 'Apparel threshold may have at most 2 decimals'),
    lowRatePercent: percentSchema('Low rate'),
    highRatePercent: percentSchema('High rate'),
    giftWrapHsn: hsnSchema('Gift wrap HSN/SAC code'),
    giftWrapRatePercent: percentSchema('Gift wrap rate'),
    codFeeHsn: hsnSchema('Cash on delivery fee HSN/SAC code'),
    codFeeRatePercent: percentSchema('Cash on delivery fee rate'),
  })
  .refine((body) => body.highRatePercent > body.lowRatePercent, {
    path: ['highRatePercent'],
    message: 'High rate must be above the low rate',
  });
export type UpdateTaxSettingsBody = z.infer<typeof UpdateTaxSettingsBodySchema>;

export const TaxSettingsSchema = z.object({
  apparelThreshold: RupeesSchema,
  lowRatePercent: z.number(),
  highRatePercent: z.number(),
  giftWrapHsn: z.string(),
  giftWrapRatePercent: z.number(),
  codFeeHsn: z.string(),
  codFeeRatePercent: z.number(),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

/** The apparel rule's settings in the tax function's terms (paise). */
export const gstRatesOf = (settings: TaxSettings): GstRateSettings => ({
  thresholdPaise: rupeesToPaise(settings.apparelThreshold),
  lowRatePercent: settings.lowRatePercent,
  highRatePercent: settings.highRatePercent,
});

export const getBusinessSettings = defineEndpoint({
  name: 'getBusinessSettings',
  method: 'GET',
  path: '/admin/settings/business',
  tag: 'admin',
  summary:
    "The shop's business details printed on tax invoices (legal and trade name, address, state, GSTIN) and the invoices' prefix",
  auth: 'admin',
  result: BusinessSettingsSchema,
});

export const updateBusinessSettings = defineEndpoint({
  name: 'updateBusinessSettings',
  method: 'PUT',
  path: '/admin/settings/business',
  tag: 'admin',
  summary:
    "Set the business details; the GSTIN's check character and state are checked, and tax invoices are issued once it is set",
  auth: 'admin',
  body: UpdateBusinessSettingsBodySchema,
  result: BusinessSettingsSchema,
});

export const getTaxSettings = defineEndpoint({
  name: 'getTaxSettings',
  method: 'GET',
  path: '/admin/settings/tax',
  tag: 'admin',
  summary:
    "GST's apparel threshold and two rates, and gift wrap's and the cash on delivery fee's HSN/SAC codes and rates",
  auth: 'admin',
  result: TaxSettingsSchema,
});

export const updateTaxSettings = defineEndpoint({
  name: 'updateTaxSettings',
  method: 'PUT',
  path: '/admin/settings/tax',
  tag: 'admin',
  summary: 'Set the GST rates and codes; invoices issued from then on use them',
  auth: 'admin',
  body: UpdateTaxSettingsBodySchema,
  result: TaxSettingsSchema,
});
