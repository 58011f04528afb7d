import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, UploadedImageSchema } from '#contract';
import { images } from '#server/db/schema/media.ts';
import { wrongContentType } from '#server/features/media/image-body.ts';
import {
  imageTooBig,
  imageTooLarge,
  imageTooSmall,
  NO_IMAGE,
  NOT_AN_IMAGE,
  NOT_DECODABLE,
  SVG_REFUSED,
  tooManyPixels,
} from '#server/features/media/image-upload.ts';
import { addProduct, asUser, productBody } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { imageBytes } from '#server-test/image-fixtures.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { PRODUCT_IMAGE_LIMITS } from './admin-images.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const upload = (payload: Buffer | string | undefined, contentType?: string, user = admin) =>
  asUser(user, {
    method: 'POST',
    url: '/api/v1/admin/images',
    headers: contentType ? { 'content-type': contentType } : {},
    ...(payload !== undefined && { payload }),
  });

const imageCount = async () => (await t.db.select({ id: images.id }).from(images)).length;

/** What the shop serves for an uploaded image, as a decoder reads it. */
async function served(url: string) {
  const response = await t.app.inject(url);
  expect(response.statusCode).toBe(200);
  return {
    contentType: response.headers['content-type'],
    bytes: response.rawPayload,
    metadata: await sharp(response.rawPayload).metadata(),
  };
}

const PNG_400 = await imageBytes('png', 400, 400, { rgb: [1, 2, 3] });

/** A real PNG of this size, padded after IEND to `bytes` in all (decoders ignore the rest). */
const pngOfSize = (bytes: number) =>
  Buffer.concat([PNG_400, Buffer.alloc(bytes - PNG_400.length, 7)]);

