import { z } from 'zod';
import { DESIGN_SIDES } from './cart-line-rules.ts';
import { IdParamsSchema, IdSchema, TimestampSchema } from './common.ts';
import { DESIGN_FONT_METRICS, DESIGN_FONT_MISSING_CHARACTERS } from './design-font-metrics.ts';
import { defineEndpoint } from './endpoint.ts';
import { textSchema } from './text.ts';

/**
 * A shopper's design (D27, issue 12): layers of text and uploaded images on
 * the front and back print areas of a garment. Positions are millimetres in
 * the print area: (0, 0) is its top-left corner and a layer's x/y is its
 * centre. The web editor, the cart, checkout and the print file all read this
 * one description; the server validates it with these schemas.
 */

export const DesignSideSchema = z.enum(DESIGN_SIDES, {
  error: `side must be one of ${DESIGN_SIDES.join(', ')}`,
});
export type DesignSide = z.infer<typeof DesignSideSchema>;

/** Where the web serves the font files (web/public/fonts) and the server reads them. */
export const DESIGN_FONTS_PATH = '/fonts/';

/** A font's files by face; a face a font lacks is drawn with its regular face (never faked). */
export interface DesignFontFaces {
  regular: string;
  bold?: string;
  italic?: string;
  boldItalic?: string;
}

export interface DesignFont {
  id: string;
  label: string;
  /** The family name inside the files: resvg matches on it, and the web's @font-face uses it too. */
  family: string;
  faces: DesignFontFaces;
  /**
   * What the metrics cannot know, as a share of the font size, which the guard
   * rail adds around a text layer's ink: resvg draws an arc in short curves
   * (0.01 em), and Lobster, a script font, picks contextual glyphs (0.06 em).
   * print-file.test.ts measures it against resvg.
   */
  shapingAllowanceEm: number;
}

/** The approved fonts: files bundled with the shop (web/public/fonts, licences beside them). */
export const DESIGN_FONTS = [
  {
    id: 'inter',
    label: 'Inter',
    family: 'Inter',
    faces: {
      regular: 'Inter-Regular.otf',
      bold: 'Inter-Bold.otf',
      italic: 'Inter-Italic.otf',
      boldItalic: 'Inter-BoldItalic.otf',
    },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'lato',
    label: 'Lato',
    family: 'Lato',
    faces: { regular: 'Lato-Regular.ttf', bold: 'Lato-Bold.ttf' },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'roboto-slab',
    label: 'Roboto Slab',
    family: 'Roboto Slab',
    faces: { regular: 'RobotoSlab-Regular.otf', bold: 'RobotoSlab-Bold.otf' },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'liberation-serif',
    label: 'Serif',
    family: 'Liberation Serif',
    faces: {
      regular: 'LiberationSerif-Regular.ttf',
      bold: 'LiberationSerif-Bold.ttf',
      italic: 'LiberationSerif-Italic.ttf',
      boldItalic: 'LiberationSerif-BoldItalic.ttf',
    },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'lobster',
    label: 'Lobster',
    family: 'Lobster Two',
    faces: { regular: 'Lobster-Regular.otf' },
    shapingAllowanceEm: 0.08,
  },
  {
    id: 'bebas-neue',
    label: 'Bebas Neue',
    family: 'Bebas Neue',
    faces: { regular: 'BebasNeue-Regular.otf' },
    shapingAllowanceEm: 0.02,
  },
] as const satisfies readonly DesignFont[];
export type DesignFontId = (typeof DESIGN_FONTS)[number]['id'];

/** Every bundled font file's name, for the server's rasteriser and the web's @font-face rules. */
export const DESIGN_FONT_FILES: readonly string[] = DESIGN_FONTS.flatMap((font) =>
  Object.values(font.faces as DesignFontFaces),
);

export function designFont(id: string): DesignFont {
  return DESIGN_FONTS.find((font) => font.id === id) ?? DESIGN_FONTS[0];
}

