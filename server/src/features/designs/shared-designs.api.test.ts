import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Design,
  SavedDesignSchema,
  SHARE_TOKEN_PATTERN,
  ShareDesignResultSchema,
  SharedDesignSchema,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { archiveProduct, createProduct } from '#server-test/catalogue-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { SHARED_DESIGN_IMAGE_WIDTH_PX } from './shared-designs.service.ts';

let t: TestApp;

const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 },
    back: { xMm: 200, yMm: 120, widthMm: 200, heightMm: 150 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};

const DESIGN: Design = {
  front: [
    {
      id: 't1',
      type: 'text',
      text: 'TEAM',
      fontId: 'bebas-neue',
      colorId: 'red',
      fontSizeMm: 60,
      bold: false,
      italic: false,
      align: 'center',
      arcDegrees: 0,
      xMm: 150,
      yMm: 120,
      rotationDeg: 0,
    },
  ],
  back: [],
};

const share = (user: SignedUp, id: string) =>
  expectResult(
    t.app,
    { method: 'POST', url: `/api/v1/designs/${id}/share`, headers: user.auth },
    ShareDesignResultSchema,
  );

const stopSharing = (user: SignedUp, id: string) =>
  call(t.app, { method: 'DELETE', url: `/api/v1/designs/${id}/share`, headers: user.auth });

/** The token at the end of a shared link. */
const tokenOf = (url: string) => new URL(url).pathname.split('/')[2] ?? '';

async function savedDesign(user: SignedUp, productId: string) {
  return expectResult(
    t.app,
    {
      method: 'POST',
      url: '/api/v1/designs',
      headers: user.auth,
      payload: { name: 'Fest tee', productId, design: DESIGN },
    },
    SavedDesignSchema,
    201,
  );
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
});
afterAll(() => t.close());

describe('sharing a saved design by link', () => {
  it('answers a link with a random URL-safe token, the same one while shared', async () => {
    const owner = await signUp(t.app);
    const tee = await createProduct(t.db, { customisation: TEE });
    const saved = await savedDesign(owner, tee);
    expect(saved.sharePath).toBeNull();

    const { url } = await share(owner, saved._id);
    expect(url).toMatch(/^https:\/\/shop\.example\/d\/[A-Za-z0-9_-]{43}$/);
    expect(tokenOf(url)).toMatch(SHARE_TOKEN_PATTERN);
    expect(await share(owner, saved._id)).toEqual({ url });
    const [listed] = await expectResult(
      t.app,
      { url: '/api/v1/designs', headers: owner.auth },
      SavedDesignSchema.array(),
    );
    expect(listed?.sharePath).toBe(new URL(url).pathname);

    const read = await expectResult(
      t.app,
      `/api/v1/shared-designs/${tokenOf(url)}`,
      SharedDesignSchema,
    );
    expect(read).toMatchObject({ name: 'Fest tee', design: DESIGN, product: { _id: tee } });
  });

  it('stops: the link and its picture answer 404, and sharing again makes a new link', async () => {
    const owner = await signUp(t.app);
    const saved = await savedDesign(owner, await createProduct(t.db, { customisation: TEE }));
    const { url } = await share(owner, saved._id);
    const token = tokenOf(url);

    expect((await stopSharing(owner, saved._id)).status).toBe(200);
    await expectFailure(t.app, `/api/v1/shared-designs/${token}`, 404);
    expect((await t.app.inject(`/d/${token}/image.png`)).statusCode).toBe(404);
    const again = await share(owner, saved._id);
    expect(tokenOf(again.url)).not.toBe(token);
  });

  it('is the owner’s alone: another shopper gets 404, a guest 401', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const saved = await savedDesign(owner, await createProduct(t.db, { customisation: TEE }));
    const { url } = await share(owner, saved._id);

    await expectFailure(
      t.app,
      { method: 'POST', url: `/api/v1/designs/${saved._id}/share`, headers: stranger.auth },
      404,
    );
    expect((await stopSharing(stranger, saved._id)).status).toBe(404);
    await expectFailure(t.app, { method: 'POST', url: `/api/v1/designs/${saved._id}/share` }, 401);
    await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/designs/not-an-id/share', headers: owner.auth },
      404,
    );
    // The stranger's stop changed nothing.
    await expectResult(t.app, `/api/v1/shared-designs/${tokenOf(url)}`, SharedDesignSchema);
  });

  it('answers 404 for a token never issued, and once the product is off sale', async () => {
    await expectFailure(t.app, `/api/v1/shared-designs/${'A'.repeat(43)}`, 404);
    await expectFailure(t.app, '/api/v1/shared-designs/short', 404);
    const owner = await signUp(t.app);
    const tee = await createProduct(t.db, { customisation: TEE });
    const { url } = await share(owner, (await savedDesign(owner, tee))._id);
    await archiveProduct(t.db, tee);
    await expectFailure(t.app, `/api/v1/shared-designs/${tokenOf(url)}`, 404);
  });
});

describe('GET /d/{token}/image.png', () => {
  it('is a PNG of the design on its garment, kept by caches a few minutes', async () => {
    const owner = await signUp(t.app);
    const tee = await createProduct(t.db, {
      customisation: TEE,
      color: { name: 'Navy', hex: '#1f2a44' },
    });
    const { url } = await share(owner, (await savedDesign(owner, tee))._id);

    const response = await t.app.inject(`/d/${tokenOf(url)}/image.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const picture = sharp(response.rawPayload);
    const metadata = await picture.metadata();
    expect(metadata).toMatchObject({ format: 'png', width: SHARED_DESIGN_IMAGE_WIDTH_PX });
    // Not blank: the navy garment and the red text are both in it.
    const { channels } = await picture.stats();
    const [red, green, blue] = channels;
    expect(red && red.max - red.min).toBeGreaterThan(100);
    expect(blue?.max).toBeGreaterThan(0x40);
    expect(green?.min).toBeLessThan(0x30);
  });
});
