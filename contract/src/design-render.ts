import type { ProductColor } from './catalogue.ts';
import {
  type Design,
  type DesignSide,
  type ImageLayer,
  type Layer,
  MOCKUP_SIZE_MM,
  type PrintArea,
  type TextLayer,
} from './design.ts';
import { designFont, designFontFace } from './design-fonts.ts';
import { TEXT_BASELINE_FROM_MIDDLE, TEXT_LINE_HEIGHT, textGeometry } from './design-layout.ts';
import { designColorHex } from './design-palette.ts';
import type { GarmentKind } from './garments.ts';

/**
 * The one renderer of a design (decision 019): one side's layers as an SVG of
 * its print area, transparent, in millimetres. The web shows it as the
 * editor's preview and the thumbnails; the server rasterises it (resvg, the
 * same font files) into the print file, so preview and print agree. Pure: no
 * DOM, no Node.js; every text and attribute is XML-escaped.
 */

export interface RenderOptions {
  /** The address an image layer's picture is read from: a URL on the web, a data: URI on the server. */
  imageHref: (imageId: string) => string;
  /** Draw the print area's outline (the editor's and thumbnails' look; never on a print file). */
  outline?: boolean;
  /**
   * Put a zero-width non-joiner between characters (the print file): resvg
   * ignores CSS `font-variant-ligatures` but keeps a ligature or contextual
   * form from spanning a joiner. Browsers take the CSS instead, and give the
   * joiner a width in a font that lacks it, so the web leaves this off.
   */
  separateGlyphs?: boolean;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text and attribute values made safe to place in SVG markup. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** Numbers printed short and exact enough (0.001 mm) for SVG. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);

/** A line's characters as markup, each its own glyph when the options say so. */
function glyphRun(line: string, options: RenderOptions): string {
  return options.separateGlyphs ? [...line].map(escapeXml).join('\u200c') : escapeXml(line);
}

function fontAttributes(layer: TextLayer): string {
  const font = designFont(layer.fontId);
  const face = designFontFace(layer);
  return [
    `font-family="${escapeXml(font.family)}"`,
    `font-size="${n(layer.fontSizeMm)}"`,
    `font-weight="${face.bold ? 700 : 400}"`,
    `font-style="${face.italic ? 'italic' : 'normal'}"`,
    `fill="${designColorHex(layer.colorId)}"`,
    // Set as the contract measures it: no kerning, no ligatures or contextual forms, and at the
    // exact size (browsers otherwise round a scaled-down font to whole pixels).
    `style="font-kerning:none;font-variant-ligatures:none;text-rendering:geometricPrecision"`,
  ].join(' ');
}

const ANCHORS = { left: 'start', center: 'middle', right: 'end' } as const;

function straightText(layer: TextLayer, options: RenderOptions): string {
  const geometry = textGeometry(layer);
  const lineHeight = layer.fontSizeMm * TEXT_LINE_HEIGHT;
  const x = { left: -geometry.widthMm / 2, center: 0, right: geometry.widthMm / 2 }[layer.align];
  const lines = geometry.lines.map((line, index) => {
    const y =
      -geometry.heightMm / 2 +
      (index + 0.5) * lineHeight +
      TEXT_BASELINE_FROM_MIDDLE * layer.fontSizeMm;
    return `<tspan x="${n(x)}" y="${n(y)}">${glyphRun(line, options)}</tspan>`;
  });
  return `<text ${fontAttributes(layer)} text-anchor="${ANCHORS[layer.align]}" xml:space="preserve">${lines.join('')}</text>`;
}

/**
 * Arched text runs along a circle: a path over its top (arching up) or along
 * its bottom (arching down), nearly all the way round so no glyph falls off
 * the end, with the text centred on the path's middle.
 */
