import type { Design, PrintArea, TextLayer } from './design.ts';
import type { DesignFontId } from './design-fonts.ts';
import { layerBounds, TEXT_LINE_HEIGHT, unprintableCharacter } from './design-layout.ts';
import type { DesignColorId } from './design-palette.ts';

/**
 * Names and numbers (issue 29): a design's back carries each piece's own name
 * and number, in one font and colour the design picks. The designer's
 * preview, the thumbnails and the print files all draw a personalised piece
 * through {@link personalisedDesign}, and pasted rosters are read by
 * {@link parseRoster}. Zod-free, so the roster's rules can be checked as the
 * shopper types without loading a schema; imported as
 * '#contract/names-and-numbers' because it measures text with the fonts' metrics.
 */

export const ROSTER_LIMITS = {
  nameMaxLength: 12,
  number: { min: 0, max: 99 },
  rows: 300,
} as const;

export const PERSONALISATION_EMPTY_MESSAGE = 'Give each row a name, a number or both';

/** The font and colour a design's names and numbers are printed in (from the design's lists). */
export interface NamesAndNumbersStyle {
  fontId: DesignFontId;
  colorId: DesignColorId;
}

/** Jersey lettering: a narrow, bold-looking face in black, until the shopper picks. */
export const DEFAULT_NAMES_AND_NUMBERS: NamesAndNumbersStyle = {
  fontId: 'bebas-neue',
  colorId: 'black',
};

/** One piece's back: a name (may be empty) and a number (may be null), not both empty. */
export interface PieceLettering {
  name: string;
  number: number | null;
}

/** The ids of the two layers {@link personalisedDesign} adds, so the editor can tell them apart. */
export const NAME_LAYER_ID = 'names-and-numbers-name';
export const NUMBER_LAYER_ID = 'names-and-numbers-number';

/**
 * Where the lettering sits, as shares of the back print area: a margin all
 * round, a band for the name near the top, a gap, and a tall band for the
 * number below it. The number's place does not depend on the name, so every
 * piece of a roster has its number in the same spot.
 */
const LAYOUT = { margin: 0.05, nameBand: 0.12, gap: 0.025, numberBand: 0.45 } as const;
/** The largest font size a text layer may have (DESIGN_LIMITS.fontSizeMm; not imported: design.ts is zod). */
const FONT_SIZE_MM = { min: 4, max: 150 } as const;
/** Text is measured at this size, then scaled: its ink grows in proportion to the font size. */
const MEASURE_SIZE_MM = 100;

function letteringLayer(
  id: string,
  text: string,
  style: NamesAndNumbersStyle,
  band: { centreYMm: number; heightMm: number },
  area: Pick<PrintArea, 'widthMm' | 'heightMm'>,
): TextLayer {
  const layer: TextLayer = {
    id,
    type: 'text',
    text,
    fontId: style.fontId,
    colorId: style.colorId,
    fontSizeMm: MEASURE_SIZE_MM,
    bold: true,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: area.widthMm / 2,
    yMm: band.centreYMm,
    rotationDeg: 0,
  };
  const measured = layerBounds({ ...layer, xMm: 0, yMm: 0 });
  const widthAtMeasure = measured.right - measured.left;
  const available = area.widthMm * (1 - 2 * LAYOUT.margin);
  const fitsWidth = widthAtMeasure > 0 ? (MEASURE_SIZE_MM * available) / widthAtMeasure : Infinity;
  const fitsBand = band.heightMm / TEXT_LINE_HEIGHT;
  const size = Math.min(fitsWidth, fitsBand, FONT_SIZE_MM.max);
  return { ...layer, fontSizeMm: Math.max(FONT_SIZE_MM.min, Math.floor(size * 10) / 10) };
}

/**
 * The design one personalised piece is printed with: the shared design with
 * its name (straight, centred, near the top of the back print area) and its
 * number (large, below) added as text layers on top of the back's own, each
 * sized to fit the area's width. Without a personalisation the design is
 * answered as it is; without a style the default lettering is used.
 */
