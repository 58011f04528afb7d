import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AdminProductSchema,
  ARC_TOO_SLIGHT_MESSAGE,
  CartItemSchema,
  DESIGN_IMAGE_GUEST_UNUSED_HOURS,
  DESIGN_IMAGE_UNUSED_HOURS,
  DESIGN_LIMITS,
  type Design,
  DesignImageSchema,
  EMPTY_DESIGN_MESSAGE,
  type ImageLayer,
  NOT_CUSTOMISABLE_MESSAGE,
  OrderSchema,
  outsidePrintAreaMessage,
  ProductSchema,
  SavedDesignSchema,
  shortOrderNumber,
  type TextLayer,
  unprintableCharacterMessage,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { designImages, savedDesigns } from '#server/db/schema/designs.ts';
import { images } from '#server/db/schema/media.ts';
import { SVG_REFUSED } from '#server/features/media/image-upload.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { addProduct, productBody } from '#server-test/admin-fixtures.ts';
import { signUpAdmin } from '#server-test/admins.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { imageBytes } from '#server-test/image-fixtures.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createDesignUploadsService } from './design-uploads.service.ts';
import { DESIGN_UPLOAD_RATE_LIMIT } from './designs.routes.ts';
import { IMAGE_NOT_UPLOADED, SAVED_DESIGN_NOT_FOUND } from './designs.service.ts';

let t: TestApp;
let admin: SignedUp;

/** A tee: ₹499, front area 300 × 400 mm (+₹150), back 200 × 150 mm (+₹99.50). */
const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};

let clients = 0;
/** Each upload test is its own client, so none uses up another's rate limit. */
const nextClient = () => `10.12.${Math.floor(++clients / 250)}.${clients % 250}`;

const uploadsService = () =>
  createDesignUploadsService(
    t.db,
    { media: createMediaService(t.db), rateLimits: createRateLimitsService(t.db) },
    { bytesPerAddressPerDay: 50 * 1024 * 1024, unclaimedBytes: 1024 * 1024 * 1024 },
  );

const text = (overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: 't1',
  type: 'text',
  text: 'Hello <Tee> & co',
  fontId: 'lobster',
  colorId: 'red',
  fontSizeMm: 20,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 100,
  yMm: 60,
  rotationDeg: 0,
  ...overrides,
});

const image = (imageId: string, overrides: Partial<ImageLayer> = {}): ImageLayer => ({
  id: 'i1',
  type: 'image',
  imageId,
  xMm: 150,
  yMm: 250,
  widthMm: 120,
  heightMm: 80,
  rotationDeg: 10,
  ...overrides,
});

async function upload(
  bytes: Buffer,
  contentType: string,
  user?: SignedUp,
  remoteAddress = nextClient(),
) {
  return call(t.app, {
    method: 'POST',
    url: '/api/v1/design-images',
    headers: { 'content-type': contentType, ...user?.auth },
    payload: bytes,
    remoteAddress,
  });
}

async function uploadPng(user?: SignedUp, rgb: [number, number, number] = [10, 120, 200]) {
  const response = await upload(await imageBytes('png', 600, 400, { rgb }), 'image/png', user);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return DesignImageSchema.parse(response.body.result);
}

const addDesignedLine = (user: SignedUp, productId: string, design: unknown, size = 'M') =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/cart/create',
    headers: user.auth,
    payload: { productId, size, quantity: 1, design },
  });

async function addLine(user: SignedUp, productId: string, design?: Design, size = 'M') {
  const response = await addDesignedLine(user, productId, design, size);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return CartItemSchema.parse(response.body.result);
}

const saveDesign = (user: SignedUp, productId: string, design: Design, name = 'My tee') =>
  expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/designs',
      headers: user.auth,
      payload: { name, productId, design },
    },
    SavedDesignSchema,
    201,
  );

async function checkout(user: SignedUp) {
  await addAddress(t.app, user);
  return expectResult(t.app, checkoutRequest(user, { paymentMethod: 'cash' }), OrderSchema, 201);
}

