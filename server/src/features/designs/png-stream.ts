import { once } from 'node:events';
import { constants, crc32, createDeflate } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INCH_MM = 25.4;
/** Bytes of one RGBA pixel; a row starts with one more, its filter type (0: none). */
const PIXEL_BYTES = 4;
/** Each deflate output buffer becomes one IDAT chunk: few chunks, little overhead. */
const IDAT_BYTES = 1 << 20;
const TRANSPARENT_BLOCK_ROWS = 256;

/**
 * PNG's alpha is straight: a partly covered pixel's colour is its premultiplied
 * value divided by its coverage, `UNPREMULTIPLIED[alpha << 8 | value]`.
 */
const UNPREMULTIPLIED = new Uint8Array(256 * 256);
for (let alpha = 1; alpha < 256; alpha++) {
  for (let value = 0; value < 256; value++) {
    UNPREMULTIPLIED[(alpha << 8) | value] = Math.min(255, Math.round((value * 255) / alpha));
  }
}

/** A PNG chunk: length, type, data and the CRC of type and data (PNG spec §5.3). */
function chunk(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return [head, data, tail];
}

/**
 * A PNG (8-bit RGBA, straight alpha, unfiltered rows) written band by band
 * from the top, its rows deflated (zlib, off the event loop) as they come:
 * the whole image is never held as pixels, only the compressed file
 * (decision 067). `dpi` is recorded in a pHYs chunk. Rows not written
 * before `end` are an error.
 */
export function createPngStream(width: number, height: number, dpi: number) {
  const rowBytes = 1 + width * PIXEL_BYTES;
  // zlib's fastest level: a print file is made once and read once by the print shop's RIP.
  const deflate = createDeflate({ level: constants.Z_BEST_SPEED, chunkSize: IDAT_BYTES });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  let rowsWritten = 0;
  let transparentRows: Buffer | undefined;
  let bandRows: Buffer | undefined;
  let bandColumns = { left: 0, width: 0 };

  /** Deflates rows, resolving once deflate has read them all (their buffer may then be reused). */
  async function write(rows: Buffer) {
    if (rowsWritten * rowBytes + rows.length > height * rowBytes) {
      throw new Error('more rows than the image has');
    }
    rowsWritten += rows.length / rowBytes;
    await new Promise<void>((resolve, reject) =>
      deflate.write(rows, (error) => (error ? reject(error) : resolve())),
    );
  }

  return {
    /**
     * A band of `rows` rows, `band` being its premultiplied RGBA pixels
     * (resvg's) `bandWidth` wide, placed `left` pixels from the image's
     * left edge; the rest of each row is transparent.
     */
    async writeBand(band: Uint8Array, bandWidth: number, rows: number, left: number) {
      // One buffer for every band of the file: deflate has read a band once its write
      // resolves. Each row's filter byte stays zero, and so do the columns outside the
      // band while bands cover the same columns; cleared when they change.
      if (!bandRows || bandRows.length < rows * rowBytes) bandRows = Buffer.alloc(rows * rowBytes);
      else if (bandColumns.left !== left || bandColumns.width !== bandWidth) bandRows.fill(0);
      bandColumns = { left, width: bandWidth };
      const out = bandRows.subarray(0, rows * rowBytes);
      const bandRowBytes = bandWidth * PIXEL_BYTES;
      for (let row = 0; row < rows; row++) {
        const from = row * bandRowBytes;
        const to = row * rowBytes + 1 + left * PIXEL_BYTES;
        out.set(band.subarray(from, from + bandRowBytes), to);
        for (let at = to + 3; at < to + bandRowBytes; at += PIXEL_BYTES) {
          const alpha = out[at] ?? 0;
          if (alpha === 0 || alpha === 255) continue;
          const byAlpha = alpha << 8;
          out[at - 3] = UNPREMULTIPLIED[byAlpha | (out[at - 3] ?? 0)] ?? 0;
          out[at - 2] = UNPREMULTIPLIED[byAlpha | (out[at - 2] ?? 0)] ?? 0;
          out[at - 1] = UNPREMULTIPLIED[byAlpha | (out[at - 1] ?? 0)] ?? 0;
        }
      }
      await write(out);
    },
    /** `rows` fully transparent rows. */
    async writeTransparent(rows: number) {
      // One block of zeros, deflated as often as needed: zlib only reads it.
      transparentRows ??= Buffer.alloc(TRANSPARENT_BLOCK_ROWS * rowBytes);
      for (let done = 0; done < rows; done += TRANSPARENT_BLOCK_ROWS) {
        const count = Math.min(TRANSPARENT_BLOCK_ROWS, rows - done);
        await write(transparentRows.subarray(0, count * rowBytes));
      }
    },
    /** The file, once every row was written. */
    async end(): Promise<Buffer> {
      if (rowsWritten !== height) throw new Error(`${rowsWritten} of ${height} rows written`);
      const finished = once(deflate, 'end');
      deflate.end();
      await finished;
      const header = Buffer.alloc(13);
      header.writeUInt32BE(width, 0);
      header.writeUInt32BE(height, 4);
      // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering method, no interlace.
      header.set([8, 6, 0, 0, 0], 8);
      const density = Buffer.alloc(9);
      const perMetre = Math.round((dpi / INCH_MM) * 1000);
      density.writeUInt32BE(perMetre, 0);
      density.writeUInt32BE(perMetre, 4);
      density[8] = 1; // the unit is the metre
      return Buffer.concat([
        SIGNATURE,
        ...chunk('IHDR', header),
        ...chunk('pHYs', density),
        ...compressed.flatMap((data) => chunk('IDAT', data)),
        ...chunk('IEND', Buffer.alloc(0)),
      ]);
    },
  };
}
