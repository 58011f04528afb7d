import type { Layer, PrintArea, TextLayer } from './design.ts';
import { DESIGN_FONT_METRICS, DESIGN_FONT_MISSING_CHARACTERS } from './design-font-metrics.ts';
import { DESIGN_TEXT_CHARACTERS, designFont, designFontFace } from './design-fonts.ts';

/**
 * Where a design's layers reach (D27): text set with the bundled fonts' metrics,
 * straight or along an arc, and the box each layer covers in its print area once
 * moved and rotated. The editor's handles and guard rails, the server's check
 * that a design fits its print areas, and the renderer all measure with it.
 */

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
