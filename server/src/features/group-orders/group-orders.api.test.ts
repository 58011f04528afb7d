import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CartItemSchema,
  DesignImageSchema,
  GROUP_CLOSED_MESSAGE,
  GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE,
  GROUP_NOTHING_TO_ORDER_MESSAGE,
  GROUP_SIZE_NOT_OFFERED_MESSAGE,
  GroupEntrySchema,
  GroupOrderSchema,
  GroupPiecesToCartSchema,
  PERSONALISATION_EMPTY_MESSAGE,
  QuoteSchema,
  SavedDesignSchema,
} from '#contract';
import { cartItems } from '#server/db/schema/cart.ts';
import { productStock } from '#server/db/schema/catalogue.ts';
import { designImages } from '#server/db/schema/designs.ts';
import { groupOrderEntries, groupOrders } from '#server/db/schema/group-orders.ts';
import { createDesignUploadsService } from '#server/features/designs/design-uploads.service.ts';
import { createMediaService } from '#server/features/media/media.service.ts';
import { createRateLimitsService } from '#server/features/rate-limits/rate-limits.service.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { addAddress, checkOut, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import {
  createTeamTee,
  groupOrdersServiceOn,
  joinGroup,
  memberBody,
  nextMemberAddress,
  startGroup,
  TEAM_DESIGN,
} from '#server-test/group-order-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { imageBytes } from '#server-test/image-fixtures.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { ONLY_ORGANISER_MESSAGE } from './group-orders.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getGroup = (token: string, user?: SignedUp) =>
  expectResult(
    t.app,
    { url: `/api/v1/group-orders/${token}`, headers: { ...user?.auth } },
    GroupOrderSchema,
  );

const cartOf = (user: SignedUp) =>
  expectResult(t.app, { url: '/api/v1/cart/get-all', headers: user.auth }, z.array(CartItemSchema));

/** Moves a group's deadline into the past, as time passing would. */
const passDeadline = (token: string) =>
  t.db
    .update(groupOrders)
    .set({ closesAt: new Date(Date.now() - 1000) })
    .where(eq(groupOrders.token, token));

describe('starting a group order', () => {
  it('answers a link of at least 128 random bits that shows the design, price and sizes', async () => {
    const { token, url, organiser, productId } = await startGroup(t.app, t.db);
    expect(token).toMatch(/^[\w-]{43,}$/);
    expect(url).toMatch(new RegExp(`/g/${token}$`));

    const asGuest = await getGroup(token);
    expect(asGuest).toMatchObject({
      organiserName: 'Ravi Organiser',
      product: { _id: productId, sizes: ['S', 'M', 'L'] },
      design: TEAM_DESIGN,
      // ₹499 and ₹100 for the printed back.
      unitPrice: 599,
      status: 'open',
      pieces: 0,
      isOrganiser: false,
      entries: null,
    });
    expect(await getGroup(token, organiser)).toMatchObject({ isOrganiser: true, entries: [] });
  });

  it("refuses 'each pays' without online payment, a deadline in the past, and another shopper's design", async () => {
    const organiser = await signUp(t.app);
    const productId = await createTeamTee(t.db);
    const saved = await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/designs',
        headers: organiser.auth,
        payload: { name: 'Falcons', productId, design: TEAM_DESIGN },
      },
      SavedDesignSchema,
      201,
    );
    const create = (user: SignedUp, overrides: Record<string, unknown>) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/group-orders',
        headers: user.auth,
        payload: {
          productId,
          designId: saved._id,
          closesAt: new Date(Date.now() + 86_400_000).toISOString(),
          payer: 'organiser',
          personalise: false,
          ...overrides,
        },
      });
    expect(await create(organiser, { payer: 'each' })).toMatchObject({
      status: 400,
      body: { message: GROUP_EACH_PAYS_NEEDS_ONLINE_MESSAGE },
    });
    expect((await create(organiser, { closesAt: new Date(0).toISOString() })).status).toBe(400);
    expect((await create(await signUp(t.app), {})).status).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/group-orders', payload: {} })).status,
    ).toBe(401);
  });
});

