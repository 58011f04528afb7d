import { describe, expect, it } from 'vitest';
import { customisedUnitPrice, printedSides } from './cart-line-rules.ts';
import { type Design, DesignSchema, EMPTY_DESIGN_MESSAGE, type TextLayer } from './design.ts';
import { layersOutsidePrintArea } from './design-layout.ts';
import {
  COLUMNS_MESSAGE,
  DEFAULT_NAMES_AND_NUMBERS,
  duplicateRowMessage,
  NAME_LAYER_ID,
  NUMBER_LAYER_ID,
  NUMBER_RANGE_MESSAGE,
  nameTooLongMessage,
  PERSONALISATION_EMPTY_MESSAGE,
  parseRoster,
  personalisedDesign,
  ROSTER_LIMITS,
  sizeNotOfferedMessage,
  TOO_MANY_ROWS_MESSAGE,
  unprintableNameMessage,
} from './names-and-numbers.ts';

const SIZES = ['S', 'M', 'L', 'XL'];
const BACK = { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 };

const logo: TextLayer = {
  id: 'logo',
  type: 'text',
  text: 'TIGERS',
  fontId: 'inter',
  colorId: 'red',
  fontSizeMm: 30,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 150,
  yMm: 350,
  rotationDeg: 0,
};
const design: Design = {
  front: [],
  back: [logo],
  namesAndNumbers: { fontId: 'inter', colorId: 'navy' },
};

const lettering = (result: Design) =>
  result.back.filter((layer): layer is TextLayer => layer.id !== 'logo' && layer.type === 'text');

describe('personalisedDesign', () => {
  it('adds the name near the top and the number below it, centred, in the design’s lettering', () => {
    const result = personalisedDesign(design, { name: 'ASHA', number: 7 }, BACK);
    const [name, number] = lettering(result);
    expect(result.back[0]).toEqual(logo);
    expect(name).toMatchObject({ id: NAME_LAYER_ID, text: 'ASHA', xMm: 150, fontId: 'inter' });
    expect(number).toMatchObject({ id: NUMBER_LAYER_ID, text: '7', xMm: 150, colorId: 'navy' });
    expect(name?.yMm).toBeLessThan(BACK.heightMm * 0.25);
    expect(number?.yMm).toBeGreaterThan(name?.yMm ?? Infinity);
    expect(number?.fontSizeMm).toBeGreaterThan((name?.fontSizeMm ?? 0) * 2);
    expect(layersOutsidePrintArea(result.back, BACK)).toEqual([]);
    expect(DesignSchema.safeParse(result).success).toBe(true);
  });

  it('shrinks a long name to fit the area’s width, and keeps the number where it was', () => {
    const short = lettering(personalisedDesign(design, { name: 'JO', number: 88 }, BACK));
    const long = lettering(personalisedDesign(design, { name: 'WWWWWWWWWWWW', number: 88 }, BACK));
    expect(long[0]?.fontSizeMm).toBeLessThan(short[0]?.fontSizeMm ?? 0);
    expect(long[1]).toEqual(short[1]);
    for (const area of [BACK, { xMm: 240, yMm: 150, widthMm: 120, heightMm: 150 }]) {
      const added = lettering(
        personalisedDesign(design, { name: 'WWWWWWWWWWWW', number: 88 }, area),
      );
      expect(added).toHaveLength(2);
      expect(layersOutsidePrintArea(added, area)).toEqual([]);
    }
  });

  it('letters only what the piece has, uses the default lettering without a style, and leaves a plain piece alone', () => {
    expect(lettering(personalisedDesign(design, { name: '', number: 0 }, BACK))).toMatchObject([
      { id: NUMBER_LAYER_ID, text: '0' },
    ]);
    const plain: Design = { front: [logo], back: [] };
    expect(
      lettering(personalisedDesign(plain, { name: 'RAVI', number: null }, BACK)),
    ).toMatchObject([{ id: NAME_LAYER_ID, text: 'RAVI', ...DEFAULT_NAMES_AND_NUMBERS }]);
    expect(personalisedDesign(design, null, BACK)).toBe(design);
  });
});