/** The face a text layer is drawn with: a face its font lacks is never faked, so print matches preview. */
export function designFontFace(layer: Pick<TextLayer, 'fontId' | 'bold' | 'italic'>): {
  file: string;
  bold: boolean;
  italic: boolean;
} {
  const { faces } = designFont(layer.fontId) as DesignFont;
  const choices = [
    { file: faces.boldItalic, bold: true, italic: true },
    { file: faces.bold, bold: true, italic: false },
    { file: faces.italic, bold: false, italic: true },
  ];
  const face = choices.find(
    (choice) =>
      choice.file !== undefined && (!choice.bold || layer.bold) && (!choice.italic || layer.italic),
  );
  return face?.file
    ? { ...face, file: face.file }
    : { file: faces.regular, bold: false, italic: false };
}

/**
 * The characters text layers may use: printable ASCII, Latin-1 and common
 * typographic marks, each only in the fonts that draw it (the font metrics
 * table lists them), so every character is measured exactly and printed as
 * previewed (no machine fallback font).
 */
export const DESIGN_TEXT_CHARACTERS: readonly string[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => String.fromCharCode(0xa0 + index)),
  ...'ŒœŠšŽžŸ‘’‚“”„–—…•€₹™',
];

/** The palette text is printed in. */
export const DESIGN_PALETTE = [
  { id: 'black', label: 'Black', hex: '#111111' },
  { id: 'white', label: 'White', hex: '#ffffff' },
  { id: 'grey', label: 'Grey', hex: '#8a8a8a' },
  { id: 'red', label: 'Red', hex: '#d62828' },
  { id: 'orange', label: 'Orange', hex: '#f77f00' },
  { id: 'yellow', label: 'Yellow', hex: '#fcbf49' },
  { id: 'green', label: 'Green', hex: '#2a9d46' },
  { id: 'teal', label: 'Teal', hex: '#138a8a' },
  { id: 'blue', label: 'Blue', hex: '#1d4ed8' },
  { id: 'navy', label: 'Navy', hex: '#1b2a4a' },
  { id: 'purple', label: 'Purple', hex: '#7b2cbf' },
  { id: 'pink', label: 'Pink', hex: '#ef5da8' },
] as const;
export type DesignColorId = (typeof DESIGN_PALETTE)[number]['id'];

export function designColorHex(id: string): string {
  return (DESIGN_PALETTE.find((color) => color.id === id) ?? DESIGN_PALETTE[0]).hex;
}

export const DESIGN_LIMITS = {
  layersPerSide: 10,
  textMaxLength: 60,
  textMaxLines: 4,
  fontSizeMm: { min: 4, max: 150 },
  imageSizeMm: { min: 5, max: 600 },
  /** Layer centres stay near the print area; reaching outside it is refused separately. */
  positionMm: { min: -600, max: 1200 },
  rotationDeg: { min: -180, max: 180 },
  /**
   * The angle arched text spans: + arches up (a hill), − down (a smile); 0 is
   * straight, and an arc is at least `minArc`° either way (a slighter one
   * has a circle too large to measure).
   */
  arcDegrees: { min: -300, max: 300, minArc: 1 },
  /** An image printing below this many dots per inch at its size is warned about. */
  minPrintDpi: 150,
  /** Print files are rendered at this resolution. */
  printDpi: 300,
  savedDesignNameMaxLength: 80,
  savedDesignsPerUser: 200,
} as const;

/** The garment mock-up's size: print areas are placed on it, in millimetres. */
export const MOCKUP_SIZE_MM = { widthMm: 600, heightMm: 700 } as const;

const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

