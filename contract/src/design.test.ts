import { describe, expect, it } from 'vitest';
import { customisedUnitPrice, DEFAULT_CUSTOMISATION, printedSides } from './cart-line-rules.ts';
import {
  ARC_TOO_SLIGHT_MESSAGE,
  DESIGN_LIMITS,
  type Design,
  DesignSchema,
  designImageIds,
  EMPTY_DESIGN_MESSAGE,
  type ImageLayer,
  imagePrintDpi,
  PrintAreaSchema,
  printPixelSize,
  type TextLayer,
} from './design.ts';
import { DESIGN_FONT_FILES, DESIGN_FONTS } from './design-fonts.ts';
import { layerBounds, layersOutsidePrintArea, textGeometry } from './design-layout.ts';
import {
  describeDesignSide,
  escapeXml,
  garmentParts,
  garmentThumbnailBox,
  imageLayerMatrix,
  renderDesignSvg,
  renderGarmentSvg,
} from './design-render.ts';
import { garmentKind } from './garments.ts';

const IMAGE_ID = '6f1c2f7e-8a43-4a53-9f57-0d5d0f1b2c3d';

const text = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: 't1',
  type: 'text',
  text: 'Hello',
  fontId: 'inter',
  colorId: 'black',
  fontSizeMm: 20,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 150,
  yMm: 100,
  rotationDeg: 0,
  ...overrides,
});

const image = (overrides: Partial<ImageLayer> = {}): ImageLayer => ({
  id: 'i1',
  type: 'image',
  imageId: IMAGE_ID,
  xMm: 150,
  yMm: 200,
  widthMm: 100,
  heightMm: 50,
  rotationDeg: 0,
  ...overrides,
});

