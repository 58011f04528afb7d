import type { z } from 'zod';
import { textSchema } from './text.ts';

// GST (issue 26): the states and their codes, GSTIN validation, and the tax on
// an invoice's lines. Inside the tax, money is whole paise; prices are
// tax-inclusive, so the tax is backed out of what was charged.

export interface GstState {
  /** The 2-digit code GST gives the state: the first two characters of a GSTIN there. */
  code: string;
  name: string;
}

/**
 * Every state and union territory with its GST state code, by name (the GST
 * portal's list). Dadra and Nagar Haveli and Daman and Diu are one territory,
 * 26, since their merger in January 2020 (Daman and Diu's 25 is retired);
 * Andhra Pradesh is 37 since the 2014 split (28 is retired); Ladakh is 38.
 * 97 is 'Other Territory' (the continental shelf and beyond).
 */
export const GST_STATES: readonly GstState[] = [
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '18', name: 'Assam' },
  { code: '10', name: 'Bihar' },
  { code: '04', name: 'Chandigarh' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '07', name: 'Delhi' },
  { code: '30', name: 'Goa' },
  { code: '24', name: 'Gujarat' },
  { code: '06', name: 'Haryana' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '20', name: 'Jharkhand' },
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
  { code: '38', name: 'Ladakh' },
  { code: '31', name: 'Lakshadweep' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '27', name: 'Maharashtra' },
  { code: '14', name: 'Manipur' },
  { code: '17', name: 'Meghalaya' },
  { code: '15', name: 'Mizoram' },
  { code: '13', name: 'Nagaland' },
  { code: '21', name: 'Odisha' },
  { code: '97', name: 'Other Territory' },
  { code: '34', name: 'Puducherry' },
  { code: '03', name: 'Punjab' },
  { code: '08', name: 'Rajasthan' },
  { code: '11', name: 'Sikkim' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '36', name: 'Telangana' },
  { code: '16', name: 'Tripura' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '19', name: 'West Bengal' },
];

const STATES_BY_CODE = new Map(GST_STATES.map((state) => [state.code, state]));

export function gstStateByCode(code: string): GstState | undefined {
  return STATES_BY_CODE.get(code);
}

/** A name as people write it: lower case, '&' as 'and', no dots, one space between words. */
const nameKey = (name: string) =>
  name.toLowerCase().replace(/&/g, ' and ').replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();

/** Names the states went by, or are often written as, before the list above. */
const FORMER_NAMES: Record<string, string> = {
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  chattisgarh: '22',
  'new delhi': '07',
  'nct of delhi': '07',
  'delhi nct': '07',
  'jammu kashmir': '01',
  'andaman nicobar islands': '35',
  'andaman and nicobar': '35',
  'dadra and nagar haveli': '26',
  'daman and diu': '26',
  'dadra nagar haveli and daman diu': '26',
  telengana: '36',
};

const STATE_CODES_BY_NAME = new Map<string, string>([
  ...GST_STATES.map((state) => [nameKey(state.name), state.code] as const),
  ...Object.entries(FORMER_NAMES),
]);

/**
 * The state a name written by hand means (an address saved before states were
 * chosen from the list): case, spaces, '&' for 'and' and former names such as
 * 'Orissa' or 'Pondicherry' do not matter. Undefined when the name is no state.
 */
export function gstStateByName(name: string): GstState | undefined {
  const code = STATE_CODES_BY_NAME.get(nameKey(name));
  return code === undefined ? undefined : STATES_BY_CODE.get(code);
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), the entity's number, 'Z', the check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (Luhn mod 36): each
 * character's value (0-9, A=10 … Z=35) is weighted 1, 2, 1, 2 … from the left,
 * each product's base-36 digits are added, and the check character brings the
 * sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with a GSTIN (upper case), or undefined when nothing is. */
export function gstinProblem(gstin: string): string | undefined {
  if (gstin.length !== 15) return 'GSTIN must be 15 characters';
  if (!GSTIN_SHAPE.test(gstin)) {
    return 'GSTIN must be a state code, a PAN (5 letters, 4 digits, a letter), a digit or letter, Z and a check character';
  }
  if (!gstStateByCode(gstin.slice(0, 2))) {
    return `GSTIN starts with ${gstin.slice(0, 2)}, which is no state's GST code`;
  }
  if (gstin.charAt(14) !== gstinCheckCharacter(gstin)) {
    return 'GSTIN has a wrong check character (its last): check it for a typing mistake';
  }
  return undefined;
}

/** Format (state code, PAN, entity, 'Z') and the check character; upper case only. */
export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === undefined;
}

