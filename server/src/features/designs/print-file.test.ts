import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  DESIGN_FONTS,
  DESIGN_LIMITS,
  type Design,
  type ImageLayer,
  type Layer,
  layerBounds,
  layersOutsidePrintArea,
  type Personalisation,
  printPixelSize,
  type TextLayer,
} from '#contract';
import { renderDesignSvg } from '#contract/design-render';
import { imageBytes } from '#server-test/image-fixtures.ts';
import { type OrderedDesign, printedDesign } from './designs.service.ts';
import {
  embeddedImages,
  PRINT_FONT_FILES,
  PRINT_IMAGE_MAX_PIXELS,
  type PrintImage,
  printInkWindow,
  renderPrintFile,
} from './print-file.ts';

/** What the print file asks resvg to draw: each SVG and the height it came out. */
const resvgDrawn = vi.hoisted(() => [] as { svg: string; heightPx: number }[]);
vi.mock('@resvg/resvg-js', async (importOriginal) => {
  const resvg = await importOriginal<typeof import('@resvg/resvg-js')>();
  return {
    ...resvg,
    renderAsync: async (...args: Parameters<typeof resvg.renderAsync>) => {
      const rendered = await resvg.renderAsync(...args);
      resvgDrawn.push({ svg: String(args[0]), heightPx: rendered.height });
      return rendered;
    },
  };
});

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

describe('images embedded in a print file', () => {
  const imageLayer = (imageId: string, widthMm: number, heightMm: number): ImageLayer => ({
    id: imageId,
    type: 'image',
    imageId,
    xMm: 150,
    yMm: 200,
    widthMm,
    heightMm,
    rotationDeg: 0,
  });
  /** Each embedded image's format and size, decoded from its data: URI. */
  async function embedded(hrefs: Map<string, string>) {
    const sizes = new Map<string, { format: string; width: number; height: number }>();
    for (const [id, href] of hrefs) {
      const { format, width, height } = await sharp(
        Buffer.from(href.slice(href.indexOf(',') + 1), 'base64'),
      ).metadata();
      sizes.set(id, { format, width, height });
    }
    return sizes;
  }

  it('downscales a photo to the pixels its layer prints at 300 DPI, and keeps a small one as stored', async () => {
    const photo = await imageBytes('jpeg', 6000, 6000);
    const small = await imageBytes('png', 500, 400);
    const images = new Map([
      ['photo', { bytes: photo, contentType: 'image/jpeg' }],
      ['small', { bytes: small, contentType: 'image/png' }],
    ]);
    // 150 × 80 mm at 300 DPI is 1772 × 945 px; a second, larger layer of the photo sets its size.
    const hrefs = await embeddedImages(
      [imageLayer('photo', 100, 80), imageLayer('photo', 150, 60), imageLayer('small', 150, 80)],
      images,
    );
    expect(await embedded(hrefs)).toEqual(
      new Map([
        ['photo', { format: 'jpeg', width: 1772, height: 945 }],
        ['small', { format: 'png', width: 500, height: 400 }],
      ]),
    );
    expect(hrefs.get('small')).toBe(`data:image/png;base64,${small.toString('base64')}`);
  });

  it('embeds a photo with at most twice the pixels its print needs as stored, and resizes one with more', async () => {
    // 100 × 80 mm at 300 DPI is 1181 × 945 px: 1.1 MP.
    const near = await imageBytes('png', 1400, 1100);
    const far = await imageBytes('png', 1600, 1400);
    const hrefs = await embeddedImages(
      [imageLayer('near', 100, 80), imageLayer('far', 100, 80)],
      new Map([
        ['near', { bytes: near, contentType: 'image/png' }],
        ['far', { bytes: far, contentType: 'image/png' }],
      ]),
    );
    expect(hrefs.get('near')).toBe(`data:image/png;base64,${near.toString('base64')}`);
    expect((await embedded(hrefs)).get('far')).toEqual({ format: 'png', width: 1181, height: 945 });
  });

  it(`keeps a side's images within ${PRINT_IMAGE_MAX_PIXELS / 1_000_000} megapixels, each scaled alike`, async () => {
    const photo = await imageBytes('jpeg', 3000, 3000);
    const ids = Array.from({ length: 10 }, (_, index) => `photo-${index}`);
    const images = new Map(ids.map((id) => [id, { bytes: photo, contentType: 'image/jpeg' }]));
    // Each 250 mm square needs 2953 × 2953 px (8.7 MP): 87 MP for ten.
    const sizes = await embedded(
      await embeddedImages(
        ids.map((id) => imageLayer(id, 250, 250)),
        images,
      ),
    );
    const total = [...sizes.values()].reduce((sum, size) => sum + size.width * size.height, 0);
    expect(total).toBeLessThanOrEqual(PRINT_IMAGE_MAX_PIXELS);
    expect(total).toBeGreaterThan(PRINT_IMAGE_MAX_PIXELS * 0.99);
    expect(new Set([...sizes.values()].map((size) => `${size.width}×${size.height}`))).toEqual(
      new Set(['1897×1897']),
    );
  });
});