/** The messages a design is refused with, or [] when it is accepted. */
function refusals(design: unknown): string[] {
  const result = DesignSchema.safeParse(design);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('DesignSchema', () => {
  it('accepts text and image layers on either side', () => {
    expect(refusals({ front: [text(), image()], back: [text({ id: 'b' })] })).toEqual([]);
  });

  it.each([
    ['an empty design', { front: [], back: [] }, EMPTY_DESIGN_MESSAGE],
    [
      'an unknown font',
      { front: [text({ fontId: 'comic-sans' as 'inter' })], back: [] },
      'Font must be one of',
    ],
    [
      'an unknown colour',
      { front: [text({ colorId: 'mauve' as 'black' })], back: [] },
      'Colour must be one of',
    ],
    ['empty text', { front: [text({ text: '   ' })], back: [] }, 'Text must not be empty'],
    [
      'too long text',
      { front: [text({ text: 'x'.repeat(DESIGN_LIMITS.textMaxLength + 1) })], back: [] },
      `Text must be at most ${DESIGN_LIMITS.textMaxLength} characters`,
    ],
    [
      'too many lines',
      { front: [text({ text: 'a\nb\nc\nd\ne' })], back: [] },
      'Text must be at most 4 lines',
    ],
    [
      'control characters',
      { front: [text({ text: 'a\u0007b' })], back: [] },
      'Text must not contain control characters',
    ],
    [
      'arched text on two lines',
      { front: [text({ text: 'a\nb', arcDegrees: 90 })], back: [] },
      'Arched text must be a single line',
    ],
    [
      'a tiny font',
      { front: [text({ fontSizeMm: 1 })], back: [] },
      'Font size must be at least 4 mm',
    ],
    [
      'a huge font',
      { front: [text({ fontSizeMm: 500 })], back: [] },
      'Font size must be at most 150 mm',
    ],
    [
      'a rotation past 180°',
      { front: [text({ rotationDeg: 181 })], back: [] },
      'Rotation must be at most 180°',
    ],
    [
      'an arc past 300°',
      { front: [text({ arcDegrees: -301 })], back: [] },
      'Arc must be at least -300°',
    ],
    [
      'an arc so slight its circle is infinite',
      { front: [text({ arcDegrees: 1e-320 })], back: [] },
      ARC_TOO_SLIGHT_MESSAGE,
    ],
    [
      'an arc under 1° downwards',
      { front: [text({ arcDegrees: -0.5 })], back: [] },
      ARC_TOO_SLIGHT_MESSAGE,
    ],
    [
      'a far-away position',
      { front: [text({ xMm: 5000 })], back: [] },
      'x must be at most 1200 mm',
    ],
    [
      'a tiny image',
      { front: [image({ widthMm: 1 })], back: [] },
      'Image width must be at least 5 mm',
    ],
    [
      'an image id that is not one',
      { front: [image({ imageId: 'x' })], back: [] },
      'imageId must be the _id',
    ],
    [
      'a layer of no known type',
      { front: [{ ...text(), type: 'sticker' }], back: [] },
      'A layer must be of type text or image',
    ],
    [
      'a repeated layer id',
      { front: [text(), text()], back: [] },
      'Each layer id may appear only once',
    ],
    [
      'too many layers',
      { front: Array.from({ length: 11 }, (_, index) => text({ id: `t${index}` })), back: [] },
      'A side may have at most 10 layers',
    ],
    ['a missing side', { front: [text()] }, 'A side must be a list of layers'],
    [
      'a NaN-free number check',
      { front: [text({ fontSizeMm: Number.NaN })], back: [] },
      'Font size must be a number',
    ],
  ])('refuses %s', (_name, design, message) => {
    expect(refusals(design).join(' | ')).toContain(message);
  });
});

describe('PrintAreaSchema', () => {
  it('refuses an area that leaves the mock-up', () => {
    const result = PrintAreaSchema.safeParse({ xMm: 400, yMm: 0, widthMm: 300, heightMm: 300 });
    expect(result.error?.issues[0]?.message).toContain('must lie on the 600 × 700 mm mock-up');
  });
});

describe('layerBounds and layersOutsidePrintArea', () => {
  it('centres an image on its x/y and swaps its sides when turned 90°', () => {
    expect(layerBounds(image())).toEqual({ left: 100, top: 175, right: 200, bottom: 225 });
    const turned = layerBounds(image({ rotationDeg: 90 }));
    expect(turned.left).toBeCloseTo(125);
    expect(turned.top).toBeCloseTo(150);
  });

  it('places a picture’s corners where the layer’s bounds and markup put them (imageLayerMatrix)', () => {
    const turned = image({ rotationDeg: 30 });
    const [a, b, c, d, e, f] = imageLayerMatrix(turned);
    const corners = [0, 1].flatMap((u) =>
      [0, 1].map((v) => [a * u + c * v + e, b * u + d * v + f]),
    );
    const bounds = layerBounds(turned);
    expect(Math.min(...corners.map(([x]) => x ?? 0))).toBeCloseTo(bounds.left, 9);
    expect(Math.max(...corners.map(([x]) => x ?? 0))).toBeCloseTo(bounds.right, 9);
    expect(Math.min(...corners.map(([, y]) => y ?? 0))).toBeCloseTo(bounds.top, 9);
    expect(Math.max(...corners.map(([, y]) => y ?? 0))).toBeCloseTo(bounds.bottom, 9);
    // The picture's top left corner, turned 30° clockwise about the layer's centre.
    const angle = Math.PI / 6;
    const [dx, dy] = [-turned.widthMm / 2, -turned.heightMm / 2];
    expect(e).toBeCloseTo(turned.xMm + dx * Math.cos(angle) - dy * Math.sin(angle), 9);
    expect(f).toBeCloseTo(turned.yMm + dx * Math.sin(angle) + dy * Math.cos(angle), 9);
  });

  it('counts a layer whose bounds are not finite as outside, whatever the area', () => {
    const area = { xMm: 0, yMm: 0, widthMm: 300, heightMm: 400 };
    expect(DesignSchema.safeParse({ front: [text({ arcDegrees: 1 })], back: [] }).success).toBe(
      true,
    );
    // What the schema now refuses, as a design stored before it did would have it.
    expect(
      layersOutsidePrintArea([text({ arcDegrees: 1e-320, xMm: 150, yMm: 200 })], area),
    ).toEqual(['t1']);
    expect(layersOutsidePrintArea([text({ xMm: 150, yMm: 200 })], area)).toEqual([]);
  });

  it('grows a text box with its length and font size', () => {
    const short = textGeometry(text({ text: 'Hi' }));
    const long = textGeometry(text({ text: 'Hi there you' }));
    expect(long.widthMm).toBeGreaterThan(short.widthMm * 5);
    expect(textGeometry(text({ text: 'a\nb' })).heightMm).toBeCloseTo(48);
  });

  it('gives arched text a box as wide as its chord and a circle to follow', () => {
    const geometry = textGeometry(text({ text: 'ARCHED TEXT', arcDegrees: 180 }));
    expect(geometry.arc?.up).toBe(true);
    expect(geometry.widthMm).toBeLessThan(textGeometry(text({ text: 'ARCHED TEXT' })).widthMm);
    expect(geometry.heightMm).toBeGreaterThan(40);
  });

  it('names the layers reaching outside the area', () => {
    const area = { xMm: 0, yMm: 0, widthMm: 300, heightMm: 400 };
    const inside = image({ id: 'inside' });
    const edge = image({ id: 'edge', xMm: 50 });
    const over = image({ id: 'over', xMm: 49 });
    const turned = image({ id: 'turned', xMm: 30, widthMm: 20, heightMm: 100, rotationDeg: 90 });
    expect(layersOutsidePrintArea([inside, edge, over, turned], area)).toEqual(['over', 'turned']);
  });
});

describe('prices and print sizes', () => {
  const customisation = { decorationPrice: { front: 150, back: 99.9 } };
  const front: Design = { front: [text()], back: [] };
  const both: Design = { front: [text()], back: [image()] };

  it('adds each printed side’s decoration price to the base price', () => {
    expect(customisedUnitPrice(499.5, customisation, null)).toBe(499.5);
    expect(customisedUnitPrice(499.5, customisation, front)).toBe(649.5);
    expect(customisedUnitPrice(499.5, customisation, both)).toBe(749.4);
    expect(printedSides(both)).toEqual(['front', 'back']);
    expect(printedSides({ front: [], back: [image()] })).toEqual(['back']);
  });

  it('sizes a print file at 300 DPI', () => {
    expect(printPixelSize({ widthMm: 300, heightMm: 400 })).toEqual({ width: 3543, height: 4724 });
    expect(printPixelSize({ widthMm: 100, heightMm: 100 })).toEqual({ width: 1181, height: 1181 });
  });

  it('finds an image’s print DPI and the images a design uses', () => {
    expect(imagePrintDpi({ widthMm: 254 }, 1500)).toBeCloseTo(150);
    expect(designImageIds({ front: [image(), image({ id: 'i2' })], back: [text()] })).toEqual([
      IMAGE_ID,
    ]);
  });

  it('ships a file for every face of every font, and a default customisation that parses', () => {
    expect(DESIGN_FONTS.length).toBeGreaterThanOrEqual(6);
    expect(DESIGN_FONT_FILES.length).toBe(14);
    expect(PrintAreaSchema.parse(DEFAULT_CUSTOMISATION.printAreas.front)).toBeTruthy();
  });
});

describe('renderGarmentSvg', () => {
  const front = { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 };
  const href = (id: string) => `/media/${id}`;

  it('draws the design on the garment in its colour, white ink on a white tee included', () => {
    const svg = renderGarmentSvg([text({ colorId: 'white' })], 'front', front, {
      imageHref: href,
      garment: 'tee',
      garmentHex: '#ffffff',
    });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 600 700">/);
    expect(svg).toMatch(/<path d="M [^"]+" fill="#ffffff" stroke="#71717a"/);
    // The layers sit on the print area, after (above) the garment; no grey tile behind them.
    expect(svg.indexOf('<path')).toBeLessThan(svg.indexOf('<g transform="translate(150 150)">'));
    expect(svg).toContain('fill="#ffffff" style=');
    expect(svg).not.toContain('<rect');
  });

  it('crops a thumbnail to the print area with garment round it and the neckline above', () => {
    expect(garmentThumbnailBox(front, 'tee')).toEqual({
      xMm: 75,
      yMm: 20,
      widthMm: 450,
      heightMm: 567.5,
    });
    const svg = renderGarmentSvg([], 'back', front, {
      imageHref: href,
      garment: 'tee',
      garmentHex: '#1f2937',
      crop: 'thumbnail',
    });
    expect(svg).toContain('viewBox="75 20 450 567.5"');
    expect(svg).toContain('fill="#1f2937"');
  });

  it('never writes a colour that is not a hex into the markup', () => {
    const svg = renderGarmentSvg([], 'front', front, {
      imageHref: href,
      garment: 'hoodie',
      garmentHex: '"/><script>',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('fill="#ffffff"');
  });
});

describe('the garment a design is drawn on (issue 28)', () => {
  const hoodieFront = { xMm: 170, yMm: 190, widthMm: 260, heightMm: 200 };
  const href = (id: string) => `/media/${id}`;

  it('is a hoodie for the Hoodies category, in any case, and a tee for any other', () => {
    expect(garmentKind('Hoodies')).toBe('hoodie');
    expect(garmentKind(' hoodies ')).toBe('hoodie');
    expect(garmentKind('T-Shirts')).toBe('tee');
    expect(garmentKind('Polo Shirts')).toBe('tee');
  });

  it('draws a hoodie with its hood, the pocket on the front only, and a tee as one outline', () => {
    const front = garmentParts('hoodie', 'front');
    const back = garmentParts('hoodie', 'back');
    // The body first; over it the hood round its shadowed opening, the pocket and the ribs.
    expect(front.map((part) => part.paint)).toEqual(['panel', 'panel', 'inside', 'panel', 'seam']);
    expect(back.map((part) => part.paint)).toEqual(['panel', 'panel', 'seam']);
    expect(front[0]?.d).toBe(back[0]?.d);
    expect(garmentParts('tee', 'front')).toHaveLength(1);
    expect(garmentParts('tee', 'front')[0]?.d).not.toBe(garmentParts('tee', 'back')[0]?.d);
  });

  it('keeps the hoodie print area clear of the hood and the pocket', () => {
    const lowestY = (d: string) =>
      Math.max(...(d.match(/-?[\d.]+/g) ?? []).filter((_, i) => i % 2 === 1).map(Number));
    const highestY = (d: string) =>
      Math.min(...(d.match(/-?[\d.]+/g) ?? []).filter((_, i) => i % 2 === 1).map(Number));
    const [, hood, , pocket] = garmentParts('hoodie', 'front');
    expect(lowestY(hood?.d ?? '')).toBeLessThanOrEqual(hoodieFront.yMm);
    expect(highestY(pocket?.d ?? '')).toBeGreaterThanOrEqual(
      hoodieFront.yMm + hoodieFront.heightMm,
    );
  });

  it('crops a hoodie thumbnail from the top of its hood, and draws every part in the colour', () => {
    expect(garmentThumbnailBox(hoodieFront, 'hoodie').yMm).toBe(0);
    const svg = renderGarmentSvg([text()], 'front', hoodieFront, {
      imageHref: href,
      garment: 'hoodie',
      garmentHex: '#111111',
      crop: 'thumbnail',
    });
    expect(svg).toContain('viewBox="105 0 390 422.5"');
    expect(svg.match(/<path d="[^"]+" fill="#111111"/g)).toHaveLength(3);
    expect(svg).toContain('fill="#000000" fill-opacity="0.25"');
    expect(svg).toContain('<g transform="translate(170 190)">');
  });

  it('names the garment and its colour in words', () => {
    const design: Design = { front: [text({ text: 'Go\n team' })], back: [] };
    expect(describeDesignSide(design, 'front', 'hoodie', { name: 'Black' })).toBe(
      'Your design, front on a black hoodie: text “Go team”',
    );
    expect(describeDesignSide(design, 'front', 'tee', { name: '' })).toBe(
      'Your design, front on a tee: text “Go team”',
    );
  });
});

describe('renderDesignSvg', () => {
  const area = { widthMm: 300, heightMm: 400 };
  const href = (id: string) => `/media/${id}?a=1&b="2"`;

  it('escapes every text and attribute', () => {
    const svg = renderDesignSvg(
      [text({ text: '<script>alert("x")</script> & co' }), image()],
      area,
      { imageHref: href },
    );
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(svg).toContain(`href="/media/${IMAGE_ID}?a=1&amp;b=&quot;2&quot;"`);
    expect(escapeXml(`'`)).toBe('&apos;');
  });

  it('draws the print area in millimetres, layers in z-order, each moved and turned', () => {
    const svg = renderDesignSvg([image(), text({ rotationDeg: -15 })], area, { imageHref: href });
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300mm" height="400mm" viewBox="0 0 300 400">/,
    );
    expect(svg.indexOf('<image')).toBeLessThan(svg.indexOf('<text'));
    expect(svg).toContain('transform="translate(150 100) rotate(-15)"');
    expect(svg).toContain('x="-50" y="-25" width="100" height="50"');
    expect(svg).not.toContain('<rect');
    expect(renderDesignSvg([], area, { imageHref: href, outline: true })).toContain('<rect');
  });

  it('sets arched text on a path, and straight lines by their alignment', () => {
    const arched = renderDesignSvg([text({ arcDegrees: 120 })], area, { imageHref: href });
    expect(arched).toContain('<defs><path id="arc-0"');
    expect(arched).toContain('<textPath href="#arc-0" startOffset="50%">Hello</textPath>');
    expect(arched).toContain(
      'style="font-kerning:none;font-variant-ligatures:none;text-rendering:geometricPrecision"',
    );
    // For resvg, which ignores the CSS: each character its own glyph.
    const separate = renderDesignSvg([text({ arcDegrees: 120 })], area, {
      imageHref: href,
      separateGlyphs: true,
    });
    expect(separate).toContain('>H\u200ce\u200cl\u200cl\u200co</textPath>');
    const left = renderDesignSvg([text({ align: 'left', text: 'a\nb' })], area, {
      imageHref: href,
    });
    expect(left).toContain('text-anchor="start"');
    expect(left.match(/<tspan/g)).toHaveLength(2);
  });

  it('uses only faces a font has: Bebas Neue has no bold, Inter has', () => {
    const bebas = renderDesignSvg([text({ fontId: 'bebas-neue', bold: true })], area, {
      imageHref: href,
    });
    expect(bebas).toContain('font-family="Bebas Neue"');
    expect(bebas).toContain('font-weight="400"');
    const inter = renderDesignSvg([text({ bold: true, italic: true })], area, { imageHref: href });
    expect(inter).toContain('font-weight="700" font-style="italic"');
  });
});