describe("the group's design", () => {
  it('keeps the uploads it uses after the saved design it was copied from is deleted', async () => {
    const uploader = await signUp(t.app);
    const picture = await expectResult(
      t.app,
      {
        method: 'POST',
        url: '/api/v1/design-images',
        headers: { 'content-type': 'image/png', ...uploader.auth },
        payload: await imageBytes('png', 64, 64),
        remoteAddress: nextMemberAddress(),
      },
      DesignImageSchema,
      201,
    );
    const { organiser, savedDesignId } = await startGroup(t.app, t.db, {
      design: {
        ...TEAM_DESIGN,
        front: [
          {
            id: 'logo',
            type: 'image',
            imageId: picture._id,
            xMm: 100,
            yMm: 100,
            widthMm: 100,
            heightMm: 100,
            rotationDeg: 0,
          },
        ],
      },
    });
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/designs/${savedDesignId}`,
      headers: organiser.auth,
    });
    const uploads = createDesignUploadsService(
      t.db,
      { media: createMediaService(t.db), rateLimits: createRateLimitsService(t.db) },
      { bytesPerAddressPerDay: 1024 * 1024, unclaimedBytes: 1024 * 1024 },
    );
    await uploads.deleteUnusedImages(new Date(Date.now() + 30 * 86_400_000));
    const kept = await t.db
      .select()
      .from(designImages)
      .where(eq(designImages.imageId, picture._id));
    expect(kept).toHaveLength(1);
  });
});

describe('joining', () => {
  it('adds the member to the roster, with size totals, and emails them the link to change it', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    const joined = await joinGroup(t.app, token, { size: 'L', email: 'Asha@Example.com' });
    await joinGroup(t.app, token, { size: 'L' });
    await joinGroup(t.app, token, { size: 'S' });

    const view = await getGroup(token, organiser);
    expect(view.pieces).toBe(3);
    expect(view.sizeTotals).toEqual({ S: 1, L: 2 });
    expect(view.entries?.[0]).toMatchObject({ email: 'asha@example.com', size: 'L', paid: false });
    // A member's view shows counts, never the others' names and emails.
    expect(await getGroup(token)).toMatchObject({ pieces: 3, entries: null });

    const [mail] = await findMessagesTo(t.db, 'asha@example.com');
    expect(mail).toMatchObject({ kind: 'group-joined' });
    expect(mail?.text).toContain(
      `/g/${token}?entry=${joined.entry._id}&token=${joined.entryToken}`,
    );
  });

  it('refuses a size the product does not have, and a personalised piece with neither name nor number', async () => {
    const plain = await startGroup(t.app, t.db);
    const noXl = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/group-orders/${plain.token}/entries`,
        payload: memberBody({ size: 'XL' }),
        remoteAddress: nextMemberAddress(),
      },
      400,
    );
    expect(noXl.message).toBe(GROUP_SIZE_NOT_OFFERED_MESSAGE);

    const team = await startGroup(t.app, t.db, { personalise: true });
    const empty = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/group-orders/${team.token}/entries`,
        payload: memberBody(),
        remoteAddress: nextMemberAddress(),
      },
      400,
    );
    expect(empty.message).toBe(PERSONALISATION_EMPTY_MESSAGE);
    const long = await call(t.app, {
      method: 'POST',
      url: `/api/v1/group-orders/${team.token}/entries`,
      payload: memberBody({ playerName: 'THIRTEEN-CHAR' }),
      remoteAddress: nextMemberAddress(),
    });
    expect(long.status).toBe(400);
    const asha = await joinGroup(t.app, team.token, { playerName: 'ASHA', number: 7 });
    expect(asha.entry).toMatchObject({ playerName: 'ASHA', number: 7 });
    // A plain group keeps no name or number.
    const ignored = await joinGroup(t.app, plain.token, { playerName: 'ASHA', number: 7 });
    expect(ignored.entry).toMatchObject({ playerName: null, number: null });
  });

  it('is refused with 409 once the deadline has passed, before any sweep closes it', async () => {
    const { token } = await startGroup(t.app, t.db);
    await passDeadline(token);
    const late = await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/group-orders/${token}/entries`,
        payload: memberBody(),
        remoteAddress: nextMemberAddress(),
      },
      409,
    );
    expect(late.message).toBe(GROUP_CLOSED_MESSAGE);
  });

  it('answers 404 for a link that is no group', async () => {
    await expectFailure(t.app, '/api/v1/group-orders/not-a-group', 404);
  });
});

