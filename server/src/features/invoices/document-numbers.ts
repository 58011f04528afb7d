import { SHOP_TIME_ZONE } from '#contract';

/** Rule 46(b): a document number has at most 16 characters. */
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;

/**
 * Credit notes have one fixed series, `CN/{YY-YY}/{serial}`, whatever the
 * invoice prefix (decision 040): `{prefix}CN` would pass 16 characters with a
 * three-letter prefix, and one GSTIN needs only one credit-note series.
 */
export const CREDIT_NOTE_SERIES = 'CN';

/** Serials are zero-padded to six digits: TC/26-27/000123. */
const SERIAL_DIGITS = 6;

const yearAndMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
});

/**
 * The Indian financial year (April to March, on India's clock) an instant
 * falls in, as 'YY-YY': 31 March 23:59 IST 2027 is '26-27', 1 April 00:00 '27-28'.
 */
export function financialYearOf(instant: Date): string {
  const parts = yearAndMonth.formatToParts(instant);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const startYear = month >= 4 ? year : year - 1;
  const twoDigits = (fullYear: number) => String(fullYear % 100).padStart(2, '0');
  return `${twoDigits(startYear)}-${twoDigits(startYear + 1)}`;
}

/** `{series}/{YY-YY}/{serial}`; throws when that would pass 16 characters. */
export function formatDocumentNumber(
  series: string,
  financialYear: string,
  serial: number,
): string {
  const number = `${series}/${financialYear}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
  if (number.length > DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new Error(`The document number ${number} is longer than ${DOCUMENT_NUMBER_MAX_LENGTH}`);
  }
  return number;
}
