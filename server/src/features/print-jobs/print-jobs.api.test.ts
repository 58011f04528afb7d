import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  type Design,
  type Layer,
  type Order,
  OrderSchema,
  PRINT_FILE_FAILED_MESSAGE,
  type PrintArea,
  printFilesNotReadyMessage,
  shortOrderNumber,
  type TextLayer,
} from '#contract';
import type { ProductCustomisationColumns } from '#server/db/schema/catalogue.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createDesignsService } from '#server/features/designs/designs.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { createPrintWorker, PRINT_WORKER_DEFAULTS, type RenderPrint } from './print-worker.ts';

let t: TestApp;
let admin: SignedUp;

/** Small print areas, so the real renderer draws them in moments. */
const TEE: ProductCustomisationColumns = {
  customisable: true,
  printAreas: {
    front: { xMm: 150, yMm: 150, widthMm: 60, heightMm: 50 },
    back: { xMm: 150, yMm: 120, widthMm: 50, heightMm: 50 },
  },
  decorationFrontPaise: 15_000,
  decorationBackPaise: 9_950,
};

const text = (words: string, overrides: Partial<TextLayer> = {}): TextLayer => ({
  id: 't1',
  type: 'text',
  text: words,
  fontId: 'inter',
  colorId: 'red',
  fontSizeMm: 6,
  bold: false,
  italic: false,
  align: 'center',
  arcDegrees: 0,
  xMm: 25,
  yMm: 25,
  rotationDeg: 0,
  ...overrides,
});

/** A design of its own for each test, so no test's prints are another's. */
const frontAndBack = (words = randomUUID().slice(0, 8)): Design => ({
  front: [text(`Front ${words}`)],
  back: [text(`Back ${words}`)],
});

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

