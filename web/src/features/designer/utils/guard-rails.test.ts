import { describe, expect, it } from 'vitest';
import type { ImageLayer, PrintAreas } from '#contract';
import { makeTextLayer } from '#web/testing/data.ts';
import { checkGuardRails, type DesignImageInfo, GUARD_MESSAGES } from './guard-rails.ts';

const areas: PrintAreas = {
  front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
  back: { xMm: 150, yMm: 120, widthMm: 300, heightMm: 400 },
};

const text = makeTextLayer({ text: 'Hi', fontSizeMm: 20 });

const picture: DesignImageInfo = {
  _id: '00000000-0000-4000-8000-000000000001',
  url: '/x.png',
  width: 1200,
  height: 900,
};

const imageLayer = (widthMm: number): ImageLayer => ({
  id: 'image',
  type: 'image',
  imageId: picture._id,
  xMm: 150,
  yMm: 200,
  widthMm,
  heightMm: widthMm * 0.75,
  rotationDeg: 0,
});

const images = new Map([[picture._id, picture]]);

describe('checkGuardRails', () => {
  it('refuses an empty design', () => {
    expect(checkGuardRails({ front: [], back: [] }, areas, images).blocker).toBe(
      GUARD_MESSAGES.empty,
    );
  });

  it('passes a layer inside the print area', () => {
    const rails = checkGuardRails({ front: [text], back: [] }, areas, images);
    expect(rails).toEqual({ outside: new Set(), lowDpi: new Map(), blocker: null });
  });

  it('flags a layer reaching outside, on either side, and says which side', () => {
    const rails = checkGuardRails(
      { front: [text], back: [{ ...text, id: 'edge', xMm: 5 }] },
      areas,
      images,
    );
    expect(rails.outside).toEqual(new Set(['edge']));
    expect(rails.blocker).toBe(GUARD_MESSAGES.outside('back'));
  });

  it('counts rotation: a long text turned upright fits no longer', () => {
    const long = { ...text, text: 'A long line of text', fontSizeMm: 30, yMm: 60, rotationDeg: 90 };
    expect(checkGuardRails({ front: [long], back: [] }, areas, images).outside.has('text')).toBe(
      true,
    );
  });

  it('warns about an image printing below 150 DPI, without blocking', () => {
    // 1200 px over 203.2 mm (8 in) = 150 DPI exactly: fine; a millimetre wider is not.
    const sharp = checkGuardRails({ front: [imageLayer(203.2)], back: [] }, areas, images);
    expect(sharp.lowDpi.size).toBe(0);
    const blurry = checkGuardRails({ front: [imageLayer(210)], back: [] }, areas, images);
    expect(blurry.lowDpi.get('image')).toBe(145);
    expect(blurry.blocker).toBeNull();
  });

  it('blocks a character the font cannot draw, naming the font', () => {
    const rupee = { ...text, text: 'Only ₹99', fontId: 'lobster' as const };
    expect(checkGuardRails({ front: [rupee], back: [] }, areas, new Map()).blocker).toBe(
      'The font Lobster cannot print “₹”: use letters, digits and common punctuation',
    );
    const inInter = { ...rupee, fontId: 'inter' as const };
    expect(checkGuardRails({ front: [inInter], back: [] }, areas, new Map()).blocker).toBeNull();
  });
});
