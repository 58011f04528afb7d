/** A cell a spreadsheet would run as a formula (CSV injection) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line
 * break, quotes doubled; a value a spreadsheet would take for a formula gets
 * a leading apostrophe, so opening the file runs nothing.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of fields as CSV text, CRLF after every row. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
