import { DESIGN_LIMITS, type Layer, textGeometry } from '#contract';
import { type LayerPatch, round } from './editor-state.ts';

export interface PointMm {
  xMm: number;
  yMm: number;
}

/** A layer's box before rotation, centred on its x/y (text: the contract's estimate). */
export function layerBox(layer: Layer): { widthMm: number; heightMm: number } {
  return layer.type === 'image' ? layer : textGeometry(layer);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Degrees folded into the designer's range, -180 to 180. */
export function normaliseDegrees(degrees: number): number {
  return ((((degrees + 180) % 360) + 360) % 360) - 180;
}

/** The layer after a scale gesture by `ratio`: text by font size, images by size, aspect kept. */
export function scaledLayer(layer: Layer, ratio: number): LayerPatch {
  if (layer.type === 'text') {
    const { min, max } = DESIGN_LIMITS.fontSizeMm;
    return { fontSizeMm: round(clamp(layer.fontSizeMm * ratio, min, max)) };
  }
  const { min, max } = DESIGN_LIMITS.imageSizeMm;
  const bounded = clamp(
    ratio,
    min / Math.min(layer.widthMm, layer.heightMm),
    max / Math.max(layer.widthMm, layer.heightMm),
  );
  return { widthMm: round(layer.widthMm * bounded), heightMm: round(layer.heightMm * bounded) };
}

/**
 * The layers whose box holds the point, top first. Each box counts at least
 * `minSideMm` across so a thin line of text is still easy to hit with a finger.
 */
export function layersAt(layers: readonly Layer[], at: PointMm, minSideMm = 0): Layer[] {
  return layers
    .filter((layer) => {
      const { widthMm, heightMm } = layerBox(layer);
      const turn = (-layer.rotationDeg * Math.PI) / 180;
      const dx = at.xMm - layer.xMm;
      const dy = at.yMm - layer.yMm;
      const localX = dx * Math.cos(turn) - dy * Math.sin(turn);
      const localY = dx * Math.sin(turn) + dy * Math.cos(turn);
      return (
        Math.abs(localX) <= Math.max(widthMm, minSideMm) / 2 &&
        Math.abs(localY) <= Math.max(heightMm, minSideMm) / 2
      );
    })
    .reverse();
}

/**
 * The layer a tap picks among those under it (top first): the top one, or,
 * when the selected layer is among them, the one below it (round to the top again).
 */
export function tappedLayer(hits: readonly Layer[], selectedId: string | null): Layer | null {
  const index = hits.findIndex((layer) => layer.id === selectedId);
  if (index < 0) return hits[0] ?? null;
  return hits[(index + 1) % hits.length] ?? null;
}

/**
 * How many times bigger `patch` makes the layer (text by font size, images by
 * width): the scale a pinch draws it at until the fingers lift.
 */
export function sizeRatio(layer: Layer, patch: LayerPatch): number {
  return layer.type === 'text'
    ? (patch.fontSizeMm ?? layer.fontSizeMm) / layer.fontSizeMm
    : (patch.widthMm ?? layer.widthMm) / layer.widthMm;
}

/**
 * Two fingers from `from` to `to`: the layer scaled by the change of their
 * distance, turned by the change of their angle and carried with their midpoint.
 */
export function pinchedLayer(
  layer: Layer,
  from: readonly [PointMm, PointMm],
  to: readonly [PointMm, PointMm],
): LayerPatch {
  const [a, b] = from;
  const [c, d] = to;
  const ratio =
    Math.hypot(d.xMm - c.xMm, d.yMm - c.yMm) /
    Math.max(1, Math.hypot(b.xMm - a.xMm, b.yMm - a.yMm));
  const turned =
    (Math.atan2(d.yMm - c.yMm, d.xMm - c.xMm) - Math.atan2(b.yMm - a.yMm, b.xMm - a.xMm)) *
    (180 / Math.PI);
  return {
    ...scaledLayer(layer, ratio),
    rotationDeg: Math.round(normaliseDegrees(layer.rotationDeg + turned)),
    xMm: round(layer.xMm + (c.xMm + d.xMm - a.xMm - b.xMm) / 2),
    yMm: round(layer.yMm + (c.yMm + d.yMm - a.yMm - b.yMm) / 2),
  };
}

/** The rotation that points the layer's top handle at (dx, dy) from its centre, snapped to right angles within 4°. */
export function rotationTowards(dxMm: number, dyMm: number): number {
  const normalised = normaliseDegrees(Math.round((Math.atan2(dyMm, dxMm) * 180) / Math.PI + 90));
  const nearestRight = Math.round(normalised / 90) * 90;
  return Math.abs(normalised - nearestRight) <= 4 ? nearestRight : normalised;
}