/** A GSTIN as typed: spaces dropped, upper-cased. */
const typedGstin = textSchema('GSTIN', { required: 'GSTIN must be text' }).transform((typed) =>
  typed.replace(/\s+/g, '').toUpperCase(),
);

const checkGstin = (gstin: string, context: z.RefinementCtx) => {
  const problem = gstinProblem(gstin);
  if (problem) context.addIssue({ code: 'custom', message: problem });
};

/** A GSTIN as typed: spaces dropped, upper-cased, then validated with a message naming the problem. */
export const GstinSchema: z.ZodType<string> = typedGstin.superRefine(checkGstin);

/** A GSTIN that may be left out: '' (or only spaces) or null is none (null), anything else is checked. */
export const OptionalGstinSchema = typedGstin
  .nullable()
  .superRefine((gstin, context) => {
    if (gstin) checkGstin(gstin, context);
  })
  .transform((gstin) => gstin || null);

/** An HSN (goods) or SAC (services, 99…) code as invoices print it: 4, 6 or 8 digits. */
export const hsnSchema = (label: string) =>
  textSchema(label)
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, `${label} must be 4, 6 or 8 digits`);

/**
 * The HSN code a product of a category gets until the owner sets another:
 * chapter 61 is knitted apparel (6109 T-shirts and vests, 6110 sweatshirts and
 * hoodies, 6105 shirts such as polos, 6103 trousers and track bottoms), 62 woven
 * (6205 shirts, 6201 jackets), 65 headgear (6505 caps). Keys are lower case.
 */
export const DEFAULT_HSN_BY_CATEGORY: Readonly<Record<string, string>> = {
  't-shirts': '6109',
  'tank tops': '6109',
  'polo shirts': '6105',
  shirts: '6205',
  sweatshirts: '6110',
  hoodies: '6110',
  jackets: '6201',
  joggers: '6103',
  shorts: '6103',
  caps: '6505',
  hats: '6505',
  socks: '6115',
};
/** A category the list above does not know: a T-shirt's, the shop's own trade. */
export const FALLBACK_HSN = '6109';

/** The HSN code a new product of `category` takes when the owner gives none. */
export function defaultHsn(category: string): string {
  return DEFAULT_HSN_BY_CATEGORY[category.trim().toLowerCase()] ?? FALLBACK_HSN;
}

/** The apparel rates, as the law stands; the owner's tax settings may change all three. */
export interface GstRateSettings {
  /** The value per piece before tax up to which the low rate applies, in paise. */
  thresholdPaise: number;
  lowRatePercent: number;
  highRatePercent: number;
}

/** The rates in force since 22 September 2025: up to ₹2,500 a piece 5%, above 18%. */
export const DEFAULT_GST_RATES: GstRateSettings = {
  thresholdPaise: 250_000,
  lowRatePercent: 5,
  highRatePercent: 18,
};
/** Gift wrap's and the cash on delivery fee's rate until the owner sets another. */
export const DEFAULT_FIXED_RATE_PERCENT = 18;

export interface TaxableLine {
  description: string;
  hsn: string;
  quantity: number;
  /** Tax-inclusive price of one piece as charged, print/decoration included. */
  unitPricePaise: number;
  /** This line's share of a coupon (whole line), 0 when none. */
  discountPaise: number;
  /** Gift wrap, COD fee: their own rate (default 18) instead of the apparel rule. */
  fixedRatePercent?: number;
}

export interface TaxedLine extends TaxableLine {
  taxableValuePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + tax = what was charged for the line. */
  totalPaise: number;
}