export function personalisedDesign(
  design: Design,
  personalisation: PieceLettering | null | undefined,
  backArea: Pick<PrintArea, 'widthMm' | 'heightMm'>,
): Design {
  if (!personalisation) return design;
  const style = design.namesAndNumbers ?? DEFAULT_NAMES_AND_NUMBERS;
  const { heightMm } = backArea;
  const nameBand = LAYOUT.nameBand * heightMm;
  const numberBand = LAYOUT.numberBand * heightMm;
  const nameTop = LAYOUT.margin * heightMm;
  const numberTop = nameTop + nameBand + LAYOUT.gap * heightMm;
  const lettering: TextLayer[] = [];
  const name = personalisation.name.trim();
  if (name !== '') {
    lettering.push(
      letteringLayer(
        NAME_LAYER_ID,
        name,
        style,
        { centreYMm: nameTop + nameBand / 2, heightMm: nameBand },
        backArea,
      ),
    );
  }
  if (personalisation.number !== null) {
    lettering.push(
      letteringLayer(
        NUMBER_LAYER_ID,
        String(personalisation.number),
        style,
        { centreYMm: numberTop + numberBand / 2, heightMm: numberBand },
        backArea,
      ),
    );
  }
  return { ...design, back: [...design.back, ...lettering] };
}

// ---------------------------------------------------------------- the roster

/** One roster row as the designer edits it: a size, a name and a number (null when blank). */
export interface RosterEntry {
  size: string;
  name: string;
  number: number | null;
}

export interface RosterProblem {
  /** The pasted text's line (1 is the first), or the table's row. */
  line: number;
  message: string;
}

export const nameTooLongMessage = `A name may have at most ${ROSTER_LIMITS.nameMaxLength} characters`;
export const NUMBER_RANGE_MESSAGE = `A number must be a whole number from ${ROSTER_LIMITS.number.min} to ${ROSTER_LIMITS.number.max}`;
export const TOO_MANY_ROWS_MESSAGE = `A roster may have at most ${ROSTER_LIMITS.rows} rows`;
export const sizeNotOfferedMessage = (size: string, offered: readonly string[]) =>
  size === ''
    ? `Give a size: ${offered.join(', ')}`
    : `Size ${size} is not offered: choose ${offered.join(', ')}`;
export const unprintableNameMessage = (character: string) =>
  `The lettering's font cannot print “${character}”`;
export const duplicateRowMessage = (line: number) =>
  `Same size, name and number as line ${line}: each piece once`;

/**
 * What is wrong with one roster row, or null: its size must be one the
 * product offers, its name short enough and printable in the lettering's font,
 * its number 0–99, and it must have a name or a number.
 */
export function rosterEntryProblem(
  entry: RosterEntry,
  offeredSizes: readonly string[],
  style: NamesAndNumbersStyle = DEFAULT_NAMES_AND_NUMBERS,
): string | null {
  if (!offeredSizes.includes(entry.size)) return sizeNotOfferedMessage(entry.size, offeredSizes);
  const name = entry.name.trim();
  if (name === '' && entry.number === null) return PERSONALISATION_EMPTY_MESSAGE;
  if ([...name].length > ROSTER_LIMITS.nameMaxLength) return nameTooLongMessage;
  if (
    entry.number !== null &&
    (!Number.isInteger(entry.number) ||
      entry.number < ROSTER_LIMITS.number.min ||
      entry.number > ROSTER_LIMITS.number.max)
  ) {
    return NUMBER_RANGE_MESSAGE;
  }
  const character = unprintableInName(name, style);
  return character === undefined ? null : unprintableNameMessage(character);
}

/** The first character of a name the lettering's (bold) face cannot print, if any. */
function unprintableInName(name: string, style: NamesAndNumbersStyle): string | undefined {
  const text = name.trim();
  return text === ''
    ? undefined
    : unprintableCharacter({ text, fontId: style.fontId, bold: true, italic: false });
}

/**
 * The first roster row whose name the lettering's font cannot print, as its
 * index and the message naming the row (counted from 1), or null. The
 * server's create-many refuses such a roster; the designer shows it by row.
 */
