import type { TaxedLine, TaxTotals } from '#contract';

/**
 * A tax invoice or a credit note as issued (issue 26): what its PDF prints
 * and what the monthly return (GSTR-1) adds up. Money is in integer paise.
 * Once issued it never changes; a correction is a credit note.
 */
export interface InvoiceDocument extends DocumentContent {
  kind: DocumentKind;
  /** `{prefix}/{YY-YY}/{serial}`, at most 16 characters (Rule 46(b)). */
  number: string;
  issuedAt: Date;
  /** Credit notes: the invoice they refer to (its total decides the note's GSTR-1 table). */
  against?: { number: string; issuedAt: Date; totalPaise: number };
}

export type DocumentKind = 'invoice' | 'credit-note';

/** What the caller computes; issuing adds the kind, number and date. */
export interface DocumentContent {
  orderId: string;
  supplier: Supplier;
  recipient: Recipient;
  placeOfSupply: { code: string; name: string };
  lines: TaxedLine[];
  totals: TaxTotals;
}

/** The shop's business settings as printed (issue 26, /admin → Settings → Business). */
export interface Supplier {
  legalName: string;
  tradeName: string;
  /** Lines separated by '\n'. */
  address: string;
  stateCode: string;
  gstin: string;
}

export interface Recipient {
  name: string;
  /** Lines separated by '\n'. */
  address: string;
  stateCode: string;
  /** A business purchase: the buyer's GSTIN and business name. */
  gstin?: string;
  businessName?: string;
}

/** Intra-state supplies carry CGST + SGST, inter-state ones IGST (the place of supply decides). */
export const isIntraState = (document: Pick<DocumentContent, 'supplier' | 'placeOfSupply'>) =>
  document.supplier.stateCode === document.placeOfSupply.code;
