import type { ImageType } from '#contract';

export interface ImageInfo {
  type: ImageType;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

/** PNG: the signature, then the IHDR chunk, whose data starts with width and height. */
function png(bytes: Uint8Array): ImageInfo | undefined {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 24) return undefined;
  if (ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return { type: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walk the segments after SOI to the first start-of-frame, which holds the size. */
function jpeg(bytes: Uint8Array): ImageInfo | undefined {
  if (!startsWith(bytes, [0xff, 0xd8, 0xff])) return undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // a fill byte before the marker
      continue;
    }
    // Markers that stand alone, without a length: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    // The image data or its end came before any frame header.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = u16be(bytes, at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return undefined;
      return { type: 'image/jpeg', height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** WebP: a RIFF file of type WEBP whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X. */
function webp(bytes: Uint8Array): ImageInfo | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') {
    return undefined;
  }
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8 ') {
    // A key frame: its tag's lowest bit is 0, then the start code 9D 01 2A, then 14-bit sizes.
    if (((bytes[data] ?? 1) & 1) !== 0 || !startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) {
      return undefined;
    }
    return {
      type: 'image/webp',
      width: u16le(bytes, data + 6) & 0x3fff,
      height: u16le(bytes, data + 8) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    if (bytes[data] !== 0x2f) return undefined;
    // Width − 1 and height − 1 in 14 bits each, least significant bits first.
    const bits =
      (bytes[data + 1] ?? 0) |
      ((bytes[data + 2] ?? 0) << 8) |
      ((bytes[data + 3] ?? 0) << 16) |
      ((bytes[data + 4] ?? 0) << 24);
    return {
      type: 'image/webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
    };
  }
  if (chunk === 'VP8X') {
    // Flags (1 byte), reserved (3), then canvas width − 1 and height − 1 in 24 bits each.
    return {
      type: 'image/webp',
      width: u24le(bytes, data + 4) + 1,
      height: u24le(bytes, data + 7) + 1,
    };
  }
  return undefined;
}

/**
 * What an image really is, read from its first bytes (its magic number and
 * header), never from its name or declared type: a PNG, JPEG or WebP with its
 * pixel size, or undefined for anything else (SVG, text, a renamed file).
 */
export function readImageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const info = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return info && info.width > 0 && info.height > 0 ? info : undefined;
}

/** An SVG or other XML, which may carry script: worth its own refusal message. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8').trimStart().toLowerCase();
  return head.startsWith('<') && (head.includes('<svg') || head.startsWith('<?xml'));
}
