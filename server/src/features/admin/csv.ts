import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '#server/lib/app-error.ts';

/**
 * A cell a spreadsheet would run as a formula (CSV injection) starts with one
 * of these; an apostrophe too, so that the apostrophe the export adds is told
 * from one the value had.
 */
const NEUTRALISED_START = /^[=+\-@\t\r']/;

/** A value as a cell: a leading apostrophe makes a spreadsheet show it as text, so opening the file runs nothing. */
const neutralised = (value: string) => (NEUTRALISED_START.test(value) ? `'${value}` : value);

/** The value toCsv wrote a cell for: the apostrophe it added taken off. */
const restored = (cell: string) => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);

/**
 * Rows of fields as CSV text (RFC 4180, csv-stringify): CRLF after every row,
 * a field quoted when it holds a comma, quote or line break, quotes doubled,
 * and formulas neutralised. `bom` starts the file with a UTF-8 byte order mark,
 * which spreadsheets need to read anything but ASCII right.
 */
export function toCsv(rows: readonly (readonly string[])[], { bom = false } = {}): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map(neutralised)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/, bom },
  );
}

/** One row of a CSV file, numbered by the line of the file it starts on (the first is 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

interface ParsedRecord {
  record: string[];
  info: { lines: number; empty_lines: number };
}

/**
 * The rows of CSV text (csv-parse), a byte order mark and blank lines skipped,
 * cells as toCsv was given them. Rows may differ in length: the caller says
 * what is wrong with one. Text that is not CSV (an unclosed quote) is a 400.
 */
export function parseCsv(text: string): CsvRecord[] {
  let parsed: ParsedRecord[];
  try {
    // With `info`, csv-parse answers each record with where it ends; its types leave that out.
    parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    // Its message names the line: 'Quote Not Closed: ... at line 2'.
    if (error instanceof CsvError) throw badRequest(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  // csv-parse counts the line a record ends on; it starts after the record
  // before it and the blank lines between them.
  let lastLine = 0;
  let blankLines = 0;
  return parsed.map(({ record, info }) => {
    const line = lastLine + 1 + (info.empty_lines - blankLines);
    lastLine = info.lines;
    blankLines = info.empty_lines;
    return { line, cells: record.map(restored) };
  });
}
