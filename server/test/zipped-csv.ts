import { strFromU8, unzipSync } from 'fflate';

/** The rows of a CSV (RFC 4180 quoting), header first. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
    } else if (char !== '\r') field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** Every CSV of a ZIP, by file name, as objects keyed by the header row. */
export function unzipCsvs(
  zip: Uint8Array,
): Record<string, { header: string[]; rows: Record<string, string>[] }> {
  return Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([name, bytes]) => {
      const [header = [], ...rows] = parseCsv(strFromU8(bytes));
      return [
        name,
        {
          header,
          rows: rows.map((cells) =>
            Object.fromEntries(header.map((column, i) => [column, cells[i] ?? ''])),
          ),
        },
      ];
    }),
  );
}
