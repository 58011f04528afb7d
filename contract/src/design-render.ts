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

/** A tee's outline on the mock-up ({@link MOCKUP_SIZE_MM}), with the neckline of the side on show. */
export function garmentOutlinePath(side: DesignSide): string {
  const neckDip = side === 'front' ? 115 : 62;
  return [
    `M ${C - 75} 30`,
    `L ${C - 190} 70 L ${W - 585} 200 L ${W - 510} 262 L ${C - 170} 220`,
    `L ${C - 170} 680 L ${C + 170} 680 L ${C + 170} 220`,
    `L ${W - 90} 262 L ${W - 15} 200 L ${C + 190} 70 L ${C + 75} 30`,
    `Q ${C} ${neckDip} ${C - 75} 30 Z`,
  ].join(' ');
}

/**
 * The part of the mock-up a thumbnail shows: the print area with a margin of
 * garment round it and the neckline above, so the design fills most of a
 * small picture and still sits on a recognisable tee.
 */
export function garmentThumbnailBox(area: PrintArea): {
  xMm: number;
  yMm: number;
  widthMm: number;
  heightMm: number;
} {
  const margin = area.widthMm / 4;
  const left = Math.max(0, area.xMm - margin);
  const right = Math.min(W, area.xMm + area.widthMm + margin);
  const top = Math.min(20, area.yMm);
  const bottom = Math.min(MOCKUP_SIZE_MM.heightMm, area.yMm + area.heightMm + margin / 2);
  return { xMm: left, yMm: top, widthMm: right - left, heightMm: bottom - top };
}

export interface GarmentRenderOptions extends RenderOptions {
  /** The garment's colour, #rrggbb: the design is drawn on it, as it will be printed. */
  garmentHex: string;
  /** The whole mock-up, or the thumbnail's crop round the print area ({@link garmentThumbnailBox}). */
  crop?: 'whole' | 'thumbnail';
}

/**
 * One side of a customised garment: the tee in its colour with the side's
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
      ? garmentThumbnailBox(area)
      : { xMm: 0, yMm: 0, ...MOCKUP_SIZE_MM };
  const garmentHex = /^#[0-9a-f]{6}$/i.test(options.garmentHex) ? options.garmentHex : '#ffffff';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(box.widthMm)}mm" height="${n(box.heightMm)}mm" viewBox="${n(box.xMm)} ${n(box.yMm)} ${n(box.widthMm)} ${n(box.heightMm)}">` +
    `<path d="${garmentOutlinePath(side)}" fill="${garmentHex}" stroke="${GARMENT_OUTLINE_HEX}" stroke-width="3" stroke-linejoin="round"/>` +
    `<g transform="translate(${n(area.xMm)} ${n(area.yMm)})">${layersMarkup(layers, options)}</g></svg>`
  );
}

/**
 * What a side shows, in words: a thumbnail's alt text on the web and in the
 * emails names the design and its garment.
 */
export function describeDesignSide(
  design: Design,
  side: DesignSide,
  garment: Pick<ProductColor, 'name'>,
): string {
  const parts = design[side].map((layer) =>
    layer.type === 'text' ? `text “${layer.text.replace(/\s+/g, ' ')}”` : 'an image',
  );
  const on = garment.name ? ` on a ${garment.name.toLowerCase()} tee` : '';
  return `Your design, ${side}${on}: ${parts.join(', ')}`;
}