export function unprintableRosterName(
  roster: readonly { name: string }[],
  style: NamesAndNumbersStyle = DEFAULT_NAMES_AND_NUMBERS,
): { index: number; message: string } | null {
  for (const [index, { name }] of roster.entries()) {
    const character = unprintableInName(name, style);
    if (character !== undefined) {
      return { index, message: `Row ${index + 1}: ${unprintableNameMessage(character)}` };
    }
  }
  return null;
}

/** The key under which two rows are the same piece twice. */
const rowKey = (entry: RosterEntry) =>
  `${entry.size}\u0000${entry.name.trim().toLowerCase()}\u0000${entry.number ?? ''}`;

/**
 * Every problem of a roster's rows, numbered from 1 as the table shows them:
 * each row's own problem and rows repeating an earlier one.
 */
export function rosterProblems(
  entries: readonly RosterEntry[],
  offeredSizes: readonly string[],
  style?: NamesAndNumbersStyle,
  lineOf: (index: number) => number = (index) => index + 1,
): RosterProblem[] {
  const problems: RosterProblem[] = [];
  const firstLine = new Map<string, number>();
  entries.forEach((entry, index) => {
    const line = lineOf(index);
    if (index >= ROSTER_LIMITS.rows) {
      problems.push({ line, message: TOO_MANY_ROWS_MESSAGE });
      return;
    }
    const problem = rosterEntryProblem(entry, offeredSizes, style);
    if (problem) {
      problems.push({ line, message: problem });
      return;
    }
    const seenOn = firstLine.get(rowKey(entry));
    if (seenOn !== undefined) problems.push({ line, message: duplicateRowMessage(seenOn) });
    else firstLine.set(rowKey(entry), line);
  });
  return problems;
}

/** A cell as a spreadsheet copies it: trimmed, surrounding quotes removed ("" stands for "). */
function cellText(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
    ? trimmed.slice(1, -1).replace(/""/g, '"').trim()
    : trimmed;
}

/** Splits a line on tabs when it has any (a spreadsheet's copy), else on commas outside quotes. */
function splitCells(line: string): string[] {
  if (line.includes('\t')) return line.split('\t');
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const character of line) {
    if (character === '"') quoted = !quoted;
    if (character === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += character;
    }
  }
  cells.push(cell);
  return cells;
}

const HEADER_FIRST_CELL = /^sizes?$/i;
export const COLUMNS_MESSAGE = 'Give size, name and number, in that order';

/**
 * A roster pasted from a spreadsheet: one row a line, cells separated by
 * tabs or commas, columns size, name, number in that order; a header row
 * (first cell 'Size') and blank lines are skipped. Sizes are read in any
 * case. Answers the good rows and every bad row's problem by its line.
 */
export function parseRoster(
  text: string,
  offeredSizes: readonly string[],
  style?: NamesAndNumbersStyle,
): { rows: RosterEntry[]; problems: RosterProblem[] } {
  const entries: RosterEntry[] = [];
  const entryLines: number[] = [];
  const problems: RosterProblem[] = [];
  let firstRow = true;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const cells = splitCells(raw).map(cellText);
    const header = firstRow && HEADER_FIRST_CELL.test(cells[0] ?? '');
    firstRow = false;
    if (header) return;
    const [size = '', name = '', numberText = '', ...rest] = cells;
    if (rest.some((cell) => cell !== '')) {
      problems.push({ line, message: COLUMNS_MESSAGE });
      return;
    }
    // Anything but digits (a sign, a decimal point, a word) is out of range.
    const number =
      numberText === '' ? null : /^\d+$/.test(numberText) ? Number(numberText) : Number.NaN;
    entries.push({ size: size.toUpperCase(), name: name.trim(), number });
    entryLines.push(line);
  });
  const rowProblems = rosterProblems(
    entries,
    offeredSizes,
    style,
    (index) => entryLines[index] ?? 0,
  );
  const bad = new Set(rowProblems.map((problem) => problem.line));
  return {
    rows: entries.filter((_, index) => !bad.has(entryLines[index] ?? 0)),
    problems: [...problems, ...rowProblems].sort((a, b) => a.line - b.line),
  };
}