describe('changing and removing entries', () => {
  it("reads an entry as it stands for its member's edit form (the token of their link) and the organiser; nobody else", async () => {
    const { token, organiser } = await startGroup(t.app, t.db, { personalise: true });
    const { entry, entryToken } = await joinGroup(t.app, token, {
      name: 'Asha Rao',
      size: 'S',
      playerName: 'ASHA',
      number: 7,
    });
    const other = await joinGroup(t.app, token, { number: 8 });
    const read = (headers: Record<string, string>, entryId = entry._id) =>
      call(t.app, { url: `/api/v1/group-orders/${token}/entries/${entryId}`, headers });

    const mine = await read({ 'x-entry-token': entryToken });
    expect(mine.status).toBe(200);
    expect(GroupEntrySchema.parse(mine.body.result)).toEqual({ ...entry, refunded: 0 });
    expect(GroupEntrySchema.parse(mine.body.result)).toMatchObject({
      name: 'Asha Rao',
      size: 'S',
      playerName: 'ASHA',
      number: 7,
    });
    expect((await read(organiser.auth)).status).toBe(200);
    // Another member's token, a guess, no token, another shopper: not found.
    expect((await read({ 'x-entry-token': other.entryToken })).status).toBe(404);
    expect((await read({ 'x-entry-token': 'a-guess' })).status).toBe(404);
    expect((await read({})).status).toBe(404);
    expect((await read((await signUp(t.app)).auth)).status).toBe(404);
    expect((await read({ 'x-entry-token': entryToken }, 'not-an-id')).status).toBe(404);

    // What the form saves is what it reads next; once left, the link opens nothing.
    await call(t.app, {
      method: 'PATCH',
      url: `/api/v1/group-orders/${token}/entries/${entry._id}`,
      headers: { 'x-entry-token': entryToken },
      payload: { size: 'M', playerName: '', number: 9 },
    });
    expect((await read({ 'x-entry-token': entryToken })).body.result).toMatchObject({
      size: 'M',
      playerName: null,
      number: 9,
    });
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/group-orders/${token}/entries/${entry._id}`,
      headers: { 'x-entry-token': entryToken },
    });
    expect((await read({ 'x-entry-token': entryToken })).status).toBe(404);
  });

  it("lets the member change their entry with their link's token, and the organiser too; nobody else", async () => {
    const { token, organiser } = await startGroup(t.app, t.db, { personalise: true });
    const { entry, entryToken } = await joinGroup(t.app, token, { playerName: 'ASHA', number: 7 });
    const patch = (headers: Record<string, string>, payload: object) =>
      call(t.app, {
        method: 'PATCH',
        url: `/api/v1/group-orders/${token}/entries/${entry._id}`,
        headers,
        payload,
      });

    const mine = await patch({ 'x-entry-token': entryToken }, { size: 'L', number: 10 });
    expect(GroupEntrySchema.parse(mine.body.result)).toMatchObject({
      size: 'L',
      playerName: 'ASHA',
      number: 10,
    });
    expect((await patch(organiser.auth, { playerName: 'ASHA K' })).status).toBe(200);
    expect((await patch({ 'x-entry-token': 'a-guess' }, { size: 'S' })).status).toBe(404);
    expect((await patch((await signUp(t.app)).auth, { size: 'S' })).status).toBe(404);
    const roster = (await getGroup(token, organiser)).entries;
    expect(roster).toMatchObject([{ size: 'L', playerName: 'ASHA K', number: 10 }]);
  });

  it('lets a member leave and the organiser remove an entry; 409 after closing', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    const leaving = await joinGroup(t.app, token);
    const removed = await joinGroup(t.app, token);
    const staying = await joinGroup(t.app, token);
    const remove = (entryId: string, headers: Record<string, string>) =>
      call(t.app, {
        method: 'DELETE',
        url: `/api/v1/group-orders/${token}/entries/${entryId}`,
        headers,
      });

    expect((await remove(leaving.entry._id, { 'x-entry-token': leaving.entryToken })).status).toBe(
      200,
    );
    expect((await remove(removed.entry._id, organiser.auth)).status).toBe(200);
    expect((await getGroup(token, organiser)).entries?.map((entry) => entry._id)).toEqual([
      staying.entry._id,
    ]);

    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/group-orders/${token}/close`, headers: organiser.auth },
      GroupOrderSchema,
    );
    const late = await remove(staying.entry._id, { 'x-entry-token': staying.entryToken });
    expect(late).toMatchObject({ status: 409, body: { message: GROUP_CLOSED_MESSAGE } });
  });
});

