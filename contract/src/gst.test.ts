import { describe, expect, it } from 'vitest';
import {
  apparelRatePercent,
  DEFAULT_GST_RATES,
  GST_STATES,
  GstinSchema,
  gstinCheckCharacter,
  gstRateBand,
  gstStateByCode,
  gstStateByName,
  isInGstRateBand,
  isValidGstin,
  OptionalGstinSchema,
  spreadDiscount,
  type TaxableLine,
  taxLines,
} from './gst.ts';

const rates = DEFAULT_GST_RATES;
const tee = (unitPricePaise: number, more: Partial<TaxableLine> = {}): TaxableLine => ({
  description: 'Tee',
  hsn: '6109',
  quantity: 1,
  unitPricePaise,
  discountPaise: 0,
  ...more,
});

describe('GST_STATES', () => {
  it('has every state and union territory once, with its 2-digit code', () => {
    expect(GST_STATES).toHaveLength(37);
    expect(new Set(GST_STATES.map((state) => state.code)).size).toBe(37);
    expect(new Set(GST_STATES.map((state) => state.name)).size).toBe(37);
    for (const state of GST_STATES) expect(state.code).toMatch(/^\d{2}$/);
  });

  it.each([
    ['38', 'Ladakh'],
    ['26', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['97', 'Other Territory'],
    ['37', 'Andhra Pradesh'],
    ['27', 'Maharashtra'],
    ['07', 'Delhi'],
  ])('%s is %s', (code, name) => {
    expect(gstStateByCode(code)?.name).toBe(name);
  });

  it.each(['25', '28', '99', '00', '7'])('%s is no state code in use', (code) => {
    expect(gstStateByCode(code)).toBeUndefined();
  });
});

describe('gstStateByName', () => {
  it.each([
    ['Maharashtra', '27'],
    ['  maharashtra ', '27'],
    ['TAMIL   NADU', '33'],
    ['Jammu & Kashmir', '01'],
    ['Andaman & Nicobar Islands', '35'],
    ['Orissa', '21'],
    ['Pondicherry', '34'],
    ['Uttaranchal', '05'],
    ['New Delhi', '07'],
    ['Daman & Diu', '26'],
    ['Dadra & Nagar Haveli and Daman & Diu', '26'],
  ])('reads %j as %s', (name, code) => {
    expect(gstStateByName(name)?.code).toBe(code);
  });

  it.each(['Mumbai', '', 'Narnia', 'Andhra'])('finds no state in %j', (name) => {
    expect(gstStateByName(name)).toBeUndefined();
  });
});

describe('isValidGstin', () => {
  // Published GSTINs (Maharashtra registrations of Reliance Industries, Tata
  // Consultancy Services, and the GST portal's documentation example): their
  // check characters come out of the algorithm, which a wrong algorithm would
  // match by chance once in 36 each.
  it.each([
    '27AAACR5055K1Z7',
    '27AAACT2727Q1ZW',
    '27AAPFU0939F1ZV',
  ])('accepts the published %s', (gstin) => {
    expect(gstinCheckCharacter(gstin)).toBe(gstin.charAt(14));
    expect(isValidGstin(gstin)).toBe(true);
  });

  it.each([
    '29ABCDE1234F1ZW',
    '38ABCDE1234F2ZR',
    '97AAAAA0000A1Z2',
    '26AABCU9603R1ZM',
  ])('accepts %s, made with the check character', (gstin) => {
    expect(isValidGstin(`${gstin.slice(0, 14)}${gstinCheckCharacter(gstin)}`)).toBe(true);
  });

  it.each([
    ['27AAPFU0939F1ZW', 'a wrong check character'],
    ['27AAACR5055K1Z6', 'a wrong check character'],
    ['29ABCDE1234F1Z5', 'a wrong check character'],
    ['27AAPFU0939F1Z', '14 characters'],
    ['27AAPFU0939F1ZVV', '16 characters'],
    ['27aapfu0939f1zv', 'lower case'],
    ['27AAPFU0939F1YV', 'no Z'],
    ['27AAPF10939F1ZV', 'a digit in the PAN letters'],
    ['27AAPFU09X9F1ZV', 'a letter in the PAN digits'],
    ['27AAPFU0939F0ZV', 'entity 0'],
    ['25AAPFU0939F1ZV', 'retired state code 25'],
    ['99AAPFU0939F1ZV', 'centre code 99'],
    ['00AAPFU0939F1ZV', 'state code 00'],
  ])('refuses %s (%s)', (gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('refuses a right check character on a wrong state code', () => {
    const first14 = '40AAPFU0939F1Z';
    expect(isValidGstin(`${first14}${gstinCheckCharacter(first14)}`)).toBe(false);
  });
});

describe('GstinSchema', () => {
  it('upper-cases and drops spaces', () => {
    expect(GstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(GstinSchema.parse('27 AAPFU 0939F 1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it.each([
    ['27AAPFU0939F1Z', 'GSTIN must be 15 characters'],
    [
      '27AAPFU0939FXYV',
      'GSTIN must be a state code, a PAN (5 letters, 4 digits, a letter), a digit or letter, Z and a check character',
    ],
    ['99AAPFU0939F1ZV', "GSTIN starts with 99, which is no state's GST code"],
    [
      '27AAPFU0939F1ZW',
      'GSTIN has a wrong check character (its last): check it for a typing mistake',
    ],
  ])('names the problem with %s', (gstin, message) => {
    const parsed = GstinSchema.safeParse(gstin);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe('OptionalGstinSchema', () => {
  it.each([
    ['', null],
    ['   ', null],
    [null, null],
    [' 27aapfu0939f1zv', '27AAPFU0939F1ZV'],
  ])('reads %j as %j', (typed, gstin) => {
    expect(OptionalGstinSchema.parse(typed)).toBe(gstin);
  });

  it('names the problem with a GSTIN given', () => {
    expect(OptionalGstinSchema.safeParse('27AAPFU0939F1ZW').error?.issues[0]?.message).toBe(
      'GSTIN has a wrong check character (its last): check it for a typing mistake',
    );
  });
});

describe('the apparel rate and the band', () => {
  it('fits neither rate between ₹2,625 and ₹2,950 at the default rates', () => {
    expect(gstRateBand(rates)).toEqual({ abovePaise: 262_500, upToPaise: 295_000 });
  });

  it.each([
    [262_500, false, 5],
    [262_501, true, 18],
    [280_000, true, 18],
    [295_000, true, 18],
    [295_001, false, 18],
    [49_900, false, 5],
  ])('a piece at %i paise: in the band %s, rate %i%%', (pricePaise, inBand, rate) => {
    expect(isInGstRateBand(pricePaise, rates)).toBe(inBand);
    expect(apparelRatePercent(pricePaise, 1, rates)).toBe(rate);
  });

  it('follows the owner’s threshold and rates', () => {
    const owners = { thresholdPaise: 100_000, lowRatePercent: 12, highRatePercent: 28 };
    expect(gstRateBand(owners)).toEqual({ abovePaise: 112_000, upToPaise: 128_000 });
    expect(apparelRatePercent(112_000, 1, owners)).toBe(12);
    expect(apparelRatePercent(112_001, 1, owners)).toBe(28);
  });
});

describe('spreadDiscount', () => {
  it.each([
    [[10_000, 20_000, 30_000], 6_000, [1_000, 2_000, 3_000]],
    [[333, 667], 100, [33, 67]],
    [[1, 1, 1], 2, [1, 1, 0]],
    [[49_900, 49_900, 129_900], 10_000, [2_173, 2_172, 5_655]],
    [[50_000], 50_000, [50_000]],
    [[50_000, 0], 0, [0, 0]],
    [[], 0, []],
  ])('spreads %j by %i paise as %j', (totals, discount, shares) => {
    expect(spreadDiscount(totals, discount)).toEqual(shares);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
  });

  it.each([
    [[100], 101],
    [[100], -1],
    [[100], 0.5],
    [[], 1],
  ])('refuses to spread over %j a discount of %d paise', (totals, discount) => {
    expect(() => spreadDiscount(totals, discount)).toThrow(RangeError);
  });
});

describe('taxLines', () => {
  const only = (line: TaxableLine, intraState = true) =>
    taxLines({ lines: [line], intraState, rates }).lines[0];

  it.each([
    // [what, line, taxable, rate, cgst, sgst]
    ['a ₹499 tee at 5%', tee(49_900), 47_524, 5, 1_188, 1_188],
    [
      'three ₹499 tees: the odd paisa to CGST',
      tee(49_900, { quantity: 3 }),
      142_571,
      5,
      3_565,
      3_564,
    ],
    ['a ₹3,000 hoodie at 18%', tee(300_000), 254_237, 18, 22_882, 22_881],
    ['₹2,625: the threshold, 5%', tee(262_500), 250_000, 5, 6_250, 6_250],
    ['₹2,625.01: in the band, 18%', tee(262_501), 222_458, 18, 20_022, 20_021],
    ['₹2,950: in the band, 18%', tee(295_000), 250_000, 18, 22_500, 22_500],
    ['₹2,950.01: 18%', tee(295_001), 250_001, 18, 22_500, 22_500],
    [
      'two ₹3,000 hoodies with ₹1,000 off: ₹2,500 a piece, 5%',
      tee(300_000, { quantity: 2, discountPaise: 100_000 }),
      476_190,
      5,
      11_905,
      11_905,
    ],
    [
      'a ₹2,700 jacket with ₹100 off: ₹2,600, 5%',
      tee(270_000, { discountPaise: 10_000 }),
      247_619,
      5,
      6_191,
      6_190,
    ],
    [
      'a ₹40 gift wrap at its own 18%',
      tee(4_000, { hsn: '4823', fixedRatePercent: 18 }),
      3_390,
      18,
      305,
      305,
    ],
    [
      'a ₹5,000 hoodie at a fixed 5% (the rate wins over the rule)',
      tee(500_000, { fixedRatePercent: 5 }),
      476_190,
      5,
      11_905,
      11_905,
    ],
  ])('%s', (_what, line, taxable, rate, cgst, sgst) => {
    expect(only(line)).toMatchObject({
      ...line,
      taxableValuePaise: taxable,
      ratePercent: rate,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: 0,
      totalPaise: line.unitPricePaise * line.quantity - line.discountPaise,
    });
  });

  it('charges IGST alone outside the shop’s state', () => {
    expect(only(tee(300_000), false)).toMatchObject({
      taxableValuePaise: 254_237,
      ratePercent: 18,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 45_763,
      totalPaise: 300_000,
    });
  });

  it('adds the lines up: an order of tees, a hoodie, gift wrap and the cash fee', () => {
    const [teesShare = 0, hoodieShare = 0] = spreadDiscount([99_800, 329_900], 43_000);
    expect([teesShare, hoodieShare]).toEqual([9_987, 33_013]);
    const lines = [
      tee(49_900, { quantity: 2, discountPaise: teesShare }),
      tee(329_900, { description: 'Hoodie', hsn: '6110', discountPaise: hoodieShare }),
      tee(4_000, { description: 'Gift wrap', hsn: '998599', fixedRatePercent: 18 }),
      tee(4_900, { description: 'Cash on delivery fee', hsn: '996812', fixedRatePercent: 18 }),
    ];
    const { lines: taxed, totals } = taxLines({ lines, intraState: true, rates });
    // The hoodie's ₹3,299 less ₹330.13 of the coupon is ₹2,968.87: above the band, 18%.
    expect(taxed.map((line) => line.ratePercent)).toEqual([5, 18, 18, 18]);
    expect(totals.totalPaise).toBe(99_800 + 329_900 + 4_000 + 4_900 - 43_000);
    expect(totals).toEqual({
      taxableValuePaise: taxed.reduce((sum, line) => sum + line.taxableValuePaise, 0),
      cgstPaise: taxed.reduce((sum, line) => sum + line.cgstPaise, 0),
      sgstPaise: taxed.reduce((sum, line) => sum + line.sgstPaise, 0),
      igstPaise: 0,
      totalPaise: 395_600,
    });
  });

  it('keeps every line’s total to what was charged and the halves to the tax, over many lines', () => {
    // A fixed sequence of pseudo-random lines (no Math.random: the same lines every run).
    let seed = 26;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let round = 0; round < 200; round++) {
      const lines = Array.from({ length: 1 + next(6) }, () =>
        tee(100 + next(600_000), { quantity: 1 + next(5) }),
      );
      const discounts = spreadDiscount(
        lines.map((line) => line.unitPricePaise * line.quantity),
        next(50_000),
      );
      const discounted = lines.map((line, index) => ({
        ...line,
        discountPaise: discounts[index] ?? 0,
      }));
      for (const intraState of [true, false]) {
        const { lines: taxed, totals } = taxLines({ lines: discounted, intraState, rates });
        const charged = discounted.reduce(
          (sum, line) => sum + line.unitPricePaise * line.quantity - line.discountPaise,
          0,
        );
        expect(totals.totalPaise).toBe(charged);
        for (const line of taxed) {
          const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
          expect(line.taxableValuePaise + tax).toBe(line.totalPaise);
          expect(line.cgstPaise - line.sgstPaise).toBeGreaterThanOrEqual(0);
          expect(line.cgstPaise - line.sgstPaise).toBeLessThanOrEqual(1);
          // The tax is the rate on the taxable value, to within a paisa of rounding.
          expect(
            Math.abs(tax - (line.taxableValuePaise * line.ratePercent) / 100),
          ).toBeLessThanOrEqual(1);
        }
        expect(
          totals.taxableValuePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise,
        ).toBe(charged);
      }
    }
  });

  it.each([
    tee(49_900, { quantity: 0 }),
    tee(49_900, { quantity: 1.5 }),
    tee(49_900, { discountPaise: 50_000 }),
    tee(49_900, { discountPaise: -1 }),
    tee(499.5),
  ])('refuses a line that cannot have been charged: %j', (line) => {
    expect(() => taxLines({ lines: [line], intraState: true, rates })).toThrow(RangeError);
  });
});