async function order(
  user: SignedUp,
  lines: { productId: string; size: string; quantity?: number; design?: Design }[],
): Promise<Order> {
  for (const { productId, size, quantity = 1, design } of lines) {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/cart/create',
      headers: user.auth,
      payload: { productId, size, quantity, design },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  await addAddress(t.app, user);
  return expectResult(t.app, checkoutRequest(user, { paymentMethod: 'cash' }), OrderSchema, 201);
}

const adminOrder = (orderId: string) =>
  expectResult(
    t.app,
    { url: `/api/v1/admin/orders/${orderId}`, headers: admin.auth },
    AdminOrderSchema,
  );

const zipOf = (orderId: string, user: SignedUp = admin) =>
  t.app.inject({ url: `/api/v1/admin/orders/${orderId}/print-files`, headers: user.auth });

/** The real renderer, as the server's workers use it. */
const realRender = (): RenderPrint =>
  createDesignsService(t.db, {
    media: createMediaService(t.db),
    catalogue: createCatalogueService(t.db),
  }).renderPrint;

/** A stand-in renderer that counts what it draws: a 2 × 2 PNG whose red says which call made it. */
function countingRender() {
  const drawn: string[] = [];
  const render: RenderPrint = async (layers: readonly Layer[], area: PrintArea) => {
    drawn.push(JSON.stringify({ layers, area }));
    // Gives the other worker its turn while this one holds its job.
    await new Promise((resolve) => setImmediate(resolve));
    return sharp({
      create: {
        width: 2,
        height: 2,
        channels: 4,
        background: { r: drawn.length, g: 0, b: 0, alpha: 1 },
      },
    })
      .png()
      .toBuffer();
  };
  return { render, drawn };
}

const workerWith = (render: RenderPrint, overrides: Partial<typeof PRINT_WORKER_DEFAULTS> = {}) =>
  createPrintWorker(t.db, render, { ...PRINT_WORKER_DEFAULTS, ...overrides });

/** Runs workers side by side until the queue has nothing due. */
async function drain(...workers: ReturnType<typeof workerWith>[]) {
  for (;;) {
    const handled = await Promise.all(workers.map((worker) => worker.runOnce()));
    if (handled.every((count) => count === 0)) return;
  }
}

describe('the print queue (decision 059)', () => {
  it('queues each printed side of each line when the order is placed', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5, L: 5 }, customisation: TEE });
    const user = await signUp(t.app);
    const design = frontAndBack();
    const placed = await order(user, [
      { productId: tee, size: 'M', design },
      { productId: tee, size: 'L' },
    ]);
    const found = await adminOrder(placed._id);
    const [customised] = placed.items;
    expect(found.prints).toEqual([
      { itemId: customised?._id, side: 'front', status: 'queued' },
      { itemId: customised?._id, side: 'back', status: 'queued' },
    ]);
  });

  it('makes each distinct print once, however many lines and orders print it', async () => {
    const tee = await createProduct(t.db, { stock: { S: 5, M: 5, L: 5 }, customisation: TEE });
    const words = randomUUID().slice(0, 8);
    const design = frontAndBack(words);
    const first = await order(await signUp(t.app), [
      { productId: tee, size: 'S', design },
      { productId: tee, size: 'M', quantity: 2, design },
    ]);
    const second = await order(await signUp(t.app), [{ productId: tee, size: 'L', design }]);
    const { render, drawn } = countingRender();
    await drain(workerWith(render));
    // Three lines of one design, in two orders: its front and its back, drawn once each.
    expect(drawn.filter((print) => print.includes(words))).toHaveLength(2);
    for (const placed of [first, second]) {
      const { prints } = await adminOrder(placed._id);
      expect(prints.length).toBe(placed.items.length * 2);
      expect(prints.every((print) => print.status === 'done')).toBe(true);
    }
  });

  it('never lets two workers make one job twice', async () => {
    const tee = await createProduct(t.db, { stock: { M: 20 }, customisation: TEE });
    const words = randomUUID().slice(0, 6);
    const lines = Array.from({ length: 6 }, (_, index) => ({
      productId: tee,
      size: 'M',
      design: frontAndBack(`${words}${index}`),
    }));
    const placed = await order(await signUp(t.app), lines);
    const { render, drawn } = countingRender();
    await drain(workerWith(render), workerWith(render));
    // Six designs, front and back: twelve prints, each drawn by one worker, on its first claim.
    const ours = drawn.filter((print) => print.includes(words));
    expect(ours).toHaveLength(12);
    expect(new Set(ours).size).toBe(12);
    const { prints } = await adminOrder(placed._id);
    expect(prints.every((print) => print.status === 'done')).toBe(true);
  });

  it('answers every print file of an order in one ZIP, named by side, size and name, sorted by size', async () => {
    const tee = await createProduct(t.db, { stock: { S: 5, M: 5, L: 5 }, customisation: TEE });
    const design = frontAndBack();
    const frontOnly: Design = { front: [text(`Only ${randomUUID().slice(0, 8)}`)], back: [] };
    const placed = await order(await signUp(t.app), [
      { productId: tee, size: 'L', design: frontOnly },
      { productId: tee, size: 'M', quantity: 2, design },
      { productId: tee, size: 'S', design },
      { productId: tee, size: 'M' },
    ]);
    const waiting = await zipOf(placed._id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe(printFilesNotReadyMessage(0, 5));

    await drain(workerWith(realRender()));
    const response = await zipOf(placed._id);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      `order-${shortOrderNumber(placed._id)}-print-files.zip`,
    );
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    // One file a piece and side: S, then the two M pieces, then L; the plain M prints nothing.
    expect(Object.keys(entries)).toEqual([
      'back-S-plain-1.png',
      'front-S-plain-1.png',
      'back-M-plain-1.png',
      'back-M-plain-2.png',
      'front-M-plain-1.png',
      'front-M-plain-2.png',
      'front-L-plain-1.png',
    ]);
    // The back's 50 × 50 mm at 300 DPI, as the single download draws it.
    const back = entries['back-S-plain-1.png'] ?? new Uint8Array();
    expect(await sharp(back).metadata()).toMatchObject({
      format: 'png',
      width: 591,
      height: 591,
      density: 300,
    });
    const single = await t.app.inject({
      url: `/api/v1/admin/orders/${placed._id}/items/${placed.items[2]?._id}/print/back`,
      headers: admin.auth,
    });
    expect(Buffer.compare(single.rawPayload, Buffer.from(back))).toBe(0);
  });

  it("serves a line's print file from its job once made", async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const placed = await order(await signUp(t.app), [
      { productId: tee, size: 'M', design: frontAndBack() },
    ]);
    const { render } = countingRender();
    await drain(workerWith(render));
    const response = await t.app.inject({
      url: `/api/v1/admin/orders/${placed._id}/items/${placed.items[0]?._id}/print/back`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
    // The stand-in's 2 × 2 file, not a 50 × 50 mm one drawn again.
    expect((await sharp(response.rawPayload).metadata()).width).toBe(2);
  });

  it('retries a print that fails, marks it failed after the last attempt, and the ZIP says so', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const placed = await order(await signUp(t.app), [
      {
        productId: tee,
        size: 'M',
        design: { front: [text(`Fails ${randomUUID().slice(0, 8)}`)], back: [] },
      },
    ]);
    let tries = 0;
    const failing = workerWith(
      async () => {
        tries += 1;
        throw new Error('resvg ran out of memory');
      },
      { retryBaseMs: 0, maxAttempts: 2 },
    );
    await drain(failing);
    expect(tries).toBe(2);
    expect((await adminOrder(placed._id)).prints).toEqual([
      { itemId: placed.items[0]?._id, side: 'front', status: 'failed' },
    ]);
    expect((await zipOf(placed._id)).json().message).toBe(PRINT_FILE_FAILED_MESSAGE);
  });

  it('gives the ZIP to admins only', async () => {
    const tee = await createProduct(t.db, { stock: { M: 5 }, customisation: TEE });
    const buyer = await signUp(t.app);
    const placed = await order(buyer, [{ productId: tee, size: 'M', design: frontAndBack() }]);
    await expectFailure(
      t.app,
      { url: `/api/v1/admin/orders/${placed._id}/print-files`, headers: buyer.auth },
      403,
    );
    await expectFailure(t.app, `/api/v1/admin/orders/${placed._id}/print-files`, 401);
    await expectFailure(
      t.app,
      {
        url: '/api/v1/admin/orders/00000000-0000-4000-8000-000000000000/print-files',
        headers: admin.auth,
      },
      404,
    );
  });
});
