import {
  DESIGN_FONTS,
  DESIGN_LIMITS,
  DESIGN_PALETTE,
  type ImageLayer,
  type Layer,
} from '#contract';
import { contrastOn } from '../components/garment-mockup.tsx';
import { round } from './editor-state.ts';
import type { DesignImageInfo } from './guard-rails.ts';

const newId = () => globalThis.crypto.randomUUID();

/** A first text layer: centred, in the palette colour that reads best on the garment. */
export function newTextLayer(area: { widthMm: number; heightMm: number }, garment: string): Layer {
  const colorId = contrastOn(garment) === '#f4f4f5' ? 'white' : 'black';
  return {
    id: newId(),
    type: 'text',
    text: 'Your text',
    fontId: DESIGN_FONTS[0].id,
    colorId: DESIGN_PALETTE.some((colour) => colour.id === colorId) ? colorId : 'black',
    fontSizeMm: 30,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: round(area.widthMm / 2),
    yMm: round(area.heightMm / 2),
    rotationDeg: 0,
  } as Layer;
}

/**
 * A new image layer, centred: as large as prints at the minimum DPI, but at
 * most 60% of the print area either way, aspect kept.
 */
export function newImageLayer(
  image: DesignImageInfo,
  area: { widthMm: number; heightMm: number },
): ImageLayer {
  const sharpWidthMm = (image.width / DESIGN_LIMITS.minPrintDpi) * 25.4;
  const aspect = image.height / image.width;
  const widthMm = Math.max(
    DESIGN_LIMITS.imageSizeMm.min,
    Math.min(sharpWidthMm, area.widthMm * 0.6, (area.heightMm * 0.6) / aspect),
  );
  // Rounded down, so an image started at its sharpest size is not warned about.
  const startWidthMm = Math.floor(widthMm * 10) / 10;
  return {
    id: newId(),
    type: 'image',
    imageId: image._id,
    xMm: round(area.widthMm / 2),
    yMm: round(area.heightMm / 2),
    widthMm: startWidthMm,
    heightMm: round(startWidthMm * aspect),
    rotationDeg: 0,
  };
}
