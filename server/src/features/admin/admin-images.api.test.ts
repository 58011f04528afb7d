import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, UploadedImageSchema } from '#contract';
import { images } from '#server/db/schema/catalogue.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { expectFailure, expectResult } from '#server-test/http.ts';
import { jpegBytes, pngBytes, webpBytes } from '#server-test/image-fixtures.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { addProduct, asUser, productBody } from './admin-fixtures.ts';
import {
  IMAGE_TOO_LARGE,
  imageTooBig,
  imageTooSmall,
  NO_IMAGE,
  NOT_AN_IMAGE,
  SVG_REFUSED,
  wrongContentType,
} from './admin-images.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
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

/** A real PNG of this size, padded after IEND to `bytes` in all (viewers ignore the rest). */
const pngOfSize = (bytes: number) => {
  const png = pngBytes(400, 400, [1, 2, 3]);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length, 7)]);
};

/** A small PNG whose header claims another size (a decompression bomb's trick). */
const pngClaiming = (width: number, height: number) => {
  const png = pngBytes(1, 1);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
};

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>';

describe('POST /api/v1/admin/images', () => {
  it('stores a real PNG with its size read from the file, and serves it back', async () => {
    const png = pngBytes(320, 240 + 1, [10, 20, 30]);
    const image = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    expect(image).toEqual({
      _id: expect.any(String),
      url: `/media/${image._id}`,
      contentType: 'image/png',
      width: 320,
      height: 241,
    });
    const served = await t.app.inject(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const [row] = await t.db.select().from(images).where(eq(images.id, image._id));
    expect(row).toMatchObject({ contentType: 'image/png', width: 320, height: 241 });
  });

  it.each([
    [
      'a JPEG',
      jpegBytes(640, 480),
      'image/jpeg',
      { contentType: 'image/jpeg', width: 640, height: 480 },
    ],
    [
      'a progressive JPEG',
      jpegBytes(1200, 1600, 0xc2),
      'image/jpeg',
      { contentType: 'image/jpeg', width: 1200, height: 1600 },
    ],
    [
      'a lossy WebP',
      webpBytes('VP8 ', 800, 600),
      'image/webp',
      { contentType: 'image/webp', width: 800, height: 600 },
    ],
    [
      'a lossless WebP',
      webpBytes('VP8L', 256, 256),
      'image/webp',
      { contentType: 'image/webp', width: 256, height: 256 },
    ],
    [
      'an extended WebP',
      webpBytes('VP8X', 6000, 200),
      'image/webp',
      { contentType: 'image/webp', width: 6000, height: 200 },
    ],
    // A file named or labelled wrongly is taken for what its bytes are.
    [
      'a JPEG sent as a PNG',
      jpegBytes(300, 300),
      'image/png',
      { contentType: 'image/jpeg', width: 300, height: 300 },
    ],
    [
      'a PNG with a charset parameter',
      pngBytes(200, 200),
      'image/png; charset=binary',
      { contentType: 'image/png', width: 200, height: 200 },
    ],
  ])('accepts %s with its dimensions', async (_, bytes, contentType, expected) => {
    const image = await expectResult(t.app, upload(bytes, contentType), UploadedImageSchema, 201);
    expect(image).toMatchObject(expected);
    const served = await t.app.inject(image.url);
    expect(served.headers['content-type']).toBe(expected.contentType);
  });

  it('stores the same file once, answering the same image', async () => {
    const png = pngBytes(250, 250, [9, 9, 9]);
    const first = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    const count = await imageCount();
    const second = await expectResult(t.app, upload(png, 'image/png'), UploadedImageSchema, 201);
    expect(second._id).toBe(first._id);
    expect(await imageCount()).toBe(count);
  });

  it('accepts a file over the API’s usual 1 MiB, up to exactly 5 MB', async () => {
    const atLimit = pngOfSize(IMAGE_MAX_BYTES);
    const image = await expectResult(t.app, upload(atLimit, 'image/png'), UploadedImageSchema, 201);
    const served = await t.app.inject(image.url);
    expect(served.rawPayload.length).toBe(IMAGE_MAX_BYTES);
  }, 60_000); // the embedded database takes seconds over 5 MB

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = await imageCount();
    const failure = await expectFailure(
      t.app,
      upload(pngOfSize(IMAGE_MAX_BYTES + 1), 'image/png'),
      413,
    );
    expect(failure).toEqual({ success: false, message: IMAGE_TOO_LARGE });
    const huge = await expectFailure(t.app, upload(pngOfSize(12 * 1024 * 1024), 'image/jpeg'), 413);
    expect(huge.message).toBe('Images must be at most 5 MB');
    expect(await imageCount()).toBe(before);
  });

  it.each([
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
    [
      'a text file as text',
      Buffer.from('hello'),
      'text/plain',
      415,
      wrongContentType('text/plain'),
    ],
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
    ['a PNG of 199 × 400', pngBytes(199, 400), 'image/png', 400, imageTooSmall(199, 400)],
    ['a JPEG of 400 × 150', jpegBytes(400, 150), 'image/jpeg', 400, imageTooSmall(400, 150)],
    [
      'a WebP of 6001 × 300',
      webpBytes('VP8X', 6001, 300),
      'image/webp',
      400,
      imageTooBig(6001, 300),
    ],
    [
      'a PNG claiming 70000 × 300',
      pngClaiming(70_000, 300),
      'image/png',
      400,
      imageTooBig(70_000, 300),
    ],
  ])('refuses %s with a clear message, storing nothing', async (_, bytes, contentType, status, message) => {
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
      payload: pngBytes(300, 300),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves the rest of the API on JSON with its 1 MiB limit', async () => {
    const asImage = await t.app.inject(
      asUser(admin, {
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: { 'content-type': 'image/png' },
        payload: pngBytes(300, 300),
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
      upload(pngBytes(600, 800), 'image/png'),
      UploadedImageSchema,
      201,
    );
    const jpeg = await expectResult(
      t.app,
      upload(jpegBytes(800, 600), 'image/jpeg'),
      UploadedImageSchema,
      201,
    );
    const product = await addProduct(t.app, admin, productBody({ imageIds: [jpeg._id, png._id] }));
    const shop = await t.app.inject(`/api/v1/product/${product._id}`);
    expect(shop.json().result.images).toEqual([{ url: jpeg.url }, { url: png.url }]);
  });
});
