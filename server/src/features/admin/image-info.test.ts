import { describe, expect, it } from 'vitest';
import { jpegBytes, pngBytes, webpBytes } from '#server-test/image-fixtures.ts';
import { looksLikeSvg, readImageInfo } from './image-info.ts';

describe('readImageInfo', () => {
  it('reads a PNG’s size from its IHDR chunk', () => {
    expect(readImageInfo(pngBytes(320, 240))).toEqual({
      type: 'image/png',
      width: 320,
      height: 240,
    });
    expect(readImageInfo(pngBytes(1, 6000))).toEqual({ type: 'image/png', width: 1, height: 6000 });
  });

  it('reads a JPEG’s size from its start-of-frame, past the segments before it', () => {
    expect(readImageInfo(jpegBytes(640, 480))).toEqual({
      type: 'image/jpeg',
      width: 640,
      height: 480,
    });
    // Progressive (SOF2) and extended (SOF1) frames say their size the same way.
    expect(readImageInfo(jpegBytes(1200, 900, 0xc2))).toMatchObject({ width: 1200, height: 900 });
    expect(readImageInfo(jpegBytes(300, 301, 0xc1))).toMatchObject({ width: 300, height: 301 });
  });

  it('skips fill bytes and does not take a Huffman table (C4) for a frame', () => {
    const jpeg = jpegBytes(400, 500);
    const withFill = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xff]),
      jpeg.subarray(2),
    ]);
    expect(readImageInfo(withFill)).toMatchObject({ width: 400, height: 500 });
    const huffmanFirst = Buffer.concat([
      jpeg.subarray(0, 2),
      Buffer.from([0xff, 0xc4, 0x00, 0x06, 0x01, 0x02, 0x03, 0x04]),
      jpeg.subarray(2),
    ]);
    expect(readImageInfo(huffmanFirst)).toMatchObject({ width: 400, height: 500 });
  });

  it('reads the size of lossy, lossless and extended WebP files', () => {
    expect(readImageInfo(webpBytes('VP8 ', 800, 600))).toEqual({
      type: 'image/webp',
      width: 800,
      height: 600,
    });
    expect(readImageInfo(webpBytes('VP8L', 1024, 768))).toEqual({
      type: 'image/webp',
      width: 1024,
      height: 768,
    });
    expect(readImageInfo(webpBytes('VP8L', 16384, 16384))).toMatchObject({
      width: 16384,
      height: 16384,
    });
    expect(readImageInfo(webpBytes('VP8X', 5000, 7000))).toEqual({
      type: 'image/webp',
      width: 5000,
      height: 7000,
    });
  });

  it.each([
    ['an empty file', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not a picture at all')],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a GIF', Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00', 'latin1')],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['a PNG signature alone', pngBytes(300, 300).subarray(0, 8)],
    ['a PNG cut inside its header', pngBytes(300, 300).subarray(0, 20)],
    [
      'a PNG whose first chunk is not IHDR',
      Buffer.concat([pngBytes(300, 300).subarray(0, 12), Buffer.from('IDAT'), Buffer.alloc(12)]),
    ],
    ['a PNG claiming 0 pixels', pngBytes(0, 300)],
    ['a JPEG start with no frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    [
      'a JPEG whose data starts before any frame',
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0, 0]),
    ],
    ['a JPEG cut inside its frame header', jpegBytes(300, 300).subarray(0, 95)],
    [
      'a JPEG with garbage between segments',
      Buffer.from([0xff, 0xd8, 0x12, 0x34, 0xff, 0xc0, 0, 17]),
    ],
    [
      'a JPEG segment claiming a length under 2',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0, 0, 0, 0]),
    ],
    [
      'a RIFF that is not WebP',
      Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(20)]),
    ],
    [
      'a WebP with an unknown chunk',
      Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPABCD', 'latin1'), Buffer.alloc(20)]),
    ],
    [
      'a lossy WebP that is not a key frame',
      (() => {
        const webp = webpBytes('VP8 ', 300, 300);
        webp[20] = 0x11;
        return webp;
      })(),
    ],
    [
      'a lossless WebP without its signature byte',
      (() => {
        const webp = webpBytes('VP8L', 300, 300);
        webp[20] = 0;
        return webp;
      })(),
    ],
  ])('knows %s is not a PNG, JPEG or WebP', (_, bytes) => {
    expect(readImageInfo(bytes)).toBeUndefined();
  });

  it('never throws on random bytes behind a real signature', () => {
    for (let index = 0; index < 200; index++) {
      const noise = Buffer.from(
        Array.from({ length: index % 40 }, () => Math.floor(Math.random() * 256)),
      );
      for (const head of [
        [0xff, 0xd8, 0xff],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [...Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8X', 'latin1')],
      ]) {
        const info = readImageInfo(Buffer.concat([Buffer.from(head), noise]));
        if (info) expect(info.width * info.height).toBeGreaterThan(0);
      }
    }
  });
});

describe('looksLikeSvg', () => {
  it('spots SVG and XML, even after whitespace, and nothing else', () => {
    expect(looksLikeSvg(Buffer.from('  \n<svg viewBox="0 0 1 1"></svg>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('<!-- x --><SVG></SVG>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from('hello'))).toBe(false);
    expect(looksLikeSvg(pngBytes(200, 200))).toBe(false);
  });
});