function rangedNumber(label: string, { min, max }: { min: number; max: number }, unit = '') {
  return z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}${unit}`)
    .max(max, `${label} must be at most ${max}${unit}`);
}

const LayerIdSchema = textSchema('Layer id').min(1, 'Layer id is required').max(40);
const PositionSchema = (axis: string) => rangedNumber(axis, DESIGN_LIMITS.positionMm, ' mm');
const RotationSchema = rangedNumber('Rotation', DESIGN_LIMITS.rotationDeg, '°');

export const ARC_TOO_SLIGHT_MESSAGE = `Arc must be 0 (straight) or at least ${DESIGN_LIMITS.arcDegrees.minArc}° either way`;

export const TextLayerSchema = z.object({
  id: LayerIdSchema,
  type: z.literal('text'),
  text: textSchema('Text', { multiLine: true })
    .refine((text) => text.trim() !== '', 'Text must not be empty')
    .refine(
      (text) => [...text].length <= DESIGN_LIMITS.textMaxLength,
      `Text must be at most ${DESIGN_LIMITS.textMaxLength} characters`,
    )
    .refine(
      (text) => text.split('\n').length <= DESIGN_LIMITS.textMaxLines,
      `Text must be at most ${DESIGN_LIMITS.textMaxLines} lines`,
    ),
  fontId: z.enum(
    DESIGN_FONTS.map((font) => font.id),
    { error: `Font must be one of ${DESIGN_FONTS.map((font) => font.id).join(', ')}` },
  ),
  colorId: z.enum(
    DESIGN_PALETTE.map((color) => color.id),
    { error: `Colour must be one of ${DESIGN_PALETTE.map((color) => color.id).join(', ')}` },
  ),
  fontSizeMm: rangedNumber('Font size', DESIGN_LIMITS.fontSizeMm, ' mm'),
  bold: z.boolean({ error: 'bold must be true or false' }),
  italic: z.boolean({ error: 'italic must be true or false' }),
  align: z.enum(TEXT_ALIGNS, { error: `align must be one of ${TEXT_ALIGNS.join(', ')}` }),
  arcDegrees: rangedNumber('Arc', DESIGN_LIMITS.arcDegrees, '°').refine(
    (degrees) => degrees === 0 || Math.abs(degrees) >= DESIGN_LIMITS.arcDegrees.minArc,
    ARC_TOO_SLIGHT_MESSAGE,
  ),
  xMm: PositionSchema('x'),
  yMm: PositionSchema('y'),
  rotationDeg: RotationSchema,
});
export type TextLayer = z.infer<typeof TextLayerSchema>;

export const unprintableCharacterMessage = (fontLabel: string, character: string) =>
  `The font ${fontLabel} cannot print “${character}”: use letters, digits and common punctuation`;

export const ImageLayerSchema = z.object({
  id: LayerIdSchema,
  type: z.literal('image'),
  imageId: z.uuid({ error: 'imageId must be the _id of an uploaded design image' }),
  xMm: PositionSchema('x'),
  yMm: PositionSchema('y'),
  widthMm: rangedNumber('Image width', DESIGN_LIMITS.imageSizeMm, ' mm'),
  heightMm: rangedNumber('Image height', DESIGN_LIMITS.imageSizeMm, ' mm'),
  rotationDeg: RotationSchema,
});
export type ImageLayer = z.infer<typeof ImageLayerSchema>;

export const LayerSchema = z.discriminatedUnion('type', [TextLayerSchema, ImageLayerSchema], {
  error: 'A layer must be of type text or image',
});
export type Layer = z.infer<typeof LayerSchema>;

const SideLayersSchema = z
  .array(LayerSchema, { error: 'A side must be a list of layers' })
  .max(DESIGN_LIMITS.layersPerSide, `A side may have at most ${DESIGN_LIMITS.layersPerSide} layers`)
  .refine(
    (layers) => new Set(layers.map((layer) => layer.id)).size === layers.length,
    'Each layer id may appear only once on a side',
  )
  .refine(
    (layers) =>
      layers.every(
        (layer) => layer.type !== 'text' || layer.arcDegrees === 0 || !layer.text.includes('\n'),
      ),
    'Arched text must be a single line',
  );

export const EMPTY_DESIGN_MESSAGE = 'The design is empty: add text or an image first';

/** Array order is z-order: the last layer is drawn on top. A side with no layers is not printed. */
export const DesignSchema = z
  .object(
    { front: SideLayersSchema, back: SideLayersSchema },
    { error: 'design must be an object' },
  )
  .refine((design) => design.front.length + design.back.length > 0, EMPTY_DESIGN_MESSAGE);
export type Design = z.infer<typeof DesignSchema>;

// ---------------------------------------------------------------- products

/** A print area on the mock-up ({@link MOCKUP_SIZE_MM}): its top-left corner and size, in mm. */
export const PrintAreaSchema = z
  .object({
    xMm: rangedNumber('Print area x', { min: 0, max: MOCKUP_SIZE_MM.widthMm }, ' mm'),
    yMm: rangedNumber('Print area y', { min: 0, max: MOCKUP_SIZE_MM.heightMm }, ' mm'),
    widthMm: rangedNumber('Print area width', { min: 50, max: MOCKUP_SIZE_MM.widthMm }, ' mm'),
    heightMm: rangedNumber('Print area height', { min: 50, max: MOCKUP_SIZE_MM.heightMm }, ' mm'),
  })
  .refine(
    (area) =>
      area.xMm + area.widthMm <= MOCKUP_SIZE_MM.widthMm &&
      area.yMm + area.heightMm <= MOCKUP_SIZE_MM.heightMm,
    `A print area must lie on the ${MOCKUP_SIZE_MM.widthMm} × ${MOCKUP_SIZE_MM.heightMm} mm mock-up`,
  );
export type PrintArea = z.infer<typeof PrintAreaSchema>;

export const PrintAreasSchema = z.object({ front: PrintAreaSchema, back: PrintAreaSchema });
export type PrintAreas = z.infer<typeof PrintAreasSchema>;

const DecorationPriceSchema = (side: string) =>
  z
    .number({ error: `The ${side} decoration price must be a number` })
    .min(0, `The ${side} decoration price must be 0 or more`)
    .max(10_000, `The ${side} decoration price must be at most ₹10000`)
    .refine(
      (rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6,
      `The ${side} decoration price may have at most 2 decimals`,
    );

/** Whether shoppers may design on a product, where, and what each printed side adds to its price. */
export const ProductCustomisationSchema = z.object({
  customisable: z.boolean({ error: 'customisable must be true or false' }),
  printAreas: PrintAreasSchema,
  /** Rupees added per printed side (D4: exact to the paisa). */
  decorationPrice: z.object({
    front: DecorationPriceSchema('front'),
    back: DecorationPriceSchema('back'),
  }),
});
export type ProductCustomisation = z.infer<typeof ProductCustomisationSchema>;

// ---------------------------------------------------------------- pure rules

export const NOT_CUSTOMISABLE_MESSAGE = 'This product cannot be customised';
export const outsidePrintAreaMessage = (side: DesignSide) =>
  `A layer on the ${side} reaches outside the print area`;

/** An axis-aligned box in print-area millimetres. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Line pitch, and where a line's baseline sits below its middle, as shares of the font size. */
export const TEXT_LINE_HEIGHT = 1.2;
export const TEXT_BASELINE_FROM_MIDDLE = 0.35;

/** One character's glyph in ems: its advance and its ink box (y up from the baseline). */
interface GlyphBox {
  advance: number;
  left: number;
  right: number;
  bottom: number;
  top: number;
  inked: boolean;
}

interface FaceGlyphs {
  byCharacter: Map<string, GlyphBox>;
  /** Stands in for a character the face lacks while the shopper types it (the schema refuses it). */
  widest: GlyphBox;
}

const faceGlyphsCache = new Map<string, FaceGlyphs>();

/** A face's glyphs from the generated metrics table (scripts/generate-font-metrics.ts). */
function faceGlyphs(file: string): FaceGlyphs {
  const cached = faceGlyphsCache.get(file);
  if (cached) return cached;
  const metrics = DESIGN_FONT_METRICS[file] ?? { unitsPerEm: 1, glyphs: [] };
  const missing = DESIGN_FONT_MISSING_CHARACTERS[file] ?? '';
  const byCharacter = new Map<string, GlyphBox>();
  let widest: GlyphBox = { advance: 1, left: 0, right: 1, bottom: -0.3, top: 1, inked: true };
  DESIGN_TEXT_CHARACTERS.forEach((character, index) => {
    if (missing.includes(character)) return;
    const at = index * 5;
    const [advance = 0, left = 0, right = 0, bottom = 0, top = 0] = metrics.glyphs
      .slice(at, at + 5)
      .map((units) => units / metrics.unitsPerEm);
    const glyph = { advance, left, right, bottom, top, inked: left !== right };
    byCharacter.set(character, glyph);
    if (byCharacter.size === 1 || advance > widest.advance) widest = glyph;
  });
  const glyphs = { byCharacter, widest };
  faceGlyphsCache.set(file, glyphs);
  return glyphs;
}

function textLines(layer: Pick<TextLayer, 'text'>): string[] {
  return layer.text.split('\n').map((line) => line.replace(/\r$/, ''));
}

/**
 * The first character of a text layer its face cannot draw, if any. Reads
 * only the short list of missing characters, not the metrics, so pages that
 * validate designs without drawing them stay small.
 */
export function unprintableCharacter(
  layer: Pick<TextLayer, 'text' | 'fontId' | 'bold' | 'italic'>,
): string | undefined {
  const missing = DESIGN_FONT_MISSING_CHARACTERS[designFontFace(layer).file] ?? '';
  return textLines(layer)
    .flatMap((line) => [...line])
    .find(
      (character) => !DESIGN_TEXT_CHARACTERS.includes(character) || missing.includes(character),
    );
}

/** A line set from its start: each glyph with its pen position, in ems (designs print without kerning). */
function setLine(
  line: string,
  face: FaceGlyphs,
): { advance: number; glyphs: { x: number; glyph: GlyphBox }[] } {
  let pen = 0;
  const glyphs = [...line].map((character) => {
    const glyph = face.byCharacter.get(character) ?? face.widest;
    const placed = { x: pen, glyph };
    pen += glyph.advance;
    return placed;
  });
  return { advance: pen, glyphs };
}

/** A growing box; `grow` takes points in millimetres. */
function emptyBounds(): Bounds {
  return { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
}
function grow(bounds: Bounds, x: number, y: number): void {
  bounds.left = Math.min(bounds.left, x);
  bounds.right = Math.max(bounds.right, x);
  bounds.top = Math.min(bounds.top, y);
  bounds.bottom = Math.max(bounds.bottom, y);
}
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * A text layer's shape before it is moved and rotated, centred on (0, 0):
 * the box its lines are set in (the editor's handles), where its glyphs' ink
 * reaches (the guard rail), and for arched text the circle its baseline
 * follows. Measured with the bundled fonts' real advances and glyph boxes.
 */
export interface TextGeometry {
  widthMm: number;
  heightMm: number;
  lines: string[];
  ink: Bounds;
  arc?: { radiusMm: number; centreYMm: number; up: boolean };
}

export function textGeometry(layer: TextLayer): TextGeometry {
  const face = faceGlyphs(designFontFace(layer).file);
  const size = layer.fontSizeMm;
  const ink = emptyBounds();
  if (layer.arcDegrees === 0) {
    const lines = textLines(layer);
    const set = lines.map((line) => setLine(line, face));
    const widthMm = Math.max(...set.map((line) => line.advance * size), size * 0.3);
    const heightMm = lines.length * size * TEXT_LINE_HEIGHT;
    set.forEach((line, index) => {
      const lineWidth = line.advance * size;
      const start = { left: -widthMm / 2, center: -lineWidth / 2, right: widthMm / 2 - lineWidth }[
        layer.align
      ];
      const baseline =
        -heightMm / 2 + (index + 0.5) * size * TEXT_LINE_HEIGHT + TEXT_BASELINE_FROM_MIDDLE * size;
      for (const { x, glyph } of line.glyphs) {
        if (!glyph.inked) continue;
        grow(ink, start + (x + glyph.left) * size, baseline - glyph.top * size);
        grow(ink, start + (x + glyph.right) * size, baseline - glyph.bottom * size);
      }
    });
    if (ink.left > ink.right) grow(ink, 0, 0);
    return { widthMm, heightMm, lines, ink };
  }
  // Arched: the line runs along a circle centred on (0, 0) for now, its middle
  // at the top (arching up) or the bottom (down); each glyph stands on the
  // circle at its advance's midpoint, turned to the tangent (as SVG's textPath
  // sets it), so its ink box's corners give the layer's extent.
  const line = textLines(layer).join(' ');
  const set = setLine(line, face);
  const length = Math.max(set.advance * size, size * 0.3);
  const radius = length / toRadians(Math.abs(layer.arcDegrees));
  const up = layer.arcDegrees > 0;
  for (const { x, glyph } of set.glyphs) {
    if (!glyph.inked) continue;
    const angle = ((x + glyph.advance / 2 - set.advance / 2) * size) / radius;
    const sin = Math.sin(angle);
    const cos = Math.cos(angle);
    const onCircle = { x: radius * sin, y: up ? -radius * cos : radius * cos };
    const tangent = { x: cos, y: up ? sin : -sin };
    // A glyph's up is its advance direction turned a quarter anticlockwise (SVG's y points down).
    const glyphUp = { x: tangent.y, y: -tangent.x };
    for (const along of [glyph.left - glyph.advance / 2, glyph.right - glyph.advance / 2]) {
      for (const height of [glyph.bottom, glyph.top]) {
        grow(
          ink,
          onCircle.x + (along * tangent.x + height * glyphUp.x) * size,
          onCircle.y + (along * tangent.y + height * glyphUp.y) * size,
        );
      }
    }
  }
  if (ink.left > ink.right) grow(ink, 0, up ? -radius : radius);
  // Move the circle so the ink is centred vertically on the layer's position.
  const centreYMm = -(ink.top + ink.bottom) / 2;
  ink.top += centreYMm;
  ink.bottom += centreYMm;
  return {
    widthMm: 2 * Math.max(-ink.left, ink.right),
    heightMm: ink.bottom - ink.top,
    lines: [line],
    ink,
    arc: { radiusMm: radius, centreYMm, up },
  };
}

/** What a layer covers before it is moved and rotated, centred on (0, 0). */
function layerInk(layer: Layer): Bounds {
  if (layer.type === 'text') {
    const { ink } = textGeometry(layer);
    const pad = designFont(layer.fontId).shapingAllowanceEm * layer.fontSizeMm;
    return {
      left: ink.left - pad,
      top: ink.top - pad,
      right: ink.right + pad,
      bottom: ink.bottom + pad,
    };
  }
  const [halfWidth, halfHeight] = [layer.widthMm / 2, layer.heightMm / 2];
  return { left: -halfWidth, top: -halfHeight, right: halfWidth, bottom: halfHeight };
}

/** The box a layer's ink covers once rotated, in print-area millimetres. */
export function layerBounds(layer: Layer): Bounds {
  const box = layerInk(layer);
  const angle = toRadians(layer.rotationDeg);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const bounds = emptyBounds();
  for (const x of [box.left, box.right]) {
    for (const y of [box.top, box.bottom]) {
      grow(bounds, layer.xMm + x * cos - y * sin, layer.yMm + x * sin + y * cos);
    }
  }
  return bounds;
}

/** Rounding slack, so a layer placed exactly on an edge by the editor is inside. */
const EDGE_TOLERANCE_MM = 0.01;

/**
 * The ids of the layers reaching outside the print area: such a design cannot
 * be ordered. A layer whose bounds are not finite numbers (NaN compares false
 * with every edge) cannot be placed, so it counts as outside too.
 */
export function layersOutsidePrintArea(layers: readonly Layer[], area: PrintArea): string[] {
  return layers
    .filter((layer) => {
      const bounds = layerBounds(layer);
      return (
        !Object.values(bounds).every(Number.isFinite) ||
        bounds.left < -EDGE_TOLERANCE_MM ||
        bounds.top < -EDGE_TOLERANCE_MM ||
        bounds.right > area.widthMm + EDGE_TOLERANCE_MM ||
        bounds.bottom > area.heightMm + EDGE_TOLERANCE_MM
      );
    })
    .map((layer) => layer.id);
}

/** The dots per inch an image prints at when its `pixelWidth` pixels cover the layer's width. */
export function imagePrintDpi(layer: Pick<ImageLayer, 'widthMm'>, pixelWidth: number): number {
  return pixelWidth / (layer.widthMm / 25.4);
}

/** A print file's size in pixels: the print area at {@link DESIGN_LIMITS.printDpi}. */
export function printPixelSize(area: Pick<PrintArea, 'widthMm' | 'heightMm'>): {
  width: number;
  height: number;
} {
  const pixels = (mm: number) => Math.round((mm / 25.4) * DESIGN_LIMITS.printDpi);
  return { width: pixels(area.widthMm), height: pixels(area.heightMm) };
}

/** Every uploaded image a design uses. */
export function designImageIds(design: Design): string[] {
  const ids = DESIGN_SIDES.flatMap((side) =>
    design[side].flatMap((layer) => (layer.type === 'image' ? [layer.imageId] : [])),
  );
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- API

export const DESIGN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const DESIGN_IMAGE_MIN_SIDE = 32;
export const DESIGN_IMAGE_MAX_SIDE = 8000;
/** 36 megapixels: enough for a full 300 × 400 mm print area at 300 DPI (~17 MP), twice over. */
export const DESIGN_IMAGE_MAX_PIXELS = 36_000_000;
/** A signed-in shopper's upload that no cart line, saved design or order uses is removed after this. */
export const DESIGN_IMAGE_UNUSED_HOURS = 72;
/** A guest's upload that nothing uses is removed sooner: it costs the shop storage for nobody. */
export const DESIGN_IMAGE_GUEST_UNUSED_HOURS = 6;
/**
 * Uploads are stored at most this many pixels a side: what the longest an
 * image layer prints ({@link DESIGN_LIMITS.imageSizeMm}, 600 mm) needs at
 * 300 DPI. A larger picture is downscaled on upload; no print loses a dot.
 */
export const DESIGN_IMAGE_STORED_MAX_SIDE = printPixelSize({
  widthMm: DESIGN_LIMITS.imageSizeMm.max,
  heightMm: DESIGN_LIMITS.imageSizeMm.max,
}).width;

/** A guest address's uploads past its bytes for the day (429). */
export const guestUploadBudgetMessage = (bytesPerDay: number) =>
  `Guests may upload ${Math.round((bytesPerDay / 1024 / 1024) * 10) / 10} MB of images a day from one address, and this one has: sign in to upload more, or try again tomorrow`;
/** The shop holds as many unclaimed guest uploads as it allows (503 until some expire or are used). */
export const GUEST_UPLOADS_FULL_MESSAGE = `The shop is holding as many guests' images as it can just now: sign in to upload, or try again in a few hours`;