function archedText(layer: TextLayer, pathId: string, options: RenderOptions): string {
  const geometry = textGeometry(layer);
  const arc = geometry.arc;
  if (!arc) return straightText(layer, options);
  const r = arc.radiusMm;
  const cy = arc.centreYMm;
  const reach = Math.PI * 0.999;
  const point = (angle: number) =>
    arc.up
      ? { x: r * Math.sin(angle), y: cy - r * Math.cos(angle) }
      : { x: r * Math.sin(angle), y: cy + r * Math.cos(angle) };
  const [start, middle, end] = [point(-reach), point(0), point(reach)];
  // Clockwise over the top when arching up; anticlockwise along the bottom when down.
  const sweep = arc.up ? 1 : 0;
  const d = [
    `M ${n(start.x)} ${n(start.y)}`,
    `A ${n(r)} ${n(r)} 0 0 ${sweep} ${n(middle.x)} ${n(middle.y)}`,
    `A ${n(r)} ${n(r)} 0 0 ${sweep} ${n(end.x)} ${n(end.y)}`,
  ].join(' ');
  return (
    `<defs><path id="${pathId}" d="${d}"/></defs>` +
    `<text ${fontAttributes(layer)} text-anchor="middle" xml:space="preserve">` +
    `<textPath href="#${pathId}" startOffset="50%">${glyphRun(geometry.lines.join(' '), options)}</textPath></text>`
  );
}

/**
 * Where an image layer's picture lands: the affine matrix `[a, b, c, d, e, f]`
 * (SVG's `matrix()` order: x = a·u + c·v + e, y = b·u + d·v + f) taking a
 * point of the picture, (0, 0) its top left corner and (1, 1) its bottom
 * right, to print-area millimetres. It is what `layerMarkup` and `image`
 * write as markup (translate, rotate, the stretched box); the print file
 * draws pictures through it without resvg (decision 077).
 */