export interface TaxTotals {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** A rate in hundredths of a percent (5% is 500), so that the arithmetic and the stored rate stay whole numbers. */
export const percentToBasisPoints = (percent: number): number => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;

/**
 * The tax-inclusive prices a piece can carry and fit neither apparel rate:
 * above `abovePaise` the low rate would leave a value before tax over the
 * threshold, and up to `upToPaise` the high rate would leave one within it
 * (₹2,625 and ₹2,950 at the default rates). Decision 042: such a piece is taxed
 * at the high rate; the admin product form warns about a price in it.
 */
export function gstRateBand(rates: GstRateSettings): { abovePaise: number; upToPaise: number } {
  const upTo = (ratePercent: number) =>
    Math.floor((rates.thresholdPaise * (10_000 + percentToBasisPoints(ratePercent))) / 10_000);
  return { abovePaise: upTo(rates.lowRatePercent), upToPaise: upTo(rates.highRatePercent) };
}

/** Whether a tax-inclusive price of one piece lies in the band that fits neither rate. */
export function isInGstRateBand(unitPricePaise: number, rates: GstRateSettings): boolean {
  const band = gstRateBand(rates);
  return unitPricePaise > band.abovePaise && unitPricePaise <= band.upToPaise;
}

/** What the product form says of a tax-inclusive price in the band (decision 042). */
export function gstRateBandWarning(rates: GstRateSettings): string {
  const band = gstRateBand(rates);
  const rupees = (paise: number) =>
    `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  return `A price from ${rupees(band.abovePaise + 1)} to ${rupees(band.upToPaise)} fits neither GST rate: it is taxed at ${rates.highRatePercent}%. Price it at ${rupees(band.abovePaise)} or less for ${rates.lowRatePercent}%, or above ${rupees(band.upToPaise)}.`;
}

/**
 * The apparel rate of a line charged `chargedPaise` for `quantity` pieces: the
 * low rate only when the value per piece before tax at the low rate is within
 * the threshold; every other price, the band included, takes the high rate
 * (decision 042). Compared in whole numbers: charged / quantity / (1 + low) ≤ threshold.
 */
export function apparelRatePercent(
  chargedPaise: number,
  quantity: number,
  rates: GstRateSettings,
): number {
  const lowFits =
    chargedPaise * 10_000 <=
    rates.thresholdPaise * (10_000 + percentToBasisPoints(rates.lowRatePercent)) * quantity;
  return lowFits ? rates.lowRatePercent : rates.highRatePercent;
}

/**
 * A coupon spread over the lines it applies to, in proportion to each line's
 * total, in whole paise that add up to the discount exactly: each line gets its
 * share rounded down, and the paise left go one each to the lines that lost
 * the most in rounding (the first such line on a tie).
 */
export function spreadDiscount(linesTotalsPaise: number[], discountPaise: number): number[] {
  const sum = linesTotalsPaise.reduce((total, line) => total + line, 0);
  if (!Number.isSafeInteger(discountPaise) || discountPaise < 0 || discountPaise > sum) {
    throw new RangeError(`A discount of ${discountPaise} paise cannot spread over ${sum} paise`);
  }
  if (discountPaise === 0) return linesTotalsPaise.map(() => 0);
  const shares = linesTotalsPaise.map((line) => ({
    paise: Math.floor((line * discountPaise) / sum),
    remainder: (line * discountPaise) % sum,
  }));
  let left = discountPaise - shares.reduce((total, share) => total + share.paise, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    const share = shares[index];
    if (share) share.paise += 1;
    left -= 1;
  }
  return shares.map((share) => share.paise);
}

function taxLine(line: TaxableLine, intraState: boolean, rates: GstRateSettings): TaxedLine {
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`${line.description}: quantity must be a whole number of 1 or more`);
  }
  const chargedPaise = line.unitPricePaise * line.quantity - line.discountPaise;
  if (!Number.isSafeInteger(chargedPaise) || chargedPaise < 0 || line.discountPaise < 0) {
    throw new RangeError(`${line.description}: prices and discount must be whole paise, 0 or more`);
  }
  const ratePercent =
    line.fixedRatePercent ?? apparelRatePercent(chargedPaise, line.quantity, rates);
  // Taxable value = charged / (1 + rate), rounded half up to the paisa; the tax is
  // the rest, so taxable value + tax is what was charged, to the paisa.
  const divisor = 10_000 + percentToBasisPoints(ratePercent);
  const taxableValuePaise = Math.floor((chargedPaise * 20_000 + divisor) / (2 * divisor));
  const taxPaise = chargedPaise - taxableValuePaise;
  // Within the state the tax is halved; an odd paisa goes to CGST.
  const cgstPaise = intraState ? Math.ceil(taxPaise / 2) : 0;
  return {
    ...line,
    taxableValuePaise,
    ratePercent,
    cgstPaise,
    sgstPaise: intraState ? taxPaise - cgstPaise : 0,
    igstPaise: intraState ? 0 : taxPaise,
    totalPaise: chargedPaise,
  };
}

/**
 * The tax on each line of an invoice and the totals. Each line's total is
 * what was charged for it (pieces × price − its discount share), so the
 * invoice's total equals what was charged. `intraState`: delivery to the
 * shop's own state (CGST + SGST), else IGST.
 */
export function taxLines(input: {
  lines: TaxableLine[];
  intraState: boolean;
  rates: GstRateSettings;
}): { lines: TaxedLine[]; totals: TaxTotals } {
  const lines = input.lines.map((line) => taxLine(line, input.intraState, input.rates));
  return { lines, totals: sumTaxTotals(lines) };
}

/** The totals of taxed lines, summed exactly. */
export function sumTaxTotals(lines: readonly TaxedLine[]): TaxTotals {
  const totals: TaxTotals = {
    taxableValuePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
  for (const line of lines) {
    totals.taxableValuePaise += line.taxableValuePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return totals;
}