const printFile = (user: SignedUp, orderId: string, itemId: string, side: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/items/${itemId}/print/${side}`,
    headers: user.auth,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t.app, t.db);
});
afterAll(() => t.close());

describe('POST /api/v1/design-images', () => {
  it('takes a guest’s PNG, JPEG or WebP, re-encoded without its metadata', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await imageBytes(format, 300, 200, {
        exif: { IFD0: { Artist: 'Secret Person' } },
      });
      const response = await upload(bytes, `image/${format}`);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const uploaded = DesignImageSchema.parse(response.body.result);
      expect(uploaded).toMatchObject({ contentType: `image/${format}`, width: 300, height: 200 });
      const served = await t.app.inject(uploaded.url);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.format).toBe(format === 'jpeg' ? 'jpeg' : format);
      expect(metadata.exif).toBeUndefined();
      const [row] = await t.db
        .select()
        .from(designImages)
        .where(eq(designImages.imageId, uploaded._id));
      expect(row?.userId).toBeNull();
    }
  });

  it('remembers who uploaded when signed in', async () => {
    const user = await signUp(t.app);
    const uploaded = await uploadPng(user);
    const [row] = await t.db
      .select()
      .from(designImages)
      .where(eq(designImages.imageId, uploaded._id));
    expect(row?.userId).toBe(user.user._id);
  });

  it.each([
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
      415,
      SVG_REFUSED,
    ],
    [
      'text called a PNG',
      Buffer.from('not an image at all'),
      'image/png',
      415,
      'not a PNG, JPEG or WebP',
    ],
    [
      'JSON',
      Buffer.from('{}'),
      'application/json',
      415,
      'Content-Type application/json is not accepted',
    ],
  ])('refuses %s', async (_name, bytes, type, status, message) => {
    const response = await upload(bytes, type);
    expect(response.status).toBe(status);
    expect(response.body.message).toContain(message);
  });

  it('refuses a picture too small to print, too many pixels, and a file over 10 MB', async () => {
    const tiny = await upload(await imageBytes('png', 20, 300), 'image/png');
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toContain('at least 32×32 pixels');
    // 7000 × 7000 = 49 MP: refused from its header before a pixel is decoded.
    const huge = await upload(await imageBytes('png', 7000, 7000), 'image/png');
    expect(huge.status).toBe(413);
    expect(huge.body.message).toContain('at most 36 megapixels');
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Images must be at most 10 MB');
  });

  it(`limits a client to ${DESIGN_UPLOAD_RATE_LIMIT.max} uploads a minute`, async () => {
    const client = nextClient();
    const bytes = await imageBytes('png', 64, 64);
    for (let index = 0; index < DESIGN_UPLOAD_RATE_LIMIT.max; index++) {
      expect((await upload(bytes, 'image/png', undefined, client)).status).toBe(201);
    }
    const refused = await upload(bytes, 'image/png', undefined, client);
    expect(refused.status).toBe(429);
    expect((await upload(bytes, 'image/png', undefined, nextClient())).status).toBe(201);
  });
});

describe('designs on cart lines', () => {
  let tee: string;
  let plain: string;
  beforeAll(async () => {
    tee = await createProduct(t.db, { price: 499, stock: { M: 5, L: 2 }, customisation: TEE });
    plain = await createProduct(t.db, { price: 799, stock: { M: 5 } });
  });

  it('exposes each product’s customisation', async () => {
    const product = await expectResult(t.app, `/api/v1/product/${tee}`, ProductSchema);
    expect(product.customisation).toEqual({
      customisable: true,
      printAreas: TEE.printAreas,
      decorationPrice: { front: 150, back: 99.5 },
      blank: false,
    });
    const other = await expectResult(t.app, `/api/v1/product/${plain}`, ProductSchema);
    expect(other.customisation.customisable).toBe(false);
  });

  it('prices one printed side and two (customisedUnitPrice, D4)', async () => {
    const user = await signUp(t.app);
    const front = await addLine(user, tee, { front: [text()], back: [] });
    expect(front).toMatchObject({ unitPrice: 649, totalPrice: 649 });
    const picture = await uploadPng(user);
    const both = await addLine(user, tee, {
      front: [text(), image(picture._id)],
      back: [text({ xMm: 100, yMm: 75, fontSizeMm: 10 })],
    });
    expect(both).toMatchObject({ unitPrice: 748.5, totalPrice: 748.5 });
    const updated = await expectResult(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/cart/update/${both._id}`,
        headers: user.auth,
        payload: { quantity: 2 },
      },
      CartItemSchema,
    );
    expect(updated.totalPrice).toBe(1497);
    const quote = await call(t.app, { url: '/api/v1/cart/quote?couponCode=', headers: user.auth });
    expect(quote.body.result.subtotal).toBe(649 + 1497);
  });

  it('keeps a customised line beside a plain line of the same product and size', async () => {
    const user = await signUp(t.app);
    const plainLine = await addLine(user, tee);
    const designed = await addLine(user, tee, { front: [text()], back: [] });
    const another = await addLine(user, tee, { front: [text({ text: 'Other' })], back: [] });
    expect(new Set([plainLine._id, designed._id, another._id]).size).toBe(3);
    expect(plainLine).toMatchObject({ design: null, unitPrice: 499 });
    // D9 still holds for plain lines.
    const again = await addDesignedLine(user, tee, undefined);
    expect(again.status).toBe(409);
    const cart = await expectResult(
      t.app,
      { url: '/api/v1/cart/get-all', headers: user.auth },
      z.array(CartItemSchema),
    );
    expect(cart.map((line) => line.design?.front[0]?.type ?? null)).toEqual([null, 'text', 'text']);
    expect(cart[1]?.design).toEqual({ front: [text()], back: [] });
  });

  it.each([
    ['an empty design', { front: [], back: [] }, 'design', EMPTY_DESIGN_MESSAGE],
    [
      'an unknown font',
      { front: [{ ...text(), fontId: 'comic-sans' }], back: [] },
      'design.front.0.fontId',
      'Font must be one of',
    ],
    [
      'an unknown colour',
      { front: [{ ...text(), colorId: 'mauve' }], back: [] },
      'design.front.0.colorId',
      'Colour must be one of',
    ],
    [
      'empty text',
      { front: [text({ text: ' ' })], back: [] },
      'design.front.0.text',
      'Text must not be empty',
    ],
    [
      'text of 61 characters',
      { front: [text({ text: 'x'.repeat(61) })], back: [] },
      'design.front.0.text',
      'at most 60 characters',
    ],
    [
      'five lines',
      { front: [text({ text: 'a\nb\nc\nd\ne' })], back: [] },
      'design.front.0.text',
      'at most 4 lines',
    ],
    [
      'a control character',
      { front: [text({ text: 'bell\u0007' })], back: [] },
      'design.front.0.text',
      'control characters',
    ],
    [
      'arched text on two lines',
      { front: [text({ text: 'a\nb', arcDegrees: 60 })], back: [] },
      'design.front',
      'Arched text must be a single line',
    ],
    [
      'a 3 mm font',
      { front: [text({ fontSizeMm: 3 })], back: [] },
      'design.front.0.fontSizeMm',
      'at least 4 mm',
    ],
    [
      'a 151 mm font',
      { front: [text({ fontSizeMm: 151 })], back: [] },
      'design.front.0.fontSizeMm',
      'at most 150 mm',
    ],
    [
      'a rotation of 200°',
      { front: [text({ rotationDeg: 200 })], back: [] },
      'design.front.0.rotationDeg',
      'at most 180°',
    ],
    [
      'an arc of 301°',
      { front: [text({ arcDegrees: 301 })], back: [] },
      'design.front.0.arcDegrees',
      'at most 300°',
    ],
    [
      'a position far away',
      { front: [text({ yMm: -601 })], back: [] },
      'design.front.0.yMm',
      'at least -600 mm',
    ],
    [
      'a 4 mm image',
      { front: [image('6f1c2f7e-8a43-4a53-9f57-0d5d0f1b2c3d', { heightMm: 4 })], back: [] },
      'design.front.0.heightMm',
      'at least 5 mm',
    ],
    [
      'a 601 mm image',
      { front: [image('6f1c2f7e-8a43-4a53-9f57-0d5d0f1b2c3d', { widthMm: 601 })], back: [] },
      'design.front.0.widthMm',
      'at most 600 mm',
    ],
    [
      'an image id that is not an id',
      { front: [image('../etc/passwd')], back: [] },
      'design.front.0.imageId',
      'imageId must be the _id',
    ],
    [
      'a sticker layer',
      { front: [{ ...text(), type: 'sticker' }], back: [] },
      'design.front.0.type',
      'A layer must be of type text or image',
    ],
    [
      'a repeated layer id',
      { front: [text(), text()], back: [] },
      'design.front',
      'Each layer id may appear only once',
    ],
    [
      'eleven layers',
      {
        front: Array.from({ length: 11 }, (_, i) => text({ id: `t${i}`, fontSizeMm: 5 })),
        back: [],
      },
      'design.front',
      'at most 10 layers',
    ],
    [
      'an arc of 1e-320° (its circle infinite: it printed a blank, charged side)',
      { front: [text({ arcDegrees: 1e-320 })], back: [] },
      'design.front.0.arcDegrees',
      ARC_TOO_SLIGHT_MESSAGE,
    ],
    ['a missing side', { front: [text()] }, 'design.back', 'A side must be a list of layers'],
    ['a string', 'front', 'design', 'design must be an object'],
  ])('refuses %s with a 400 naming the field', async (_name, design, field, message) => {
    const user = await signUp(t.app);
    const failure = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/cart/create',
        headers: user.auth,
        payload: { productId: tee, size: 'M', quantity: 1, design },
      },
      400,
    );
    const error = failure.errors?.find((entry) => entry.field === field);
    expect(error?.message, JSON.stringify(failure)).toContain(message);
  });

  it('refuses a design on a product that takes none, outside the print area, or with an image not uploaded', async () => {
    const user = await signUp(t.app);
    const onPlain = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/cart/create',
        headers: user.auth,
        payload: {
          productId: plain,
          size: 'M',
          quantity: 1,
          design: { front: [text()], back: [] },
        },
      },
      400,
    );
    expect(onPlain.errors).toEqual([{ field: 'design', message: NOT_CUSTOMISABLE_MESSAGE }]);

    // The back area is 200 mm wide: a 120 mm image centred at x = 150 reaches to 210 mm.
    const picture = await uploadPng(user);
    const outside = await addDesignedLine(user, tee, {
      front: [],
      back: [image(picture._id, { yMm: 75, heightMm: 60, rotationDeg: 0 })],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([
      { field: 'design.back', message: outsidePrintAreaMessage('back') },
    ]);
    // Turned 90°, the same image fits.
    const turned = image(picture._id, {
      xMm: 100,
      yMm: 75,
      widthMm: 120,
      heightMm: 60,
      rotationDeg: 0,
    });
    expect((await addDesignedLine(user, tee, { front: [], back: [turned] })).status).toBe(201);

    const unknown = await addDesignedLine(user, tee, {
      front: [image('6f1c2f7e-8a43-4a53-9f57-0d5d0f1b2c3d')],
      back: [],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'design', message: IMAGE_NOT_UPLOADED }]);
    const cart = await call(t.app, { url: '/api/v1/cart/get-all', headers: user.auth });
    expect(cart.body.result).toHaveLength(1);
  });

  it("measures text by its font's glyphs: eight 'W's overrun the front, eight 'i's fit, a glyph the font lacks is refused", async () => {
    const user = await signUp(t.app);
    // The front is 300 mm wide; at 42 mm, Inter's eight 'W's are ~316 mm and its 'i's ~80 mm.
    const letters = (id: string, repeated: string, overrides: Partial<TextLayer> = {}) =>
      text({
        id,
        text: repeated.repeat(8),
        fontId: 'inter',
        fontSizeMm: 42,
        xMm: 150,
        yMm: 200,
        ...overrides,
      });
    const wide = await addDesignedLine(user, tee, { front: [letters('w', 'W')], back: [] });
    expect(wide.status).toBe(400);
    expect(wide.body.errors).toEqual([
      { field: 'design.front', message: outsidePrintAreaMessage('front') },
    ]);
    expect(
      (await addDesignedLine(user, tee, { front: [letters('i', 'i')], back: [] })).status,
    ).toBe(201);

    const rupee = await addDesignedLine(user, tee, {
      front: [letters('r', '₹', { fontId: 'lobster', fontSizeMm: 20 })],
      back: [],
    });
    expect(rupee.status).toBe(400);
    expect(rupee.body.errors).toEqual([
      { field: 'design.front', message: unprintableCharacterMessage('Lobster', '₹') },
    ]);
  });

  it('carries designs through the guest-cart merge, once (D17)', async () => {
    const user = await signUp(t.app);
    const picture = await uploadPng();
    const design: Design = { front: [image(picture._id)], back: [] };
    const items = [
      { productId: tee, size: 'M', quantity: 1 },
      { productId: tee, size: 'M', quantity: 2, design },
      // No longer passes: the plain product takes no designs; skipped like an archived product.
      { productId: plain, size: 'M', quantity: 1, design },
    ];
    const merge = () =>
      expectResult(
        t.app,
        { method: 'POST', url: '/api/v1/cart/merge', headers: user.auth, payload: { items } },
        z.array(CartItemSchema),
      );
    const merged = await merge();
    expect(merged.map((line) => [line.quantity, line.design])).toEqual([
      [1, null],
      [2, design],
    ]);
    expect(merged[1]?.unitPrice).toBe(649);
    // Signing in again with the same browser cart adds nothing twice.
    expect(await merge()).toHaveLength(2);
  });
});