describe('names and numbers in the design and its price', () => {
  it('accepts a design of names and numbers alone, and a piece’s lettering prints and charges the back', () => {
    const lettered: Design = { front: [], back: [], namesAndNumbers: DEFAULT_NAMES_AND_NUMBERS };
    expect(DesignSchema.safeParse(lettered).success).toBe(true);
    expect(DesignSchema.safeParse({ front: [], back: [] }).error?.issues[0]?.message).toBe(
      EMPTY_DESIGN_MESSAGE,
    );
    expect(
      DesignSchema.safeParse({ ...lettered, namesAndNumbers: { fontId: 'comic', colorId: 'red' } })
        .success,
    ).toBe(false);
    const piece = { name: 'ASHA', number: 7 };
    expect(printedSides(lettered)).toEqual([]);
    expect(printedSides(lettered, piece)).toEqual(['back']);
    const decoration = { decorationPrice: { front: 100, back: 80 } };
    expect(customisedUnitPrice(500, decoration, lettered, piece)).toBe(580);
  });
});

describe('parseRoster', () => {
  it.each([
    [
      'tab separated with a header',
      'Size\tName\tNumber\nM\tASHA\t7\nl\tRavi\t10',
      [
        { size: 'M', name: 'ASHA', number: 7 },
        { size: 'L', name: 'Ravi', number: 10 },
      ],
    ],
    [
      'comma separated, no header, blank lines and a blank number',
      'S,Meera,\n\nXL, "Dev, Jr" ,99\r\n',
      [
        { size: 'S', name: 'Meera', number: null },
        { size: 'XL', name: 'Dev, Jr', number: 99 },
      ],
    ],
    [
      'a number only, and trailing empty cells',
      'M,,0,\nL\t\t23\t\t',
      [
        { size: 'M', name: '', number: 0 },
        { size: 'L', name: '', number: 23 },
      ],
    ],
  ])('reads %s', (_case, text, rows) => {
    expect(parseRoster(text, SIZES)).toEqual({ rows, problems: [] });
  });

  it('names every bad row by its line and keeps the good ones', () => {
    const text = [
      'size,name,number', // 1: header
      'M,ASHA,7', // 2
      'XXL,BIG,1', // 3: size not offered
      ',NOSIZE,2', // 4: no size
      'L,ABCDEFGHIJKLM,3', // 5: 13 characters
      'L,KIRAN,100', // 6
      'L,KIRAN,-1', // 7
      'L,KIRAN,7.5', // 8
      'S,,', // 9: both empty
      'm,asha,7', // 10: the same piece as line 2
      'M,ZOË☃,4', // 11: the font cannot print ☃
      'M,A,1,extra', // 12
    ].join('\n');
    const { rows, problems } = parseRoster(text, SIZES);
    expect(rows).toEqual([{ size: 'M', name: 'ASHA', number: 7 }]);
    expect(problems).toEqual([
      { line: 3, message: sizeNotOfferedMessage('XXL', SIZES) },
      { line: 4, message: sizeNotOfferedMessage('', SIZES) },
      { line: 5, message: nameTooLongMessage },
      { line: 6, message: NUMBER_RANGE_MESSAGE },
      { line: 7, message: NUMBER_RANGE_MESSAGE },
      { line: 8, message: NUMBER_RANGE_MESSAGE },
      { line: 9, message: PERSONALISATION_EMPTY_MESSAGE },
      { line: 10, message: duplicateRowMessage(2) },
      { line: 11, message: unprintableNameMessage('☃') },
      { line: 12, message: COLUMNS_MESSAGE },
    ]);
    expect(sizeNotOfferedMessage('XXL', SIZES)).toBe('Size XXL is not offered: choose S, M, L, XL');
  });

  it(`refuses rows past ${ROSTER_LIMITS.rows}`, () => {
    const text = Array.from({ length: ROSTER_LIMITS.rows + 2 }, (_, index) => `M,P${index},`).join(
      '\n',
    );
    const { rows, problems } = parseRoster(text, SIZES);
    expect(rows).toHaveLength(ROSTER_LIMITS.rows);
    expect(problems).toEqual([
      { line: ROSTER_LIMITS.rows + 1, message: TOO_MANY_ROWS_MESSAGE },
      { line: ROSTER_LIMITS.rows + 2, message: TOO_MANY_ROWS_MESSAGE },
    ]);
  });
});