export const DesignImageSchema = z.object({
  _id: IdSchema,
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type DesignImage = z.infer<typeof DesignImageSchema>;

export const uploadDesignImage = defineEndpoint({
  name: 'uploadDesignImage',
  method: 'POST',
  path: '/design-images',
  tag: 'designs',
  summary: `Upload an image for a design (guests too, rate limited): the body is the file's bytes with Content-Type image/png, image/jpeg or image/webp; at most ${DESIGN_IMAGE_MAX_BYTES / 1024 / 1024} MB and ${DESIGN_IMAGE_MAX_PIXELS / 1_000_000} megapixels; stored re-encoded without metadata, downscaled to at most ${DESIGN_IMAGE_STORED_MAX_SIDE} px a side; a guest's removed after ${DESIGN_IMAGE_GUEST_UNUSED_HOURS} h (a signed-in shopper's after ${DESIGN_IMAGE_UNUSED_HOURS} h) unless a cart line, saved design or order uses it. Guests have a byte budget per address per day (429) and share a room for unclaimed uploads (503 while full)`,
  auth: 'optional',
  consumes: ['image/png', 'image/jpeg', 'image/webp'],
  result: DesignImageSchema,
});

const SavedDesignNameSchema = textSchema('Name')
  .trim()
  .min(1, 'Name is required')
  .max(
    DESIGN_LIMITS.savedDesignNameMaxLength,
    `Name must be at most ${DESIGN_LIMITS.savedDesignNameMaxLength} characters`,
  );

export const SavedDesignSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The product it was designed on. */
  productId: IdSchema,
  design: DesignSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type SavedDesign = z.infer<typeof SavedDesignSchema>;

export const CreateSavedDesignBodySchema = z.object({
  name: SavedDesignNameSchema,
  productId: textSchema('productId').min(1, 'productId is required').max(64),
  design: DesignSchema,
});
export type CreateSavedDesignBody = z.infer<typeof CreateSavedDesignBodySchema>;

export const UpdateSavedDesignBodySchema = z
  .object({ name: SavedDesignNameSchema.optional(), design: DesignSchema.optional() })
  .refine((body) => body.name !== undefined || body.design !== undefined, {
    message: 'Send a name or a design',
  });
export type UpdateSavedDesignBody = z.infer<typeof UpdateSavedDesignBodySchema>;

export const listSavedDesigns = defineEndpoint({
  name: 'listSavedDesigns',
  method: 'GET',
  path: '/designs',
  tag: 'designs',
  summary: "The signed-in shopper's saved designs, most recently changed first",
  auth: 'user',
  result: z.array(SavedDesignSchema),
});

export const createSavedDesign = defineEndpoint({
  name: 'createSavedDesign',
  method: 'POST',
  path: '/designs',
  tag: 'designs',
  summary: 'Save a design made on a customisable product',
  auth: 'user',
  body: CreateSavedDesignBodySchema,
  result: SavedDesignSchema,
});

export const getSavedDesign = defineEndpoint({
  name: 'getSavedDesign',
  method: 'GET',
  path: '/designs/:id',
  tag: 'designs',
  summary: 'One of the shopper’s saved designs (another shopper’s is a 404)',
  auth: 'user',
  params: IdParamsSchema,
  result: SavedDesignSchema,
});

export const updateSavedDesign = defineEndpoint({
  name: 'updateSavedDesign',
  method: 'PUT',
  path: '/designs/:id',
  tag: 'designs',
  summary:
    'Rename a saved design or replace its layers; orders keep the design they were placed with',
  auth: 'user',
  params: IdParamsSchema,
  body: UpdateSavedDesignBodySchema,
  result: SavedDesignSchema,
});

export const duplicateSavedDesign = defineEndpoint({
  name: 'duplicateSavedDesign',
  method: 'POST',
  path: '/designs/:id/duplicate',
  tag: 'designs',
  summary: "Copy a saved design ('… (copy)')",
  auth: 'user',
  params: IdParamsSchema,
  result: SavedDesignSchema,
});

export const deleteSavedDesign = defineEndpoint({
  name: 'deleteSavedDesign',
  method: 'DELETE',
  path: '/designs/:id',
  tag: 'designs',
  summary: 'Delete a saved design; orders placed with it keep their copy',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

export const PrintFileParamsSchema = z.object({
  id: textSchema('The id').max(64),
  itemId: textSchema('The item id').max(64),
  side: DesignSideSchema,
});
export type PrintFileParams = z.infer<typeof PrintFileParamsSchema>;

export const downloadPrintFile = defineEndpoint({
  name: 'downloadPrintFile',
  method: 'GET',
  path: '/admin/orders/:id/items/:itemId/print/:side',
  tag: 'admin',
  summary: `The print file of one printed side of an ordered line: a transparent PNG of the print area at ${DESIGN_LIMITS.printDpi} DPI, drawn from the design frozen at checkout`,
  auth: 'admin',
  params: PrintFileParamsSchema,
  produces: 'image/png',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

/** The print file's address under /api/v1, for a link the admin's browser downloads with its token. */
export const printFilePath = (orderId: string, itemId: string, side: DesignSide) =>
  `/admin/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/print/${side}`;
