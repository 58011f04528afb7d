import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_CLOSED_MESSAGE,
  GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE,
  GROUP_REFUND_REASONS,
  type JoinedGroupOrder,
  OrderSchema,
  SavedDesignSchema,
  WRONG_PAYMENT_SIGNATURE_MESSAGE,
} from '#contract';
import { stockOf } from '#server-test/checkout-fixtures.ts';
import {
  closeNow,
  groupAsOrganiser,
  joinAndPay,
  PIECE_PAISE,
  paymentIdOf,
  paymentRequest,
  refundsAtRazorpay,
  rosterEntry,
  startEachPays,
} from '#server-test/each-pays-fixtures.ts';
import { createTeamTee, joinGroup, TEAM_DESIGN } from '#server-test/group-order-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import { type RazorpayShop, startRazorpayShop } from '#server-test/razorpay-fixtures.ts';
import { signUp } from '#server-test/users.ts';

/** Decision 066: 'each pays' group orders, each member paying through Razorpay (the stand-in). */

let shop: RazorpayShop;
beforeAll(async () => {
  shop = await startRazorpayShop('GroupEachPays01');
});
afterAll(() => shop?.close());

const postPayment = (token: string, joined: JoinedGroupOrder, answer: object) =>
  call(shop.t.app, paymentRequest(token, joined, answer));

/** The message of a refusal with `status`. */
const refusal = async (options: ReturnType<typeof paymentRequest>, status: number) =>
  (await expectFailure(shop.t.app, options, status)).message;

/** The refunds the stand-in made against a member's payment, in paise. */
const refundsOf = (paymentId: string) =>
  refundsAtRazorpay(shop, paymentId).map((refund) => refund.amount);

const kindsTo = async (email: string) =>
  (await findMessagesTo(shop.t.db, email)).map((message) => message.kind);

