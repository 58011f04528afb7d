import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESIGN_IMAGE_STORED_MAX_SIDE,
  DESIGN_LIMITS,
  type Design,
  DesignImageSchema,
  GUEST_UPLOADS_FULL_MESSAGE,
  guestUploadBudgetMessage,
  SavedDesignSchema,
} from '#contract';
import { savedDesigns } from '#server/db/schema/designs.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { call, expectResult } from '#server-test/http.ts';
import { imageBytes } from '#server-test/image-fixtures.ts';
import {
  databaseUrlOf,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from '#server-test/processes.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createDesignUploadsService, type GuestUploadLimits } from './design-uploads.service.ts';

const MB = 1024 * 1024;
/** Small budgets, so a few ~0.5 MB pictures reach them. */
const LIMITS: GuestUploadLimits = { bytesPerAddressPerDay: 1 * MB, unclaimedBytes: 2 * MB };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      DESIGN_UPLOAD_GUEST_MB_PER_DAY: String(LIMITS.bytesPerAddressPerDay / MB),
      DESIGN_UPLOAD_GUEST_UNCLAIMED_MB: String(LIMITS.unclaimedBytes / MB),
    },
  });
});
afterAll(() => t.close());

let clients = 0;
const nextClient = () => `10.23.${Math.floor(++clients / 250)}.${clients % 250}`;

let seed = 0;
/** A PNG of noise, so it stays about 3 bytes a pixel (400 × 400 ≈ 0.46 MB); each one distinct. */
async function noisyPng(width = 400, height = 400): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = ++seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    pixels[index] = state >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const upload = (bytes: Buffer, remoteAddress: string, user?: SignedUp) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/design-images',
    headers: { 'content-type': 'image/png', ...user?.auth },
    payload: bytes,
    remoteAddress,
  });

const uploadsService = () =>
  createDesignUploadsService(
    t.db,
    { media: createMediaService(t.db), rateLimits: createRateLimitsService(t.db) },
    LIMITS,
  );

const later = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);

const TEE = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};

describe('guest upload budgets', () => {
  it('stores a picture larger than any print needs downscaled to what 600 mm takes at 300 DPI', async () => {
    // 8000 × 4000: the longest side an image layer prints (600 mm) needs 7087 px at 300 DPI.
    const response = await upload(await imageBytes('png', 8000, 4000), nextClient());
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const uploaded = DesignImageSchema.parse(response.body.result);
    expect(DESIGN_IMAGE_STORED_MAX_SIDE).toBe(7087);
    expect(uploaded).toMatchObject({ width: 7087, height: 3544 });
    const served = await t.app.inject(uploaded.url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 7087, height: 3544 });
    // A picture within that is stored at its own size.
    const small = await upload(await imageBytes('png', 3000, 2000), nextClient());
    expect(small.body.result).toMatchObject({ width: 3000, height: 2000 });
  });

  it('refuses a guest address past its bytes for the day with a 429; others and accounts go on', async () => {
    const client = nextClient();
    const [first, second, third] = await Promise.all([noisyPng(), noisyPng(), noisyPng()]);
    if (!first || !second || !third) throw new Error('no pictures');
    expect(first.length + second.length).toBeLessThan(LIMITS.bytesPerAddressPerDay);
    expect(first.length + second.length + third.length).toBeGreaterThan(
      LIMITS.bytesPerAddressPerDay,
    );
    expect((await upload(first, client)).status).toBe(201);
    expect((await upload(second, client)).status).toBe(201);
    const refused = await upload(third, client);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(guestUploadBudgetMessage(LIMITS.bytesPerAddressPerDay));
    // A refused or failed upload costs nothing: a broken file does not use up the day.
    expect((await upload(Buffer.from('not a png'), nextClient())).status).toBe(415);
    expect((await upload(third, nextClient())).status).toBe(201);
    const user = await signUp(t.app);
    expect((await upload(third, client, user)).status).toBe(201);
  });

  it('answers 503 while unclaimed guest uploads fill their room; a design claiming one, or the sweep, frees it', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    // The previous tests' guest uploads are swept first: this test counts its own.
    await uploadsService().deleteUnusedImages(later(7));
    const pictures = await Promise.all(Array.from({ length: 6 }, () => noisyPng()));
    const stored: string[] = [];
    let full: Awaited<ReturnType<typeof upload>> | undefined;
    for (const picture of pictures) {
      const response = await upload(picture, nextClient());
      if (response.status !== 201) {
        full = response;
        break;
      }
      stored.push(DesignImageSchema.parse(response.body.result)._id);
    }
    expect(stored.length).toBe(4);
    expect(full?.status).toBe(503);
    expect(full?.body.message).toBe(GUEST_UPLOADS_FULL_MESSAGE);
    const spare = pictures[5];
    if (!spare) throw new Error('no spare picture');
    // A signed-in shopper's upload is theirs, not a guest's: it still goes in.
    const user = await signUp(t.app);
    expect((await upload(spare, nextClient(), user)).status).toBe(201);

    // A shopper who signs in and saves the design claims the image: room for one more.
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/designs',
        headers: user.auth,
        payload: {
          name: 'Claimed',
          productId: tee,
          design: {
            front: [
              {
                id: 'i1',
                type: 'image',
                imageId: stored[0],
                xMm: 150,
                yMm: 200,
                widthMm: 100,
                heightMm: 100,
                rotationDeg: 0,
              },
            ],
            back: [],
          },
        },
      },
      SavedDesignSchema,
      201,
    );
    const [another, yetAnother] = await Promise.all([noisyPng(), noisyPng()]);
    if (!another || !yetAnother) throw new Error('no pictures');
    expect((await upload(another, nextClient())).status).toBe(201);
    expect((await upload(yetAnother, nextClient())).status).toBe(503);

    // Unclaimed guest uploads expire after 6 hours: the sweep then frees their room.
    expect(await uploadsService().deleteUnusedImages(later(5))).toBe(0);
    expect(await uploadsService().deleteUnusedImages(later(7))).toBe(4);
    expect((await upload(yetAnother, nextClient())).status).toBe(201);
  });
});

