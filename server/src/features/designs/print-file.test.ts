import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { DESIGN_FONTS, layerBounds, layersOutsidePrintArea, type TextLayer } from '#contract';
import { renderDesignSvg } from '#contract/design-render';
import { PRINT_FONT_FILES } from './print-file.ts';

/** Where resvg, with the print file's fonts, draws a text layer's ink (mm). */
function printedInk(layer: TextLayer, area: { widthMm: number; heightMm: number }) {
  const svg = renderDesignSvg([layer], area, { imageHref: () => '', separateGlyphs: true });
  const resvg = new Resvg(svg, {
    font: { fontFiles: PRINT_FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
    logLevel: 'off',
  });
  const box = resvg.getBBox();
  if (!box) throw new Error(`nothing drawn for ${JSON.stringify(layer.text)}`);
  return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

const area = { widthMm: 1000, heightMm: 1000 };
const layer = (overrides: Partial<TextLayer>): TextLayer => ({
  id: 'text',
  type: 'text',
  text: 'WWWWWWWW',
  fontId: 'inter',
  colorId: 'black',
  fontSizeMm: 60,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 500,
  yMm: 500,
  rotationDeg: 0,
  ...overrides,
});

describe('the guard rail measures text as the print file draws it', () => {
  // Wide and narrow glyphs, accents, descenders, kerning pairs and would-be ligatures.
  const texts = ['WWWWWWWW', 'iiiiiiii', 'Hello, World!', 'Ågjy Ç ÿ', 'AVATAR To Wa', 'fi ffl'];
  const shapes = [
    { arcDegrees: 0, align: 'left' as const },
    { arcDegrees: 0, align: 'right' as const },
    { arcDegrees: 120 },
    { arcDegrees: -200 },
  ];
  for (const font of DESIGN_FONTS) {
    it(`holds every glyph resvg draws in ${font.label}, each face, straight and arched`, () => {
      for (const [bold, italic] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ] as const) {
        for (const text of texts) {
          for (const shape of shapes) {
            const measured = layer({ fontId: font.id, text, bold, italic, ...shape });
            const bounds = layerBounds(measured);
            const ink = printedInk(measured, area);
            const where = `${font.id} ${JSON.stringify(text)} ${JSON.stringify({ bold, italic, ...shape })}`;
            // resvg works in 32-bit floats: a hundredth of a millimetre is its rounding.
            expect(ink.left, where).toBeGreaterThanOrEqual(bounds.left - 0.01);
            expect(ink.top, where).toBeGreaterThanOrEqual(bounds.top - 0.01);
            expect(ink.right, where).toBeLessThanOrEqual(bounds.right + 0.01);
            expect(ink.bottom, where).toBeLessThanOrEqual(bounds.bottom + 0.01);
            // Close, too, so nothing is refused for nothing: beyond the font's allowance, straight
            // text has at most a tenth of its font size to spare on a side (glyph boxes read a
            // little loose from the files), arched text a third (a glyph's box turned on the arc
            // holds more than its outline).
            const slack =
              (font.shapingAllowanceEm + (shape.arcDegrees === 0 ? 0.1 : 0.35)) *
              measured.fontSizeMm;
            for (const spare of [
              ink.left - bounds.left,
              ink.top - bounds.top,
              bounds.right - ink.right,
              bounds.bottom - ink.bottom,
            ]) {
              expect(spare, where).toBeLessThanOrEqual(slack);
            }
          }
        }
      }
    });
  }

  it("refuses eight 'W's that reach past a 300 mm area and accepts eight 'i's of the same size", () => {
    const printArea = { xMm: 0, yMm: 0, widthMm: 300, heightMm: 400 };
    const wide = layer({ id: 'wide', text: 'WWWWWWWW', fontSizeMm: 42, xMm: 150, yMm: 200 });
    const narrow = layer({ id: 'narrow', text: 'iiiiiiii', fontSizeMm: 42, xMm: 150, yMm: 200 });
    expect(layersOutsidePrintArea([wide, narrow], printArea)).toEqual(['wide']);
    // What resvg draws agrees: the 'W's run off the area, the 'i's stay well inside.
    expect(printedInk(wide, printArea).right).toBeGreaterThan(printArea.widthMm);
    expect(printedInk(narrow, printArea).right).toBeLessThan(printArea.widthMm);
  });
});