describe('a personalised piece’s print file (issue 29)', () => {
  // A small back keeps the renders quick; the lettering scales with the area.
  const back = { xMm: 150, yMm: 120, widthMm: 80, heightMm: 100 };
  const design: Design = {
    front: [],
    back: [],
    namesAndNumbers: { fontId: 'inter', colorId: 'navy' },
  };
  const ordered = (personalisation: Personalisation | null): OrderedDesign => ({
    design,
    printAreas: { front: back, back },
    personalisation,
  });
  const backPrint = async (personalisation: Personalisation) =>
    renderPrintFile(printedDesign(ordered(personalisation))?.back ?? [], back, new Map());
  /** Pixels with any ink (alpha above 0). */
  const inkedPixels = async (png: Buffer) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let inked = 0;
    for (let at = info.channels - 1; at < data.length; at += info.channels) {
      if ((data[at] ?? 0) > 0) inked += 1;
    }
    return inked;
  };

  it('letters each piece’s own name and number on the back, so two names print differently', async () => {
    expect(printedDesign(ordered(null))?.back).toEqual([]);
    const asha = await backPrint({ name: 'ASHA', number: 7 });
    const ravi = await backPrint({ name: 'RAVI', number: 7 });
    expect(await inkedPixels(asha)).toBeGreaterThan(1000);
    expect(asha.equals(ravi)).toBe(false);
    expect((await backPrint({ name: 'ASHA', number: 7 })).equals(asha)).toBe(true);
  });
});