describe.skipIf(inject('testDatabase').kind !== 'postgres')(
  'two server processes on one PostgreSQL',
  () => {
    let servers: ShopProcess[] = [];
    let tee = '';
    beforeAll(async () => {
      if (inject('testDatabase').kind !== 'postgres') return;
      tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
      // Client addresses come from X-Forwarded-For, so each test has its own.
      servers = await startShopProcesses(2, await databaseUrlOf(t.db), {
        TRUST_PROXY: 'true',
        DESIGN_UPLOAD_GUEST_MB_PER_DAY: String(LIMITS.bytesPerAddressPerDay / MB),
      });
    }, 60_000);
    afterAll(() => stopShopProcesses(servers));

    /** The requests at once, alternating between the two processes; answers their statuses. */
    function burst(requests: { path: string; init: RequestInit }[]) {
      return Promise.all(
        requests.map(async ({ path, init }, index) => {
          const server = servers[index % servers.length];
          if (!server) throw new Error('The servers did not start');
          const response = await fetch(`${server.base}${path}`, init);
          await response.arrayBuffer();
          return response.status;
        }),
      );
    }

    it('one guest address gets its day’s bytes once, whichever process takes them', async () => {
      const address = nextClient();
      const pictures = await Promise.all(Array.from({ length: 6 }, () => noisyPng()));
      const statuses = await burst(
        pictures.map((picture) => ({
          path: '/api/v1/design-images',
          init: {
            method: 'POST',
            headers: { 'content-type': 'image/png', 'x-forwarded-for': address },
            body: new Uint8Array(picture),
          },
        })),
      );
      // Two ~0.46 MB pictures fit in 1 MB; the third would not.
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    });

    it(`keeps exactly ${DESIGN_LIMITS.savedDesignsPerUser} designs when both processes create at once`, async () => {
      const user = await signUp(t.app);
      const design: Design = {
        front: [
          {
            id: 't1',
            type: 'text',
            text: 'Race',
            fontId: 'inter',
            colorId: 'black',
            fontSizeMm: 20,
            bold: false,
            italic: false,
            align: 'center',
            arcDegrees: 0,
            xMm: 150,
            yMm: 200,
            rotationDeg: 0,
          },
        ],
        back: [],
      };
      const room = 5;
      await t.db.insert(savedDesigns).values(
        Array.from({ length: DESIGN_LIMITS.savedDesignsPerUser - room }, (_, index) => ({
          userId: user.user._id,
          productId: tee,
          name: `Design ${index}`,
          design,
        })),
      );
      const statuses = await burst(
        Array.from({ length: 4 * room }, (_, index) => ({
          path: '/api/v1/designs',
          init: {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': nextClient(),
              ...user.auth,
            },
            body: JSON.stringify({ name: `Race ${index}`, productId: tee, design }),
          },
        })),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(room);
      expect(statuses.filter((status) => status === 409)).toHaveLength(3 * room);
      const mine = await call(t.app, { url: '/api/v1/designs', headers: user.auth });
      expect(mine.body.result).toHaveLength(DESIGN_LIMITS.savedDesignsPerUser);
    });
  },
);
