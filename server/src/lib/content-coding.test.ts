import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES, encode, preferredCoding } from './content-coding.ts';

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
  ])('answers %s with %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('encode', () => {
  it('compresses a body over the threshold in each coding, and leaves a small one', () => {
    const body = Buffer.from(
      JSON.stringify({ padding: 'shirt '.repeat(COMPRESSION_THRESHOLD_BYTES) }),
    );
    expect(brotliDecompressSync(encode(body, 'br') ?? Buffer.alloc(0))).toEqual(body);
    expect(gunzipSync(encode(body, 'gzip') ?? Buffer.alloc(0))).toEqual(body);
    expect(encode(Buffer.from('{}'), 'gzip')).toBeUndefined();
  });
});
