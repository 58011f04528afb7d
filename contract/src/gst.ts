// Stub of the seam (issue 26): the types the invoices feature codes against.
// The tax helper's gst.ts, with the functions, replaces this file on merge.

/** A GST state or union territory: its 2-digit code and its name. */
export interface GstState {
  code: string;
  name: string;
}

export interface GstRateSettings {
  thresholdPaise: number;
  lowRatePercent: number;
  highRatePercent: number;
}

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
  /** Taxable + tax = what was charged for the line. */
  totalPaise: number;
}