describe('saved designs (My designs)', () => {
  let tee: string;
  beforeAll(async () => {
    tee = await createProduct(t.db, { customisation: TEE });
  });

  it(`keeps exactly ${DESIGN_LIMITS.savedDesignsPerUser} designs when creates and duplicates race`, async () => {
    const user = await signUp(t.app);
    const design: Design = { front: [text()], back: [] };
    const room = 5;
    const first = await saveDesign(user, tee, design);
    await t.db.insert(savedDesigns).values(
      Array.from({ length: DESIGN_LIMITS.savedDesignsPerUser - room - 1 }, (_, index) => ({
        userId: user.user._id,
        productId: tee,
        name: `Design ${index}`,
        design,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 * room }, (_, index) =>
        index % 2 === 0
          ? call(t.app, {
              method: 'POST',
              url: '/api/v1/designs',
              headers: user.auth,
              payload: { name: `Race ${index}`, productId: tee, design },
            })
          : call(t.app, {
              method: 'POST',
              url: `/api/v1/designs/${first._id}/duplicate`,
              headers: user.auth,
            }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(room);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3 * room);
    const kept = await t.db
      .select({ id: savedDesigns.id })
      .from(savedDesigns)
      .where(eq(savedDesigns.userId, user.user._id));
    expect(kept).toHaveLength(DESIGN_LIMITS.savedDesignsPerUser);
  });

  it('saves, lists, reads, renames, re-saves, duplicates and deletes', async () => {
    const user = await signUp(t.app);
    const design: Design = { front: [text()], back: [] };
    const saved = await saveDesign(user, tee, design, '  Band tee  ');
    expect(saved).toMatchObject({ name: 'Band tee', productId: tee, design });
    const url = `/api/v1/designs/${saved._id}`;
    expect(await expectResult(t.app, { url, headers: user.auth }, SavedDesignSchema)).toEqual(
      saved,
    );

    const renamed = await expectResult(
      t.app,
      { method: 'PUT', url, headers: user.auth, payload: { name: 'Gig tee' } },
      SavedDesignSchema,
    );
    expect(renamed).toMatchObject({ name: 'Gig tee', design });
    const moved = { front: [text({ xMm: 150 })], back: [] };
    const edited = await expectResult(
      t.app,
      { method: 'PUT', url, headers: user.auth, payload: { design: moved } },
      SavedDesignSchema,
    );
    expect(edited.design).toEqual(moved);

    const copy = await expectResult(
      t.app,
      { method: 'POST', url: `${url}/duplicate`, headers: user.auth },
      SavedDesignSchema,
      201,
    );
    expect(copy).toMatchObject({ name: 'Gig tee (copy)', design: moved });
    expect(copy._id).not.toBe(saved._id);

    const list = await expectResult(
      t.app,
      { url: '/api/v1/designs', headers: user.auth },
      z.array(SavedDesignSchema),
    );
    expect(list.map((entry) => entry._id)).toEqual([copy._id, saved._id]);

    const deleted = await call(t.app, { method: 'DELETE', url, headers: user.auth });
    expect(deleted.status).toBe(200);
    expect((await expectFailure(t.app, { url, headers: user.auth }, 404)).message).toBe(
      SAVED_DESIGN_NOT_FOUND,
    );
  });

  it('refuses a nameless design, an unknown product and a design outside the area', async () => {
    const user = await signUp(t.app);
    const post = (payload: object) =>
      call(t.app, { method: 'POST', url: '/api/v1/designs', headers: user.auth, payload });
    const design = { front: [text()], back: [] };
    expect((await post({ name: ' ', productId: tee, design })).body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
    ]);
    const unknown = await post({
      name: 'x',
      productId: '00000000-0000-4000-8000-000000000000',
      design,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('productId');
    const outside = await post({
      name: 'x',
      productId: tee,
      design: { front: [text({ xMm: 10 })], back: [] },
    });
    expect(outside.body.errors).toEqual([
      { field: 'design.front', message: outsidePrintAreaMessage('front') },
    ]);
    expect((await call(t.app, { url: '/api/v1/designs' })).status).toBe(401);
  });

  it('answers 404 to everyone but the owner', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const saved = await saveDesign(owner, tee, { front: [text()], back: [] });
    const url = `/api/v1/designs/${saved._id}`;
    for (const request of [
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: { name: 'Mine now' } },
      { method: 'POST' as const, url: `${url}/duplicate` },
      { method: 'DELETE' as const, url },
    ]) {
      const failure = await expectFailure(t.app, { ...request, headers: stranger.auth }, 404);
      expect(failure.message).toBe(SAVED_DESIGN_NOT_FOUND);
    }
    const list = await call(t.app, { url: '/api/v1/designs', headers: stranger.auth });
    expect(list.body.result).toEqual([]);
    expect((await expectResult(t.app, { url, headers: owner.auth }, SavedDesignSchema)).name).toBe(
      'My tee',
    );
  });
});

describe('orders and print files', () => {
  it('freezes the design and print areas at checkout, and prints from them', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const user = await signUp(t.app);
    const picture = await uploadPng(user);
    const design: Design = {
      front: [text({ arcDegrees: 120, xMm: 150, yMm: 80 }), image(picture._id)],
      back: [text({ xMm: 100, yMm: 75, fontSizeMm: 12, fontId: 'inter', bold: true })],
    };
    const saved = await saveDesign(user, tee, design);
    await addLine(user, tee, saved.design);
    await addLine(user, tee);
    const order = await checkout(user);
    const [customised, plainItem] = order.items;
    const white = { name: 'White', hex: '#ffffff' };
    expect(customised).toMatchObject({
      design,
      printAreas: TEE.printAreas,
      color: white,
      price: 748.5,
    });
    expect(plainItem).toMatchObject({ design: null, printAreas: null, color: white, price: 499 });

    // The shopper edits the saved design, the owner the product: the order keeps its copy.
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/designs/${saved._id}`,
      headers: user.auth,
      payload: { design: { front: [text({ text: 'Changed' })], back: [] } },
    });
    const product = await expectResult(t.app, `/api/v1/product/${tee}`, ProductSchema);
    const changedArea = { xMm: 100, yMm: 100, widthMm: 250, heightMm: 250 };
    await expectResult(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/admin/products/${tee}`,
        headers: admin.auth,
        payload: {
          ...productBody({ title: 'Changed tee' }),
          customisation: {
            ...product.customisation,
            printAreas: { front: changedArea, back: changedArea },
          },
        },
      },
      AdminProductSchema,
    );
    const again = await expectResult(
      t.app,
      { url: `/api/v1/order/${order._id}`, headers: user.auth },
      OrderSchema,
    );
    // The owner made it navy: the print shop still picks the white blank that was ordered.
    expect(product.color).toEqual(white);
    expect(again.items[0]).toMatchObject({ design, printAreas: TEE.printAreas, color: white });

    // 300 × 400 mm at 300 DPI, and the back's 200 × 150 mm.
    for (const [side, width, height] of [
      ['front', 3543, 4724],
      ['back', 2362, 1772],
    ] as const) {
      const response = await printFile(admin, order._id, customised?._id ?? '', side);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      // Named by what the print shop picks: the line, its size and garment colour, the side.
      expect(response.headers['content-disposition']).toContain(
        `order-${shortOrderNumber(order._id)}-line-1-M-white-${side}.png`,
      );
      const png = sharp(response.rawPayload);
      const metadata = await png.metadata();
      expect(metadata).toMatchObject({
        format: 'png',
        width,
        height,
        hasAlpha: true,
        density: 300,
      });
      // Transparent where nothing is printed, and something printed somewhere.
      const { data, info } = await png.raw().toBuffer({ resolveWithObject: true });
      expect(data[3]).toBe(0);
      let inked = 0;
      for (let index = 3; index < data.length; index += info.channels * 97) {
        if ((data[index] ?? 0) > 0) inked += 1;
      }
      expect(inked).toBeGreaterThan(0);
      if (side === 'front') {
        // The uploaded picture, read from storage, covers its centre: (150, 250) mm.
        const centre =
          (Math.round((250 / 25.4) * 300) * info.width + Math.round((150 / 25.4) * 300)) * 4;
        expect([...data.subarray(centre, centre + 4)]).toEqual([10, 120, 200, 255]);
      }
    }
    // The plain line, and an order item of no such order, print nothing.
    expect((await printFile(admin, order._id, plainItem?._id ?? '', 'front')).statusCode).toBe(404);
    expect(
      (await printFile(admin, order._id, '00000000-0000-4000-8000-000000000000', 'front'))
        .statusCode,
    ).toBe(404);
    expect((await printFile(admin, order._id, customised?._id ?? '', 'sleeve')).statusCode).toBe(
      400,
    );
    // Shoppers, the buyer included, get no print file.
    expect((await printFile(user, order._id, customised?._id ?? '', 'front')).statusCode).toBe(403);
    expect(
      (await t.app.inject(`/api/v1/admin/orders/${order._id}/items/x/print/front`)).statusCode,
    ).toBe(401);
  });

  it('checks a customised line again at checkout: the owner may have stopped designs since', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const user = await signUp(t.app);
    await addLine(user, tee, { front: [text()], back: [] });
    await t.db.update(products).set({ customisable: false }).where(eq(products.id, tee));
    await addAddress(t.app, user);
    const failure = await expectFailure(
      t.app,
      checkoutRequest(user, { paymentMethod: 'cash' }),
      400,
    );
    expect(failure.errors).toEqual([{ field: 'cart', message: NOT_CUSTOMISABLE_MESSAGE }]);
    const orders = await call(t.app, { url: '/api/v1/order/history', headers: user.auth });
    expect(orders.body.result).toEqual([]);
  });

  it('keeps the images a line, design or order uses; removes a guest’s unused upload after 6 hours, an account’s after 72', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const user = await signUp(t.app);
    const onCart = await uploadPng(user, [1, 2, 3]);
    const onSaved = await uploadPng(user, [4, 5, 6]);
    const onOrder = await uploadPng(user, [7, 8, 9]);
    const unusedByUser = await uploadPng(user, [13, 14, 15]);
    const unused = await uploadPng(undefined, [10, 11, 12]);
    const design = (id: string): Design => ({ front: [image(id)], back: [] });
    await addLine(user, tee, design(onOrder._id));
    await checkout(user);
    await addLine(user, tee, design(onCart._id));
    await saveDesign(user, tee, design(onSaved._id));

    const sweep = uploadsService();
    const later = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);
    expect(DESIGN_IMAGE_GUEST_UNUSED_HOURS).toBe(6);
    expect(await sweep.deleteUnusedImages(later(DESIGN_IMAGE_GUEST_UNUSED_HOURS - 1))).toBe(0);
    expect((await t.app.inject(unused.url)).statusCode).toBe(200);
    await sweep.deleteUnusedImages(later(DESIGN_IMAGE_GUEST_UNUSED_HOURS + 1));
    expect((await t.app.inject(unused.url)).statusCode).toBe(404);
    expect((await t.app.inject(unusedByUser.url)).statusCode).toBe(200);
    await sweep.deleteUnusedImages(later(DESIGN_IMAGE_UNUSED_HOURS + 1));
    expect((await t.app.inject(unusedByUser.url)).statusCode).toBe(404);
    for (const kept of [onCart, onSaved, onOrder]) {
      expect((await t.app.inject(kept.url)).statusCode).toBe(200);
    }
    const stored = await t.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.id, unused._id));
    expect(stored).toEqual([]);
    // A design naming the expired upload is refused: upload it again.
    const refused = await addDesignedLine(user, tee, design(unused._id));
    expect(refused.body.errors).toEqual([{ field: 'design', message: IMAGE_NOT_UPLOADED }]);
  });
});

