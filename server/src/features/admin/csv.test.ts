import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.ts';

describe('CSV', () => {
  it('leaves plain fields alone', () => {
    expect(csvField('asha@example.com')).toBe('asha@example.com');
    expect(csvField('2026-11-22T10:00:00.000Z')).toBe('2026-11-22T10:00:00.000Z');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses values a spreadsheet would run as formulas', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+91 98765')).toBe("'+91 98765");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
  });

  it('ends every row with CRLF', () => {
    expect(
      toCsv([
        ['email', 'subscribed_at'],
        ['a@b.co', 'x,y'],
      ]),
    ).toBe('email,subscribed_at\r\na@b.co,"x,y"\r\n');
    expect(toCsv([])).toBe('');
  });
});