describe('the organiser', () => {
  it('extends the deadline; nobody else can', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const extend = (user: SignedUp, closesAt: string) =>
      call(t.app, {
        method: 'PATCH',
        url: `/api/v1/group-orders/${token}`,
        headers: user.auth,
        payload: { closesAt },
      });
    const extended = await extend(organiser, later);
    expect(extended.status).toBe(200);
    expect(new Date(GroupOrderSchema.parse(extended.body.result).closesAt).toISOString()).toBe(
      later,
    );
    expect(await extend(await signUp(t.app), later)).toMatchObject({
      status: 403,
      body: { message: ONLY_ORGANISER_MESSAGE },
    });
    expect((await extend(organiser, new Date(0).toISOString())).status).toBe(400);
  });

  it("closes now: the pieces go to the organiser's cart, one line each; closing again or joining is 409", async () => {
    const { token, organiser, productId } = await startGroup(t.app, t.db);
    await joinGroup(t.app, token, { size: 'S' });
    await joinGroup(t.app, token, { size: 'L' });
    await joinGroup(t.app, token, { size: 'L' });
    const close = (user: SignedUp) =>
      call(t.app, {
        method: 'POST',
        url: `/api/v1/group-orders/${token}/close`,
        headers: user.auth,
      });

    expect((await close(await signUp(t.app))).status).toBe(403);
    const closed = await close(organiser);
    expect(closed.status).toBe(200);
    expect(GroupOrderSchema.parse(closed.body.result).status).toBe('closed');

    const cart = await cartOf(organiser);
    expect(cart.map((line) => [line.productId._id, line.size, line.quantity])).toEqual([
      [productId, 'S', 1],
      [productId, 'L', 1],
      [productId, 'L', 1],
    ]);
    expect(cart.every((line) => JSON.stringify(line.design) === JSON.stringify(TEAM_DESIGN))).toBe(
      true,
    );

    expect(await close(organiser)).toMatchObject({
      status: 409,
      body: { message: GROUP_CLOSED_MESSAGE },
    });
    const late = await call(t.app, {
      method: 'POST',
      url: `/api/v1/group-orders/${token}/entries`,
      payload: memberBody(),
      remoteAddress: nextMemberAddress(),
    });
    expect(late).toMatchObject({ status: 409, body: { message: GROUP_CLOSED_MESSAGE } });

    const mails = await findMessagesTo(t.db, organiser.email);
    expect(mails.filter((mail) => mail.kind === 'group-closed')).toHaveLength(1);
    expect(mails.find((mail) => mail.kind === 'group-closed')?.text).toContain('3 pieces');
  });
});