/** A 1 × 1 PNG whose header (with a valid checksum) claims another size. */
async function pngClaiming(width: number, height: number) {
  const png = await imageBytes('png', 1, 1);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The attack's 45-byte PNG: signature, a header saying 400 × 400, and the end, with no pixel data. */
const PNG_WITHOUT_PIXELS = Buffer.concat([PNG_400.subarray(0, 33), PNG_400.subarray(-12)]);

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>';

/** Label, file, Content-Type sent, format stored, width, height. */
const ACCEPTED: [string, Buffer, string, string, number, number][] = [
  ['a JPEG', await imageBytes('jpeg', 640, 480), 'image/jpeg', 'jpeg', 640, 480],
  ['a WebP', await imageBytes('webp', 800, 600), 'image/webp', 'webp', 800, 600],
  ['a wide WebP', await imageBytes('webp', 6000, 200), 'image/webp', 'webp', 6000, 200],
  // A file labelled wrongly is taken for what its bytes are.
  ['a JPEG sent as a PNG', await imageBytes('jpeg', 300, 300), 'image/png', 'jpeg', 300, 300],
  [
    'a PNG with a charset parameter',
    await imageBytes('png', 200, 200),
    'image/png; charset=binary',
    'png',
    200,
    200,
  ],
];

const JPEG_400 = await imageBytes('jpeg', 400, 400);

/** Label, body, Content-Type sent, status, message. */
const REFUSED: [string, Buffer | undefined, string | undefined, number, string][] = [
  [
    'a text file labelled PNG',
    Buffer.from('just some notes, not a picture\n'),
    'image/png',
    415,
    NOT_AN_IMAGE,
  ],
  [
    'a PDF labelled JPEG',
    Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
    'image/jpeg',
    415,
    NOT_AN_IMAGE,
  ],
  [
    'a GIF labelled WebP',
    Buffer.from('GIF89a\x90\x01\x90\x01\x00\x00\x00', 'latin1'),
    'image/webp',
    415,
    NOT_AN_IMAGE,
  ],
  ['an SVG labelled PNG (a renamed file)', Buffer.from(SVG), 'image/png', 415, SVG_REFUSED],
  ['an SVG as itself', Buffer.from(SVG), 'image/svg+xml', 415, SVG_REFUSED],
  ['a text file as text', Buffer.from('hello'), 'text/plain', 415, wrongContentType('text/plain')],
  [
    'JSON',
    Buffer.from('{"url":"http://example.com/a.png"}'),
    'application/json',
    415,
    wrongContentType('application/json'),
  ],
  [
    'a multipart form',
    Buffer.from('--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nabc\r\n--x--'),
    'multipart/form-data; boundary=x',
    415,
    wrongContentType('multipart/form-data'),
  ],
  ['a GIF as itself', Buffer.from('GIF89a'), 'image/gif', 415, wrongContentType('image/gif')],
  [
    'a body without a Content-Type',
    Buffer.from('abc'),
    undefined,
    415,
    wrongContentType(undefined),
  ],
  ['no body', undefined, undefined, 400, NO_IMAGE],
  ['an empty PNG', Buffer.alloc(0), 'image/png', 400, NO_IMAGE],
  [
    'a PNG of 199 × 400',
    await imageBytes('png', 199, 400),
    'image/png',
    400,
    imageTooSmall(PRODUCT_IMAGE_LIMITS, 199, 400),
  ],
  [
    'a JPEG of 400 × 150',
    await imageBytes('jpeg', 400, 150),
    'image/jpeg',
    400,
    imageTooSmall(PRODUCT_IMAGE_LIMITS, 400, 150),
  ],
  [
    'a WebP of 6001 × 300',
    await imageBytes('webp', 6001, 300),
    'image/webp',
    400,
    imageTooBig(PRODUCT_IMAGE_LIMITS, 6001, 300),
  ],
  [
    'a PNG claiming 70000 × 300',
    await pngClaiming(70_000, 300),
    'image/png',
    400,
    imageTooBig(PRODUCT_IMAGE_LIMITS, 70_000, 300),
  ],
  // What the attack got stored: images whose header says one thing and whose data another.
  ['a 45-byte PNG with no pixel data', PNG_WITHOUT_PIXELS, 'image/png', 400, NOT_DECODABLE],
  ['a 1 × 1 PNG claiming 400 × 400', await pngClaiming(400, 400), 'image/png', 400, NOT_DECODABLE],
  ['a PNG cut short', PNG_400.subarray(0, -40), 'image/png', 400, NOT_DECODABLE],
  ['a JPEG cut short', JPEG_400.subarray(0, JPEG_400.length / 2), 'image/jpeg', 400, NOT_DECODABLE],
  [
    'a decompression bomb: a small PNG that decodes to 6000 × 6000 (137 MiB)',
    await imageBytes('png', 6000, 6000),
    'image/png',
    413,
    tooManyPixels(PRODUCT_IMAGE_LIMITS, 6000, 6000),
  ],
];

describe('POST /api/v1/admin/images', () => {
  it('stores a real PNG with its size read from the file, and serves it back', async () => {
    const png = await imageBytes('png', 320, 241, { rgb: [10, 20, 30] });
    const image = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    expect(image).toEqual({
      _id: expect.any(String),
      url: `/media/${image._id}`,
      contentType: 'image/png',
      width: 320,
      height: 241,
    });
    const back = await served(image.url);
    expect(back.contentType).toBe('image/png');
    expect(back.metadata).toMatchObject({ format: 'png', width: 320, height: 241 });
    const [row] = await t.db.select().from(images).where(eq(images.id, image._id));
    expect(row).toMatchObject({ contentType: 'image/png', width: 320, height: 241 });
  });

  it.each(
    ACCEPTED,
  )('accepts %s with its dimensions, in its own format', async (_, bytes, contentType, format, width, height) => {
    const image = await expectResult(t.app, upload(bytes, contentType), UploadedImageSchema, 201);
    expect(image).toMatchObject({ contentType: `image/${format}`, width, height });
    const back = await served(image.url);
    expect(back.contentType).toBe(`image/${format}`);
    expect(back.metadata).toMatchObject({ format, width, height });
  });

  it('stores a photo without its EXIF metadata (camera, GPS position), upright', async () => {
    const photo = await imageBytes('jpeg', 400, 300, {
      exif: {
        IFD0: { Artist: 'Asha Rao', ImageDescription: 'At home' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 20/1' },
      },
      orientation: 6,
    });
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, width: 400 });
    expect(photo.includes('Asha Rao')).toBe(true);
    const image = await expectResult(t.app, upload(photo, 'image/jpeg'), UploadedImageSchema, 201);
    // Stored turned as the tag said, so dropping the tag loses nothing.
    expect(image).toMatchObject({ contentType: 'image/jpeg', width: 300, height: 400 });
    const back = await served(image.url);
    expect(back.metadata).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(back.metadata.exif).toBeUndefined();
    expect(back.bytes.includes('Asha Rao')).toBe(false);
    expect(back.bytes.includes('Exif')).toBe(false);
  });

  it('stores the same file once, answering the same image', async () => {
    const png = await imageBytes('png', 250, 250, { rgb: [9, 9, 9] });
    const first = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    const count = await imageCount();
    const second = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    expect(second._id).toBe(first._id);
    expect(await imageCount()).toBe(count);
  });

  it('accepts a file over the API’s usual 1 MiB, up to exactly 5 MB, storing the image alone', async () => {
    const atLimit = pngOfSize(IMAGE_MAX_BYTES);
    const image = await expectResult(t.app, upload(atLimit, 'image/png'), UploadedImageSchema, 201);
    const back = await served(image.url);
    expect(back.metadata).toMatchObject({ format: 'png', width: 400, height: 400 });
    expect(back.bytes.length).toBeLessThan(PNG_400.length * 2);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = await imageCount();
    const failure = await expectFailure(
      t.app,
      upload(pngOfSize(IMAGE_MAX_BYTES + 1), 'image/png'),
      413,
    );
    expect(failure).toEqual({ success: false, message: imageTooLarge(PRODUCT_IMAGE_LIMITS) });
    const huge = await expectFailure(t.app, upload(pngOfSize(12 * 1024 * 1024), 'image/jpeg'), 413);
    expect(huge.message).toBe('Images must be at most 5 MB');
    expect(await imageCount()).toBe(before);
  });

  it.each(
    REFUSED,
  )('refuses %s with a clear message, storing nothing', async (_, bytes, contentType, status, message) => {
    const before = await imageCount();
    const failure = await expectFailure(t.app, upload(bytes, contentType), status);
    expect(failure).toEqual({ success: false, message });
    expect(await imageCount()).toBe(before);
  });

  it('answers a shopper 403 before reading even an oversized body', async () => {
    const shopper = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      upload(pngOfSize(IMAGE_MAX_BYTES + 1), 'image/png', shopper),
      403,
    );
    expect(failure.message).toBe('You are not allowed to do that');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/images',
      headers: { 'content-type': 'image/png' },
      payload: PNG_400,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves the rest of the API on JSON with its 1 MiB limit', async () => {
    const asImage = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: { 'content-type': 'image/png' },
        payload: PNG_400,
      }),
    );
    expect(asImage.statusCode).toBe(415);
    const big = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        payload: productBody({ description: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    );
    expect(big.statusCode).toBe(413);
  });

  it('gives uploaded images to a product, which the shop then shows', async () => {
    const png = await expectResult(
      t.app,
      upload(await imageBytes('png', 600, 800), 'image/png'),
      UploadedImageSchema,
      201,
    );
    const jpeg = await expectResult(
      t.app,
      upload(await imageBytes('jpeg', 800, 600), 'image/jpeg'),
      UploadedImageSchema,
      201,
    );
    const product = await addProduct(t.app, admin, productBody({ imageIds: [jpeg._id, png._id] }));
    const shop = await t.app.inject(`/api/v1/product/${product._id}`);
    expect(shop.json().result.images).toEqual([{ url: jpeg.url }, { url: png.url }]);
  });
});
