import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPngStream } from './png-stream.ts';

describe('a PNG written band by band (decision 067)', () => {
  it('places premultiplied bands between transparent rows, with straight alpha and its DPI', async () => {
    const [width, height] = [7, 6];
    const png = createPngStream(width, height, 300);
    await png.writeTransparent(1);
    // Two rows of three pixels, two pixels from the left: opaque red, half-covered blue, nothing.
    const band = Buffer.from([
      ...[255, 0, 0, 255, 0, 0, 128, 128, 0, 0, 0, 0],
      ...[0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 64, 64],
    ]);
    await png.writeBand(band, 3, 2, 2);
    await png.writeTransparent(3);
    const file = await png.end();

    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([width, height, 4]);
    expect((await sharp(file).metadata()).density).toBe(300);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * width + x) * 4, (y * width + x + 1) * 4),
    ];
    expect(pixel(2, 1)).toEqual([255, 0, 0, 255]);
    expect(pixel(3, 1)).toEqual([0, 0, 255, 128]);
    expect(pixel(3, 2)).toEqual([255, 0, 0, 255]);
    expect(pixel(4, 2)).toEqual([0, 0, 255, 64]);
    const inked = [
      [2, 1],
      [3, 1],
      [3, 2],
      [4, 2],
    ].map(([x, y]) => (y ?? 0) * width + (x ?? 0));
    for (let at = 0; at < width * height; at++) {
      if (!inked.includes(at)) expect(data[at * 4 + 3], `alpha of pixel ${at}`).toBe(0);
    }
  });

  it('writes each band as drawn when one follows another, a shorter one last', async () => {
    // The bands share one buffer in the writer: the shorter second one must bring only its own rows.
    const [width, height, bandWidth, left] = [4000, 5, 3000, 600];
    const png = createPngStream(width, height, 300);
    // Three rows of opaque green, then two rows of a third-covered grey.
    await png.writeBand(
      Buffer.alloc(bandWidth * 3 * 4).fill(Buffer.from([0, 255, 0, 255])),
      bandWidth,
      3,
      left,
    );
    await png.writeBand(
      Buffer.alloc(bandWidth * 2 * 4).fill(Buffer.from([40, 40, 40, 85])),
      bandWidth,
      2,
      left,
    );
    const { data } = await sharp(await png.end())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * width + x) * 4, (y * width + x + 1) * 4),
    ];
    for (const y of [0, 1, 2]) expect(pixel(left + 17, y)).toEqual([0, 255, 0, 255]);
    for (const y of [3, 4]) {
      expect(pixel(left, y)).toEqual([120, 120, 120, 85]);
      expect(pixel(left + bandWidth - 1, y)).toEqual([120, 120, 120, 85]);
    }
    for (const y of [0, 4]) {
      expect(pixel(left - 1, y)).toEqual([0, 0, 0, 0]);
      expect(pixel(left + bandWidth, y)).toEqual([0, 0, 0, 0]);
    }
  });

  it('refuses to end before every row is written, or to take more rows than the image has', async () => {
    const short = createPngStream(4, 4, 300);
    await short.writeTransparent(3);
    await expect(short.end()).rejects.toThrow('3 of 4 rows written');
    const long = createPngStream(4, 4, 300);
    await expect(long.writeTransparent(5)).rejects.toThrow('more rows than the image has');
  });
});