describe("the organiser's checkout (decision 072: entries are ordered one by one)", () => {
  const closeGroup = (token: string, organiser: SignedUp) =>
    expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/group-orders/${token}/close`, headers: organiser.auth },
      GroupOrderSchema,
    );
  const quoteOf = (user: SignedUp) =>
    expectResult(
      t.app,
      { url: '/api/v1/cart/quote?paymentMethod=cash', headers: user.auth },
      QuoteSchema,
    );
  const piecesToCart = (token: string, organiser: SignedUp) =>
    expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/group-orders/${token}/cart`, headers: organiser.auth },
      GroupPiecesToCartSchema,
    );
  const select = (user: SignedUp, lineId: string, selected: boolean) =>
    expectResult(
      t.app,
      {
        method: 'PUT',
        url: `/api/v1/cart/update/${lineId}`,
        headers: user.auth,
        payload: { selected },
      },
      CartItemSchema,
    );

  it('orders every entry with the order placed with its pieces: the group is ordered', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    await joinGroup(t.app, token, { size: 'S' });
    await joinGroup(t.app, token, { size: 'L' });
    expect(await closeGroup(token, organiser)).toMatchObject({ status: 'closed', orderIds: [] });

    await addAddress(t.app, organiser);
    const order = await checkOut(t.app, organiser, 'cash');

    const ordered = await getGroup(token, organiser);
    expect(ordered).toMatchObject({ status: 'ordered', orderIds: [order._id] });
    expect(ordered.entries?.map((entry) => [entry.paid, entry.orderId])).toEqual([
      [true, order._id],
      [true, order._id],
    ]);
    // Only the organiser sees which orders it became.
    expect(await getGroup(token)).toMatchObject({ status: 'ordered', orderIds: [] });
  });

  it('orders part of a group when a size ran out: those entries name their order, the rest wait; the group is ordered with its last piece', async () => {
    const { token, organiser, productId } = await startGroup(t.app, t.db, {
      stock: { L: 0 },
      priceBreaks: [{ minQuantity: 2, percentOff: 10 }],
    });
    const small = await joinGroup(t.app, token, { size: 'S' });
    const medium = await joinGroup(t.app, token, { size: 'M' });
    const large = await joinGroup(t.app, token, { size: 'L' });
    await closeGroup(token, organiser);
    await addAddress(t.app, organiser);

    const short = await expectFailure(
      t.app,
      checkoutRequest(organiser, { paymentMethod: 'cash' }),
      409,
    );
    expect(short.message).toContain('L');
    const lines = await cartOf(organiser);
    const largeLine = lines.find((line) => line.size === 'L');
    if (!largeLine) throw new Error("the L piece's line is in the cart");
    await select(organiser, largeLine._id, false);

    // The two pieces reach the break together; what the quote shows is what checkout charges.
    const quote = await quoteOf(organiser);
    const first = await checkOut(t.app, organiser, 'cash');
    expect(first.items.map((item) => [item.size, item.price])).toEqual([
      ['S', 539.1],
      ['M', 539.1],
    ]);
    expect(first.totalPrice).toBe(quote.total);

    const partly = await getGroup(token, organiser);
    expect(partly).toMatchObject({ status: 'closed', orderIds: [first._id] });
    expect(partly.entries?.map((entry) => [entry._id, entry.paid, entry.orderId])).toEqual([
      [small.entry._id, true, first._id],
      [medium.entry._id, true, first._id],
      [large.entry._id, false, null],
    ]);

    await t.db
      .update(productStock)
      .set({ stock: 5 })
      .where(and(eq(productStock.productId, productId), eq(productStock.size, 'L')));
    await select(organiser, largeLine._id, true);
    const lastQuote = await quoteOf(organiser);
    const last = await checkOut(t.app, organiser, 'cash');
    expect(last.totalPrice).toBe(lastQuote.total);
    expect(last.items.map((item) => item.size)).toEqual(['L']);

    const ordered = await getGroup(token, organiser);
    expect(ordered).toMatchObject({ status: 'ordered', orderIds: [first._id, last._id] });
    expect(ordered.entries?.map((entry) => entry.orderId)).toEqual([
      first._id,
      first._id,
      last._id,
    ]);
  });

  it('leaves the group closed while a removed line leaves an entry unordered', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    await joinGroup(t.app, token, { size: 'S' });
    await joinGroup(t.app, token, { size: 'M' });
    await closeGroup(token, organiser);
    const [, removed] = await cartOf(organiser);
    if (!removed) throw new Error('two group lines expected');
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/cart/remove-product/${removed._id}`,
      headers: organiser.auth,
    });
    await addAddress(t.app, organiser);
    const order = await checkOut(t.app, organiser, 'cash');
    expect(await getGroup(token, organiser)).toMatchObject({
      status: 'closed',
      orderIds: [order._id],
    });

    // The organiser puts the piece back from the group's page, once however often they ask.
    expect(await piecesToCart(token, organiser)).toEqual({ added: 1 });
    expect(await piecesToCart(token, organiser)).toEqual({ added: 0 });
    const [line, ...others] = await cartOf(organiser);
    expect(others).toEqual([]);
    expect(line).toMatchObject({ size: removed.size, quantity: 1 });
    const last = await checkOut(t.app, organiser, 'cash');
    expect(await getGroup(token, organiser)).toMatchObject({
      status: 'ordered',
      orderIds: [order._id, last._id],
    });
  });

  it("lets a cancelled order's pieces wait to be ordered again, and orders them again from the cart", async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    await joinGroup(t.app, token, { size: 'S' });
    await joinGroup(t.app, token, { size: 'M' });
    await closeGroup(token, organiser);
    await addAddress(t.app, organiser);
    const order = await checkOut(t.app, organiser, 'cash');
    expect(await getGroup(token, organiser)).toMatchObject({ status: 'ordered' });

    await expectResult(
      t.app,
      { method: 'POST', url: `/api/v1/order/${order._id}/cancel`, headers: organiser.auth },
      z.unknown(),
    );
    const waiting = await getGroup(token, organiser);
    expect(waiting).toMatchObject({ status: 'closed', orderIds: [] });
    expect(waiting.entries?.map((entry) => [entry.paid, entry.orderId])).toEqual([
      [false, null],
      [false, null],
    ]);

    expect(await piecesToCart(token, organiser)).toEqual({ added: 2 });
    expect((await cartOf(organiser)).map((line) => line.size).sort()).toEqual(['M', 'S']);
    const again = await checkOut(t.app, organiser, 'cash');
    expect(await getGroup(token, organiser)).toMatchObject({
      status: 'ordered',
      orderIds: [again._id],
    });
  });

  it('puts pieces back only for the organiser of a closed group with pieces waiting', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    await joinGroup(t.app, token, { size: 'S' });
    const piecesToCartFails = (user: SignedUp, status: number) =>
      expectFailure(
        t.app,
        { method: 'POST', url: `/api/v1/group-orders/${token}/cart`, headers: user.auth },
        status,
      );

    // Still open: nothing waits to be ordered yet.
    expect((await piecesToCartFails(organiser, 409)).message).toBe(GROUP_NOTHING_TO_ORDER_MESSAGE);
    await closeGroup(token, organiser);
    const stranger = await signUp(t.app);
    expect((await piecesToCartFails(stranger, 403)).message).toBe(ONLY_ORGANISER_MESSAGE);
    await addAddress(t.app, organiser);
    await checkOut(t.app, organiser, 'cash');
    // Every piece ordered.
    expect((await piecesToCartFails(organiser, 409)).message).toBe(GROUP_NOTHING_TO_ORDER_MESSAGE);
    expect(await cartOf(organiser)).toEqual([]);
  });
});

describe('the sweep', () => {
  it('closes a group past its deadline once, however many sweeps and clicks race', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    const member = await joinGroup(t.app, token);
    await joinGroup(t.app, token);
    await passDeadline(token);
    const groups = groupOrdersServiceOn(t.db);

    await Promise.all([
      groups.sweep(),
      groups.sweep(),
      call(t.app, {
        method: 'POST',
        url: `/api/v1/group-orders/${token}/close`,
        headers: organiser.auth,
      }),
    ]);

    expect((await getGroup(token)).status).toBe('closed');
    const [group] = await t.db.select().from(groupOrders).where(eq(groupOrders.token, token));
    const entries = await t.db
      .select({ id: groupOrderEntries.id })
      .from(groupOrderEntries)
      .where(eq(groupOrderEntries.groupOrderId, group?.id ?? ''));
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userId, organiser.user._id), isNotNull(cartItems.groupEntryId)));
    // One line per entry, each marked with its own.
    expect(lines.map((line) => line.groupEntryId).sort()).toEqual(
      entries.map((entry) => entry.id).sort(),
    );
    expect(lines).toHaveLength(2);
    const memberMails = await findMessagesTo(t.db, member.entry.email);
    expect(memberMails.map((mail) => mail.kind)).toEqual(['group-joined', 'group-closed']);
  });

  it('sends the closing-soon email once, to the organiser and each member, a day before', async () => {
    const { token, organiser } = await startGroup(t.app, t.db);
    const member = await joinGroup(t.app, token);
    const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000);
    const groups = groupOrdersServiceOn(t.db);
    const reminders = async (email: string) =>
      (await findMessagesTo(t.db, email)).filter((mail) => mail.kind === 'group-closing-soon');

    await groups.sweep();
    expect(await reminders(organiser.email)).toHaveLength(0);

    await t.db
      .update(groupOrders)
      .set({ closesAt: hoursAhead(2) })
      .where(eq(groupOrders.token, token));
    await Promise.all([groups.sweep(), groups.sweep()]);
    await groups.sweep();
    expect(await reminders(organiser.email)).toHaveLength(1);
    expect(await reminders(member.entry.email)).toHaveLength(1);
  });
});
