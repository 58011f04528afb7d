import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.ts';

const field = (value: string) => toCsv([[value]]).slice(0, -2);

describe('toCsv', () => {
  it('leaves plain fields alone', () => {
    expect(field('asha@example.com')).toBe('asha@example.com');
    expect(field('2026-11-22T10:00:00.000Z')).toBe('2026-11-22T10:00:00.000Z');
    expect(field('')).toBe('');
  });

  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(field('a,b')).toBe('"a,b"');
    expect(field('say "hi"')).toBe('"say ""hi"""');
    expect(field('two\nlines')).toBe('"two\nlines"');
    expect(field('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses values a spreadsheet would run as formulas', () => {
    expect(field('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(field('+91 98765')).toBe("'+91 98765");
    expect(field('-2+3')).toBe("'-2+3");
    expect(field('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(field('\tx')).toBe("'\tx");
    // A leading apostrophe is doubled, so reading the file back gives the value typed.
    expect(field("'=1")).toBe("''=1");
  });

  it('ends every row with CRLF, and starts with a byte order mark when asked', () => {
    expect(
      toCsv([
        ['email', 'subscribed_at'],
        ['a@b.co', 'x,y'],
      ]),
    ).toBe('email,subscribed_at\r\na@b.co,"x,y"\r\n');
    expect(toCsv([])).toBe('');
    expect(toCsv([['ā']], { bom: true })).toBe('\ufeffā\r\n');
  });
});

describe('parseCsv', () => {
  it('reads back what toCsv writes, formulas and apostrophes as they were', () => {
    const rows = [
      ['title', 'description'],
      ['=cmd', '- 100% cotton\r\n- "Made" in India'],
      ["'=1", "'quoted"],
    ];
    expect(parseCsv(toCsv(rows, { bom: true })).map((record) => record.cells)).toEqual(rows);
  });

  it('numbers each record by the line it starts on, past blank lines and line breaks in cells', () => {
    const records = parseCsv('a,b\n"x\ny",1\n\n2,3\n');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x\ny', '1'] },
      { line: 5, cells: ['2', '3'] },
    ]);
  });

  it('keeps rows of another length, for the caller to refuse', () => {
    expect(parseCsv('a,b\n1\n').map((record) => record.cells)).toEqual([['a', 'b'], ['1']]);
  });

  it('refuses text that is not CSV with the line it breaks on', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(/not valid CSV.*line/);
  });
});