describe('admin product customisation', () => {
  it('creates a product with its customisation and keeps it when an update leaves it out', async () => {
    const customisation = {
      customisable: true,
      printAreas: {
        front: { xMm: 100, yMm: 100, widthMm: 250, heightMm: 300 },
        back: { xMm: 100, yMm: 100, widthMm: 250, heightMm: 300 },
      },
      decorationPrice: { front: 120.5, back: 80 },
      blank: true,
    };
    const created = await addProduct(t.app, admin, productBody({ customisation }));
    expect(created.customisation).toEqual(customisation);
    const updated = await expectResult(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/admin/products/${created._id}`,
        headers: admin.auth,
        payload: productBody({ title: 'Renamed' }),
      },
      AdminProductSchema,
    );
    expect(updated.customisation).toEqual(customisation);
    const plain = await addProduct(t.app, admin);
    expect(plain.customisation.customisable).toBe(false);
  });

  it.each([
    [
      { front: { xMm: 400, yMm: 0, widthMm: 300, heightMm: 300 } },
      'customisation.printAreas.front',
      'must lie on the 600 × 700 mm mock-up',
    ],
    [
      { front: { xMm: 0, yMm: 0, widthMm: 10, heightMm: 300 } },
      'customisation.printAreas.front.widthMm',
      'at least 50 mm',
    ],
  ])('refuses a print area off the mock-up or too small', async (areas, field, message) => {
    const body = productBody({
      customisation: {
        customisable: true,
        printAreas: { back: { xMm: 0, yMm: 0, widthMm: 100, heightMm: 100 }, ...areas },
        decorationPrice: { front: 1, back: 1 },
      },
    });
    const failure = await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/admin/products', headers: admin.auth, payload: body },
      400,
    );
    expect(failure.errors?.find((entry) => entry.field === field)?.message).toContain(message);
  });

  it('refuses a negative decoration price', async () => {
    const body = productBody({
      customisation: {
        customisable: true,
        printAreas: TEE.printAreas,
        decorationPrice: { front: -1, back: 0 },
      },
    });
    const failure = await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/admin/products', headers: admin.auth, payload: body },
      400,
    );
    expect(failure.errors).toEqual([
      {
        field: 'customisation.decorationPrice.front',
        message: 'The front decoration price must be 0 or more',
      },
    ]);
  });
});
