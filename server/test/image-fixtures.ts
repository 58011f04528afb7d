import { crc32, deflateSync } from 'node:zlib';

/** Image files built in memory for the tests: no binary fixtures in the repository. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A complete, valid PNG (8-bit RGB) of one colour that any viewer opens. */
export function pngBytes(
  width: number,
  height: number,
  rgb: [number, number, number] = [200, 60, 40],
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, RGB, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const segment = (marker: number, data: number[]) => {
  const length = data.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...data];
};

/**
 * The header of a baseline JPEG up to its start-of-frame (JFIF APP0, a
 * quantisation table, SOF0 with the size), then a few bytes and EOI: enough
 * for anything that reads the size, as the upload check does.
 */
export function jpegBytes(width: number, height: number, frameMarker = 0xc0): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(frameMarker, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ]),
    ...segment(0xda, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0]),
    0x00,
    0xff,
    0xd9,
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(data.length);
  const body = Buffer.concat([Buffer.from(`WEBP${chunk}`, 'ascii'), size, data]);
  const riffSize = Buffer.alloc(4);
  riffSize.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), riffSize, body]);
}

/** The header of a WebP file of each kind: lossy (VP8), lossless (VP8L) or extended (VP8X). */
export function webpBytes(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  if (kind === 'VP8 ') {
    const data = Buffer.alloc(20);
    data.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 0); // key frame tag, start code
    data.writeUInt16LE(width & 0x3fff, 6);
    data.writeUInt16LE(height & 0x3fff, 8);
    return riff(kind, data);
  }
  if (kind === 'VP8L') {
    const data = Buffer.alloc(10);
    data[0] = 0x2f;
    data.writeUInt32LE((((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14)) >>> 0, 1);
    return riff(kind, data);
  }
  const data = Buffer.alloc(10);
  data.writeUIntLE(width - 1, 4, 3);
  data.writeUIntLE(height - 1, 7, 3);
  return riff(kind, data);
}
