import { describe, expect, it } from 'vitest';
import type { ImageLayer } from '#contract';
import { makeTextLayer } from '#web/testing/data.ts';
import {
  layersAt,
  normaliseDegrees,
  pinchedLayer,
  sizeRatio,
  tappedLayer,
} from './canvas-gestures.ts';

const image = (id: string, overrides: Partial<ImageLayer> = {}): ImageLayer => ({
  id,
  type: 'image',
  imageId: '00000000-0000-4000-8000-000000000001',
  xMm: 100,
  yMm: 100,
  widthMm: 80,
  heightMm: 60,
  rotationDeg: 0,
  ...overrides,
});

describe('canvas gestures', () => {
  it('finds the layers under a point, top first, turned boxes included', () => {
    const bottom = image('bottom');
    const top = image('top', { xMm: 120 });
    const turned = image('turned', { xMm: 300, widthMm: 100, heightMm: 10, rotationDeg: 90 });
    const layers = [bottom, top, turned];
    expect(layersAt(layers, { xMm: 110, yMm: 100 }).map(({ id }) => id)).toEqual(['top', 'bottom']);
    expect(layersAt(layers, { xMm: 65, yMm: 100 }).map(({ id }) => id)).toEqual(['bottom']);
    // Turned a right angle, the 100 × 10 box stands upright.
    expect(layersAt(layers, { xMm: 300, yMm: 140 }).map(({ id }) => id)).toEqual(['turned']);
    expect(layersAt(layers, { xMm: 340, yMm: 100 })).toEqual([]);
    // A thin box is hit within half the finger's minimum either side.
    expect(layersAt(layers, { xMm: 312, yMm: 100 }, 30).map(({ id }) => id)).toEqual(['turned']);
  });

  it('picks the top layer on a first tap, the one below on the next, then the top again', () => {
    const hits = [image('top'), makeTextLayer({ id: 'middle' }), image('bottom')];
    expect(tappedLayer(hits, null)?.id).toBe('top');
    expect(tappedLayer(hits, 'elsewhere')?.id).toBe('top');
    expect(tappedLayer(hits, 'top')?.id).toBe('middle');
    expect(tappedLayer(hits, 'middle')?.id).toBe('bottom');
    expect(tappedLayer(hits, 'bottom')?.id).toBe('top');
    expect(tappedLayer([], 'top')).toBeNull();
  });

  it('scales, turns and carries a layer with two fingers', () => {
    const layer = image('a');
    // Fingers 40 mm apart, level, moved apart to 80 mm and turned a quarter clockwise about their middle.
    const patch = pinchedLayer(
      layer,
      [
        { xMm: 80, yMm: 100 },
        { xMm: 120, yMm: 100 },
      ],
      [
        { xMm: 110, yMm: 60 },
        { xMm: 110, yMm: 140 },
      ],
    );
    expect(patch).toEqual({ widthMm: 160, heightMm: 120, rotationDeg: 90, xMm: 110, yMm: 100 });
    const text = makeTextLayer({ id: 't', fontSizeMm: 20, rotationDeg: 170 });
    const shrunk = pinchedLayer(
      text,
      [
        { xMm: 0, yMm: 0 },
        { xMm: 40, yMm: 0 },
      ],
      [
        { xMm: 0, yMm: 0 },
        { xMm: 0, yMm: 20 },
      ],
    );
    expect(shrunk).toMatchObject({ fontSizeMm: 10, rotationDeg: -100 });
  });

  it('folds degrees into -180 to 180', () => {
    expect(normaliseDegrees(190)).toBe(-170);
    expect(normaliseDegrees(-190)).toBe(170);
    expect(normaliseDegrees(45)).toBe(45);
  });

  it('says how many times bigger a pinch makes a layer, the bounds of its size included', () => {
    const text = makeTextLayer({ fontSizeMm: 30 });
    const spread = (layer: typeof text | ImageLayer, ratio: number) =>
      pinchedLayer(
        layer,
        [
          { xMm: 0, yMm: 0 },
          { xMm: 40, yMm: 0 },
        ],
        [
          { xMm: 0, yMm: 0 },
          { xMm: 40 * ratio, yMm: 0 },
        ],
      );
    expect(sizeRatio(text, spread(text, 1.5))).toBe(1.5);
    expect(sizeRatio(image('photo'), spread(image('photo'), 0.5))).toBe(0.5);
    expect(sizeRatio(text, { rotationDeg: 90 })).toBe(1);
    // Past the largest font size the layer stops growing, and so does its preview.
    expect(sizeRatio(text, spread(text, 100))).toBeLessThan(100);
  });
});