export function imageLayerMatrix(
  layer: ImageLayer,
): [number, number, number, number, number, number] {
  const angle = (layer.rotationDeg * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [left, top] = [-layer.widthMm / 2, -layer.heightMm / 2];
  return [
    cos * layer.widthMm,
    sin * layer.widthMm,
    -sin * layer.heightMm,
    cos * layer.heightMm,
    layer.xMm + cos * left - sin * top,
    layer.yMm + sin * left + cos * top,
  ];
}

function image(layer: ImageLayer, options: RenderOptions): string {
  return `<image href="${escapeXml(options.imageHref(layer.imageId))}" x="${n(-layer.widthMm / 2)}" y="${n(-layer.heightMm / 2)}" width="${n(layer.widthMm)}" height="${n(layer.heightMm)}" preserveAspectRatio="none"/>`;
}

function layerMarkup(layer: Layer, index: number, options: RenderOptions): string {
  const transform = `translate(${n(layer.xMm)} ${n(layer.yMm)}) rotate(${n(layer.rotationDeg)})`;
  const content =
    layer.type === 'image'
      ? image(layer, options)
      : layer.arcDegrees === 0
        ? straightText(layer, options)
        : archedText(layer, `arc-${index}`, options);
  return `<g transform="${transform}">${content}</g>`;
}

/** One side's layers, in print-area millimetres, as SVG markup. */
const layersMarkup = (layers: readonly Layer[], options: RenderOptions) =>
  layers.map((layer, index) => layerMarkup(layer, index, options)).join('');

/**
 * A part of the print area (mm) drawn alone at a size in pixels: the print
 * file draws only the box its layers cover (decision 065). Its millimetres
 * are written unrounded, so its pixels fall on the whole area's pixel grid.
 */
export interface SvgWindow {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
  widthPx: number;
  heightPx: number;
}

/**
 * One side's layers (array order = z-order, last on top) as an SVG string of
 * the print area: `width`/`height` in mm and a viewBox in mm, so it can be
 * drawn at any scale; a rasteriser fits it to the pixels it needs. With a
 * `window`, only that part, its size given in pixels.
 */
export function renderDesignSvg(
  layers: readonly Layer[],
  area: Pick<PrintArea, 'widthMm' | 'heightMm'>,
  options: RenderOptions,
  window?: SvgWindow,
): string {
  const { widthMm, heightMm } = area;
  const outline = options.outline
    ? `<rect x="0" y="0" width="${n(widthMm)}" height="${n(heightMm)}" fill="none" stroke="#9ca3af" stroke-width="${n(Math.max(widthMm, heightMm) / 300)}" stroke-dasharray="4 3"/>`
    : '';
  const root = window
    ? `width="${window.widthPx}" height="${window.heightPx}" viewBox="${window.xMm} ${window.yMm} ${window.widthMm} ${window.heightMm}"`
    : `width="${n(widthMm)}mm" height="${n(heightMm)}mm" viewBox="0 0 ${n(widthMm)} ${n(heightMm)}"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${outline}${layersMarkup(layers, options)}</svg>`;
}

// ---------------------------------------------------------------- on the garment

/** The garment's edge: grey, so a garment as light as the page still shows its shape. */
export const GARMENT_OUTLINE_HEX = '#71717a';

const { widthMm: W } = MOCKUP_SIZE_MM;
const C = W / 2;

/**
 * One piece of a garment's drawing: a panel of fabric in the garment's colour,
 * the shadowed inside of an opening (a hood's), or a seam line. Every piece
 * has the grey edge.
 */
export interface GarmentPart {
  d: string;
  paint: 'panel' | 'inside' | 'seam';
}

/** A piece's fill on a garment of this colour: the inside is the colour darkened. */
export function garmentPartFill(
  part: GarmentPart,
  garmentHex: string,
): { fill: string; fillOpacity?: number } {
  if (part.paint === 'seam') return { fill: 'none' };
  if (part.paint === 'inside') return { fill: '#000000', fillOpacity: 0.25 };
  return { fill: garmentHex };
}

/** A tee with the neckline of the side on show. */
function teeParts(side: DesignSide): GarmentPart[] {
  const neckDip = side === 'front' ? 115 : 62;
  const outline = [
    `M ${C - 75} 30`,
    `L ${C - 190} 70 L ${W - 585} 200 L ${W - 510} 262 L ${C - 170} 220`,
    `L ${C - 170} 680 L ${C + 170} 680 L ${C + 170} 220`,
    `L ${W - 90} 262 L ${W - 15} 200 L ${C + 190} 70 L ${C + 75} 30`,
    `Q ${C} ${neckDip} ${C - 75} 30 Z`,
  ].join(' ');
  return [{ d: outline, paint: 'panel' }];
}

/** A hoodie's body with its long sleeves hanging, the neck hidden under the hood. */
const HOODIE_BODY = [
  `M ${C - 80} 75 L ${C - 180} 100`,
  `C ${C - 230} 130 ${C - 255} 300 ${C - 278} 590 L ${C - 218} 605 L ${C - 160} 255`,
  `L ${C - 160} 680 L ${C + 160} 680 L ${C + 160} 255`,
  `L ${C + 218} 605 L ${C + 278} 590 C ${C + 255} 300 ${C + 230} 130 ${C + 180} 100`,
  `L ${C + 80} 75 Q ${C} 100 ${C - 80} 75 Z`,
].join(' ');
/** The hem's and cuffs' rib bands. */
const HOODIE_RIBS = [
  `M ${C - 160} 640 L ${C + 160} 640`,
  `M ${C - 275} 555 L ${C - 212} 570 M ${C + 275} 555 L ${C + 212} 570`,
].join(' ');

/**
 * A hoodie: from the front, the hood round its opening down to a point above
 * the print area and the kangaroo pocket below it; from the back, the hood's
 * back over the shoulders with its seam. Drawn after the seed's product
 * pictures (server/src/db/seed/garment-svg.ts), on the mock-up's millimetres.
 */
function hoodieParts(side: DesignSide): GarmentPart[] {
  if (side === 'back') {
    return [
      { d: HOODIE_BODY, paint: 'panel' },
      {
        d: `M ${C - 95} 110 C ${C - 110} 35 ${C - 60} 4 ${C} 4 C ${C + 60} 4 ${C + 110} 35 ${C + 95} 110 Q ${C} 130 ${C - 95} 110 Z`,
        paint: 'panel',
      },
      { d: `M ${C} 4 L ${C} 120 ${HOODIE_RIBS}`, paint: 'seam' },
    ];
  }
  return [
    { d: HOODIE_BODY, paint: 'panel' },
    {
      d: `M ${C} 186 C ${C - 55} 166 ${C - 100} 136 ${C - 104} 90 C ${C - 108} 35 ${C - 60} 4 ${C} 4 C ${C + 60} 4 ${C + 108} 35 ${C + 104} 90 C ${C + 100} 136 ${C + 55} 166 ${C} 186 Z`,
      paint: 'panel',
    },
    {
      d: `M ${C} 170 C ${C - 38} 152 ${C - 66} 124 ${C - 64} 80 C ${C - 62} 42 ${C - 34} 24 ${C} 24 C ${C + 34} 24 ${C + 62} 42 ${C + 64} 80 C ${C + 66} 124 ${C + 38} 152 ${C} 170 Z`,
      paint: 'inside',
    },
    {
      d: `M ${C - 95} 430 L ${C + 95} 430 Q ${C + 110} 510 ${C + 150} 570 L ${C + 150} 610 L ${C - 150} 610 L ${C - 150} 570 Q ${C - 110} 510 ${C - 95} 430 Z`,
      paint: 'panel',
    },
    { d: HOODIE_RIBS, paint: 'seam' },
  ];
}

const GARMENT_PARTS: Record<GarmentKind, (side: DesignSide) => GarmentPart[]> = {
  tee: teeParts,
  hoodie: hoodieParts,
};

/** Where each garment's drawing starts at the top of the mock-up (a tee's collar, a hoodie's hood). */
const GARMENT_TOP_MM: Record<GarmentKind, number> = { tee: 30, hoodie: 4 };

/**
 * The garment on the mock-up ({@link MOCKUP_SIZE_MM}) as seen from the side on
 * show, in drawing order: the first piece is its body.
 */
export const garmentParts = (garment: GarmentKind, side: DesignSide): readonly GarmentPart[] =>
  GARMENT_PARTS[garment](side);

/**
 * The part of the mock-up a thumbnail shows: the print area with a margin of
 * garment round it and the neckline or hood above, so the design fills most of
 * a small picture and still sits on a recognisable garment.
 */
export function garmentThumbnailBox(
  area: PrintArea,
  garment: GarmentKind,
): {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
} {
  const margin = area.widthMm / 4;
  const left = Math.max(0, area.xMm - margin);
  const right = Math.min(W, area.xMm + area.widthMm + margin);
  const top = Math.min(Math.max(0, GARMENT_TOP_MM[garment] - 10), area.yMm);
  const bottom = Math.min(MOCKUP_SIZE_MM.heightMm, area.yMm + area.heightMm + margin / 2);
  return { xMm: left, yMm: top, widthMm: right - left, heightMm: bottom - top };
}

export interface GarmentRenderOptions extends RenderOptions {
  /** The garment the design is on. */
  garment: GarmentKind;
  /** The garment's colour, #rrggbb: the design is drawn on it, as it will be printed. */
  garmentHex: string;
  /** The whole mock-up, or the thumbnail's crop round the print area ({@link garmentThumbnailBox}). */
  crop?: 'whole' | 'thumbnail';
}

/**
 * One side of a customised garment: the garment in its colour with the side's
 * layers on its print area, drawn by the same markup as the print file and the
 * editor. The web shows it in the cart, checkout and orders; the server
 * rasterises it for the emails. `width`/`height` are the box's millimetres.
 */
export function renderGarmentSvg(
  layers: readonly Layer[],
  side: DesignSide,
  area: PrintArea,
  options: GarmentRenderOptions,
): string {
  const box =
    options.crop === 'thumbnail'
      ? garmentThumbnailBox(area, options.garment)
      : { xMm: 0, yMm: 0, ...MOCKUP_SIZE_MM };
  const garmentHex = /^#[0-9a-f]{6}$/i.test(options.garmentHex) ? options.garmentHex : '#ffffff';
  const garment = garmentParts(options.garment, side)
    .map((part) => {
      const { fill, fillOpacity } = garmentPartFill(part, garmentHex);
      const opacity = fillOpacity === undefined ? '' : ` fill-opacity="${fillOpacity}"`;
      return `<path d="${part.d}" fill="${fill}"${opacity} stroke="${GARMENT_OUTLINE_HEX}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(box.widthMm)}mm" height="${n(box.heightMm)}mm" viewBox="${n(box.xMm)} ${n(box.yMm)} ${n(box.widthMm)} ${n(box.heightMm)}">` +
    garment +
    `<g transform="translate(${n(area.xMm)} ${n(area.yMm)})">${layersMarkup(layers, options)}</g></svg>`
  );
}

/**
 * What a side shows, in words: a thumbnail's alt text on the web and in the
 * emails names the design and its garment ('on a black hoodie').
 */
export function describeDesignSide(
  design: Design,
  side: DesignSide,
  garment: GarmentKind,
  color: Pick<ProductColor, 'name'>,
): string {
  const parts = design[side].map((layer) =>
    layer.type === 'text' ? `text “${layer.text.replace(/\s+/g, ' ')}”` : 'an image',
  );
  const colour = color.name ? `${color.name.toLowerCase()} ` : '';
  return `Your design, ${side} on a ${colour}${garment}: ${parts.join(', ')}`;
}