describe('a print file draws only the box its layers cover (decision 065)', () => {
  const printArea = { xMm: 150, yMm: 150, widthMm: 100, heightMm: 120 };
  const size = printPixelSize(printArea);
  const photoLayer: ImageLayer = {
    id: 'photo',
    type: 'image',
    imageId: 'photo',
    xMm: 40,
    yMm: 70,
    widthMm: 50,
    heightMm: 30,
    rotationDeg: -7,
  };
  // Arched and straight text of two fonts, a rotated photo, one line touching the left edge.
  const side: Layer[] = [
    layer({
      id: 'arch',
      text: 'RUNNING CLUB',
      fontId: 'bebas-neue',
      fontSizeMm: 9,
      arcDegrees: 120,
      xMm: 50,
      yMm: 30,
    }),
    photoLayer,
    layer({
      id: 'line',
      text: 'Est. 2026',
      fontId: 'lobster',
      fontSizeMm: 7,
      align: 'left',
      xMm: 20,
      yMm: 100,
      rotationDeg: 3,
    }),
  ];

  /**
   * What the print file was before: the layers' whole ink window drawn by resvg at once
   * (its pictures too), placed in the area and unpremultiplied by sharp.
   */
  async function wholeAreaPixels(layers: readonly Layer[], images: Map<string, PrintImage>) {
    const ink = printInkWindow(layers, printArea);
    if (!ink) throw new Error('no window for drawn layers');
    const hrefs = await embeddedImages(layers, images);
    const svg = renderDesignSvg(
      layers,
      printArea,
      { separateGlyphs: true, imageHref: (id) => hrefs.get(id) ?? '' },
      ink.window,
    );
    const rendered = new Resvg(svg, {
      font: { fontFiles: PRINT_FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
      logLevel: 'off',
    }).render();
    expect([rendered.width, rendered.height]).toEqual([ink.window.widthPx, ink.window.heightPx]);
    const raw = { width: rendered.width, height: rendered.height, channels: 4 } as const;
    const background = { r: 0, g: 0, b: 0, alpha: 0 };
    return sharp(rendered.pixels, { raw: { ...raw, premultiplied: true } })
      .extend({
        left: ink.leftPx,
        top: ink.topPx,
        right: size.width - ink.leftPx - rendered.width,
        bottom: size.height - ink.topPx - rendered.height,
        background,
      })
      .raw()
      .toBuffer();
  }

  it('keeps a small layer’s window small, on the pixel grid, and draws nothing for no layers', () => {
    const small = layer({ id: 'small', text: 'A', fontSizeMm: 10, xMm: 50, yMm: 60 });
    const ink = printInkWindow([small], printArea);
    if (!ink) throw new Error('no window for a drawn layer');
    // 10 mm type is about 120 px of the 1181 × 1417 px file.
    expect(ink.window.widthPx * ink.window.heightPx).toBeLessThan((size.width * size.height) / 50);
    expect(ink.window.xMm * (size.width / printArea.widthMm)).toBeCloseTo(ink.leftPx, 9);
    expect(printInkWindow([], printArea)).toBeNull();
    // A layer on the edge is kept within the file.
    const edge = printInkWindow([side[2] as Layer, photoLayer], printArea);
    expect(edge?.leftPx).toBeGreaterThanOrEqual(0);
  });

  const photoImages = async () =>
    new Map([
      [
        'photo',
        {
          bytes: await imageBytes('png', 800, 480, { rgb: [30, 140, 220] }),
          contentType: 'image/png',
        },
      ],
    ]);

  /**
   * Checks a print file against the whole area drawn at once by resvg: size, DPI and the
   * pixels as seen. The print draws pictures with libvips (decision 077): a picture's edge
   * is softened over a pixel or two where resvg cuts it, so only as many pixels as the
   * pictures' outlines hold may differ much, and the ink must sit where resvg put it.
   */
  async function expectSameAsWholeArea(
    png: Buffer,
    images: Map<string, PrintImage>,
    layers: readonly Layer[] = side,
    meanDifference = 1.5,
  ) {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const metadata = await sharp(png).metadata();
    expect([info.width, info.height, info.channels]).toEqual([size.width, size.height, 4]);
    expect(metadata.density).toBe(DESIGN_LIMITS.printDpi);
    const expected = await wholeAreaPixels(layers, images);
    // Compared premultiplied, as seen: a pixel's colour under no ink is nobody's concern.
    const seen = (pixels: Buffer, at: number) => {
      const alpha = pixels[at - (at % 4) + 3] ?? 0;
      return at % 4 === 3 ? alpha : ((pixels[at] ?? 0) * alpha) / 255;
    };
    let total = 0;
    let inked = 0;
    let stray = 0;
    // Each file's ink centre: sums of x and y weighted by alpha, and of alpha.
    const centre = { printed: { x: 0, y: 0, alpha: 0 }, drawn: { x: 0, y: 0, alpha: 0 } };
    for (let at = 0; at < data.length; at++) {
      const difference = Math.abs(seen(data, at) - seen(expected, at));
      total += difference;
      // The edges' antialiasing may fall differently (resvg samples a pixel 4 × 4 times:
      // a sample row flips with a rounding, 64 of 255).
      if (difference > 64) stray += 1;
      if (at % 4 !== 3) continue;
      const [x, y] = [((at - 3) / 4) % size.width, Math.floor((at - 3) / 4 / size.width)];
      for (const [sum, alpha] of [
        [centre.printed, data[at] ?? 0],
        [centre.drawn, expected[at] ?? 0],
      ] as const) {
        sum.x += x * alpha;
        sum.y += y * alpha;
        sum.alpha += alpha;
      }
      if ((expected[at] ?? 0) > 0) inked += 1;
    }
    expect(inked).toBeGreaterThan(100_000);
    expect(total / inked).toBeLessThan(meanDifference);
    const pxPerMm = size.width / printArea.widthMm;
    const outlines = layers
      .filter((layer) => layer.type === 'image')
      .reduce((sum, layer) => sum + 2 * (layer.widthMm + layer.heightMm) * pxPerMm, 0);
    expect(stray).toBeLessThanOrEqual(outlines);
    // The ink where resvg drew it, within a tenth of a pixel.
    const { printed, drawn } = centre;
    expect(Math.abs(printed.x / printed.alpha - drawn.x / drawn.alpha)).toBeLessThan(0.1);
    expect(Math.abs(printed.y / printed.alpha - drawn.y / drawn.alpha)).toBeLessThan(0.1);
  }

  /** A photo of smooth but distinct pixels (gradients and waves), so a misplaced one shows. */
  const patternedImages = async () => {
    const [width, height] = [800, 480];
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const wave = 128 + 127 * Math.sin(x / 9) * Math.cos(y / 7);
        pixels.set([(x * 255) / width, (y * 255) / height, wave], (y * width + x) * 3);
      }
    }
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    return new Map([['photo', { bytes, contentType: 'image/png' }]]);
  };

  it('places a picture where resvg does, at any turn, and paints layers over each other in order (decision 077)', async () => {
    const images = await patternedImages();
    for (const rotationDeg of [0, -7, 33, 180]) {
      const turned = { ...photoLayer, xMm: 50.13, yMm: 60.37, rotationDeg };
      const png = await renderPrintFile([turned], printArea, images, 97);
      // On this photo's waves libvips's bilinear filter and resvg's differ by half a level a channel.
      await expectSameAsWholeArea(png, images, [turned], 2);
    }
    // Text under a picture, text over it, and the picture again, turned, over both.
    const text = (id: string, yMm: number) =>
      layer({ id, text: 'OVER', fontId: 'bebas-neue', fontSizeMm: 14, xMm: 45, yMm });
    const stacked: Layer[] = [
      text('under', 62),
      photoLayer,
      text('over', 75),
      { ...photoLayer, id: 'again', xMm: 60, yMm: 80, widthMm: 30, heightMm: 20, rotationDeg: 20 },
    ];
    const png = await renderPrintFile(stacked, printArea, images, 97);
    await expectSameAsWholeArea(png, images, stacked, 2);
    // Five prints, each checked against resvg's drawing of the whole window.
  }, 30_000);

  it('prints the same pixels, size and DPI as drawing the whole area', async () => {
    const images = await photoImages();
    await expectSameAsWholeArea(await renderPrintFile(side, printArea, images), images);
  });

  it('draws the ink in bands, each with only the layers reaching it, and prints the same pixels (decision 067)', async () => {
    const images = await photoImages();
    const bandRows = 97;
    resvgDrawn.length = 0;
    const png = await renderPrintFile(side, printArea, images, bandRows);
    const ink = printInkWindow(side, printArea);
    if (!ink) throw new Error('no window for a drawn side');
    // Bands from the window's top; a layer reaches those its ink rows (with the antialiasing margin) cross.
    const pxPerMm = size.width / printArea.widthMm;
    const bandsReached = (layer: Layer) => {
      const bounds = layerBounds(layer);
      const band = (rowPx: number) => Math.floor((rowPx - ink.topPx) / bandRows);
      const first = band(Math.floor(bounds.top * pxPerMm) - 2);
      const last = band(Math.ceil(bounds.bottom * pxPerMm) + 1);
      return Array.from({ length: last - first + 1 }, (_, index) => first + index);
    };
    const reached = new Set(side.flatMap(bandsReached));
    expect(reached.size).toBeLessThan(Math.ceil(ink.window.heightPx / bandRows));
    // resvg draws the text layers' bands, a run of text layers at once; libvips the photo's.
    const textRuns = [...reached].reduce((runs, band) => {
      const types = side.filter((layer) => bandsReached(layer).includes(band)).map((l) => l.type);
      return runs + types.filter((type, at) => type === 'text' && types[at - 1] !== 'text').length;
    }, 0);
    expect(resvgDrawn.length).toBe(textRuns);
    expect(Math.max(...resvgDrawn.map((drawn) => drawn.heightPx))).toBe(bandRows);
    expect(resvgDrawn.some((drawn) => drawn.svg.includes('<image'))).toBe(false);
    await expectSameAsWholeArea(png, images);
  });

  it('prints an empty side as a transparent file of the full size', async () => {
    const png = await renderPrintFile([], printArea, new Map());
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([size.width, size.height, 4]);
    expect(data.every((value) => value === 0)).toBe(true);
  });
});