describe('each pays', () => {
  it('each pays: members paying and one leaving before the deadline', async () => {
    const group = await startEachPays(shop);
    const members = [await joinAndPay(shop, group, 'S'), await joinAndPay(shop, group, 'M')];
    const leaving = await joinAndPay(shop, group, 'L');
    for (const { paid } of [...members, leaving]) {
      expect(paid).toMatchObject({ paid: true, amountPaid: PIECE_PAISE / 100, refunded: 0 });
    }
    // One joins and never pays: no piece, and gone at closing.
    const unpaid = await joinGroup(shop.t.app, group.token, { size: 'M' });
    expect(unpaid.payment).toMatchObject({ amount: PIECE_PAISE, currency: 'INR' });
    expect(await groupAsOrganiser(shop, group)).toMatchObject({ pieces: 3, joinPrice: 599 });

    const left = await call(shop.t.app, {
      method: 'DELETE',
      url: `/api/v1/group-orders/${group.token}/entries/${leaving.joined.entry._id}`,
      headers: { 'x-entry-token': leaving.joined.entryToken },
    });
    expect(left.status).toBe(200);
    expect(refundsOf(paymentIdOf(shop, leaving.joined))).toEqual([PIECE_PAISE]);
    expect(await kindsTo(leaving.joined.entry.email)).toEqual(['group-joined', 'group-refunded']);

    const stockBefore = await stockOf(shop.t.db, group.productId, 'S');
    const closed = await closeNow(shop, group);
    // Every piece is in its one order: the group is ordered (decision 072).
    expect(closed).toMatchObject({ status: 'ordered', pieces: 2, sizeTotals: { S: 1, M: 1 } });
    expect(rosterEntry(closed, leaving.joined.entry._id)).toMatchObject({
      paid: true,
      dropped: true,
      refunded: PIECE_PAISE / 100,
      orderId: null,
    });
    expect(rosterEntry(closed, unpaid.entry._id)).toBeUndefined();
    expect(closed.entries).toHaveLength(3);

    // One order for the organiser, paid by its members: two roster pieces, no cart.
    const [orderId, ...more] = closed.orderIds;
    if (!orderId) throw new Error('The closed group names its order');
    expect(more).toEqual([]);
    for (const member of members) {
      expect(rosterEntry(closed, member.joined.entry._id)?.orderId).toBe(orderId);
    }
    const order = await expectResult(
      shop.t.app,
      { url: `/api/v1/order/${orderId}`, headers: group.organiser.auth },
      OrderSchema,
    );
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'online', totalPrice: 1198 });
    expect(order.items.map((item) => item.size).sort()).toEqual(['M', 'S']);
    expect(order.events.map((event) => event.type).sort()).toEqual(['paid', 'placed']);
    expect(await stockOf(shop.t.db, group.productId, 'S')).toBe((stockBefore ?? 0) - 1);
    const cart = await call(shop.t.app, {
      url: '/api/v1/cart/get-all',
      headers: group.organiser.auth,
    });
    expect(cart.body.result).toEqual([]);
    expect(await kindsTo(group.organiser.email)).toEqual(
      expect.arrayContaining(['group-closed', 'order-placed']),
    );
    expect(await kindsTo(members[0]?.joined.entry.email ?? '')).toEqual([
      'group-joined',
      'group-closed',
    ]);
    // Closed: a second close is refused, and no second order.
    expect(
      (
        await call(shop.t.app, {
          method: 'POST',
          url: `/api/v1/group-orders/${group.token}/close`,
          headers: group.organiser.auth,
        })
      ).status,
    ).toBe(409);
  });

  it('refunds each payer the difference when the group closes at a better price break', async () => {
    const group = await startEachPays(shop, { priceBreaks: [{ minQuantity: 2, percentOff: 10 }] });
    const first = await joinAndPay(shop, group);
    expect(first.paid.amountPaid).toBe(599);
    expect(await groupAsOrganiser(shop, group)).toMatchObject({ joinPrice: 539.1 });
    const second = await joinAndPay(shop, group);
    expect(second.paid.amountPaid).toBe(539.1);

    const closed = await closeNow(shop, group);
    expect(refundsOf(paymentIdOf(shop, first.joined))).toEqual([PIECE_PAISE - 53_910]);
    expect(refundsOf(paymentIdOf(shop, second.joined))).toEqual([]);
    expect(rosterEntry(closed, first.joined.entry._id)).toMatchObject({ refunded: 59.9 });
    const order = await expectResult(
      shop.t.app,
      { url: `/api/v1/order/${closed.orderIds[0]}`, headers: group.organiser.auth },
      OrderSchema,
    );
    expect(order.totalPrice).toBe(1078.2);
    const messages = await findMessagesTo(shop.t.db, first.joined.entry.email);
    expect(messages.find((message) => message.kind === 'group-refunded')?.text).toContain(
      GROUP_REFUND_REASONS.priceBreak,
    );
  });

  it('refunds and leaves out a payer whose size ran out before the close', async () => {
    const group = await startEachPays(shop, { stock: { S: 1 } });
    const kept = await joinAndPay(shop, group, 'S');
    const late = await joinAndPay(shop, group, 'S');
    const closed = await closeNow(shop, group);
    expect(closed).toMatchObject({ pieces: 1, sizeTotals: { S: 1 } });
    expect(rosterEntry(closed, kept.joined.entry._id)).toMatchObject({ dropped: false });
    expect(rosterEntry(closed, late.joined.entry._id)).toMatchObject({ dropped: true });
    expect(refundsOf(paymentIdOf(shop, late.joined))).toEqual([PIECE_PAISE]);
    expect(await kindsTo(late.joined.entry.email)).toContain('group-refunded');
  });

  it('refuses a forged signature, and a payment made for another member', async () => {
    const group = await startEachPays(shop);
    const joined = await joinGroup(shop.t.app, group.token);
    const other = await joinGroup(shop.t.app, group.token);
    if (!joined.payment || !other.payment) throw new Error('Each-pays joins answer a payment');
    const answer = shop.standIn.pay(joined.payment.orderId);
    expect(
      await refusal(
        paymentRequest(group.token, joined, { ...answer, razorpay_signature: 'a'.repeat(64) }),
        400,
      ),
    ).toBe(WRONG_PAYMENT_SIGNATURE_MESSAGE);
    // The other member's own, validly signed payment does not pay this entry.
    const othersAnswer = shop.standIn.pay(other.payment.orderId);
    expect(await refusal(paymentRequest(group.token, joined, othersAnswer), 400)).toBe(
      WRONG_PAYMENT_SIGNATURE_MESSAGE,
    );
    expect(await groupAsOrganiser(shop, group)).toMatchObject({ pieces: 0 });
    // The true answer pays it; posting it again changes nothing.
    expect((await postPayment(group.token, joined, answer)).status).toBe(200);
    expect((await postPayment(group.token, joined, answer)).status).toBe(200);
    expect(await groupAsOrganiser(shop, group)).toMatchObject({ pieces: 1 });
  });

  it('refunds in full a payment that arrives after the group closed', async () => {
    const group = await startEachPays(shop);
    await joinAndPay(shop, group);
    const slow = await joinGroup(shop.t.app, group.token);
    if (!slow.payment) throw new Error('An each-pays join answers a payment');
    await closeNow(shop, group);
    const answer = shop.standIn.pay(slow.payment.orderId);
    expect(await refusal(paymentRequest(group.token, slow, answer), 409)).toBe(
      GROUP_CLOSED_MESSAGE,
    );
    expect(refundsOf(paymentIdOf(shop, slow))).toEqual([PIECE_PAISE]);
  });

  it("needs the organiser's delivery address to start", async () => {
    const organiser = await signUp(shop.t.app);
    const productId = await createTeamTee(shop.t.db);
    const saved = await expectResult(
      shop.t.app,
      {
        method: 'POST',
        url: '/api/v1/designs',
        headers: organiser.auth,
        payload: { name: 'Falcons', productId, design: TEAM_DESIGN },
      },
      SavedDesignSchema,
      201,
    );
    const refused = await expectFailure(
      shop.t.app,
      {
        method: 'POST',
        url: '/api/v1/group-orders',
        headers: organiser.auth,
        payload: {
          productId,
          designId: saved._id,
          closesAt: new Date(Date.now() + 86_400_000).toISOString(),
          payer: 'each',
          personalise: false,
        },
      },
      400,
    );
    expect(refused.message).toBe(GROUP_EACH_PAYS_NEEDS_ADDRESS_MESSAGE);
  });
});
