import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  GROUP_CLOSED_MESSAGE,
  GROUP_REFUND_REASONS,
  GroupEntrySchema,
  type JoinedGroupOrder,
} from '#contract';
import { refunds } from '#server/db/schema/payments.ts';
import { REFUND_RETRY_REASON } from '#server/features/payments/payments.service.ts';
import { signUpAdmin } from '#server-test/admins.ts';
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
import { type GroupFixture, joinGroup } from '#server-test/group-order-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { findMessagesTo } from '#server-test/outbox.ts';
import {
  postWebhook,
  type RazorpayShop,
  startRazorpayShop,
} from '#server-test/razorpay-fixtures.ts';

/**
 * Decision 073: a group member's refund is settled by Razorpay's refund
 * webhooks as an order's is, and a member's payment left authorized is
 * captured by the payment.authorized webhook.
 */

const mailsTo = async (shop: RazorpayShop, email: string, kind: string) =>
  (await findMessagesTo(shop.t.db, email)).filter((mail) => mail.kind === kind);

/** The member's refunds as the shop keeps them, oldest first. */
const refundRowsOf = (shop: RazorpayShop, joined: JoinedGroupOrder) =>
  shop.t.db
    .select()
    .from(refunds)
    .where(eq(refunds.groupEntryId, joined.entry._id))
    .orderBy(asc(refunds.createdAt));

const leave = (shop: RazorpayShop, group: GroupFixture, joined: JoinedGroupOrder) =>
  call(shop.t.app, {
    method: 'DELETE',
    url: `/api/v1/group-orders/${group.token}/entries/${joined.entry._id}`,
    headers: { 'x-entry-token': joined.entryToken },
  });

describe("members' refunds settled by Razorpay's refund webhooks", () => {
  let slow: RazorpayShop;
  beforeAll(async () => {
    slow = await startRazorpayShop('GroupRefunds001', { refundStatus: 'pending' });
  });
  afterAll(() => slow?.close());

  /** A member paid and left: their refund sent, pending at Razorpay. */
  async function memberWhoLeft() {
    const group = await startEachPays(slow);
    const { joined } = await joinAndPay(slow, group);
    expect((await leave(slow, group, joined)).status).toBe(200);
    const atRazorpay = () => refundsAtRazorpay(slow, paymentIdOf(slow, joined));
    const [sent] = atRazorpay();
    if (!sent) throw new Error('Leaving sent the refund');
    return { group, joined, sent, atRazorpay };
  }

  /** Razorpay settles `refundId` and sends its webhook, delivered `times` times. */
  async function settle(refundId: string, status: 'processed' | 'failed', times = 1) {
    const refund = slow.standIn.settleRefund(refundId, status);
    const webhook = slow.standIn.webhook(`refund.${status}`, { refund });
    for (let time = 0; time < times; time++) {
      expect((await postWebhook(slow.t, webhook)).status).toBe(200);
    }
  }

  const refundedOnRoster = async (group: GroupFixture, joined: JoinedGroupOrder) =>
    rosterEntry(await groupAsOrganiser(slow, group), joined.entry._id)?.refunded;

  it("refund.processed marks a member's refund refunded and emails them once, however often it comes", async () => {
    const { group, joined, sent } = await memberWhoLeft();
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'pending', providerReference: sent.id, amountPaise: PIECE_PAISE },
    ]);
    await settle(sent.id, 'processed', 2);
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'refunded', providerReference: sent.id },
    ]);
    const mails = await mailsTo(slow, joined.entry.email, 'refund-processed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(sent.id);
    expect(mails[0]?.text).toContain("Ravi Organiser's group order");
    expect(await refundedOnRoster(group, joined)).toBe(PIECE_PAISE / 100);
  });

  it('refund.failed leaves it failed, emails the member and sends it again once; a second failure stays failed, shown so', async () => {
    const { group, joined, sent, atRazorpay } = await memberWhoLeft();
    await settle(sent.id, 'failed', 2);
    const [, retry] = atRazorpay();
    expect(atRazorpay()).toHaveLength(2);
    expect(retry).toMatchObject({ amount: PIECE_PAISE, status: 'pending' });
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'failed', providerReference: sent.id },
      { status: 'pending', providerReference: retry?.id, reason: REFUND_RETRY_REASON },
    ]);
    const failedMails = await mailsTo(slow, joined.entry.email, 'refund-failed');
    expect(failedMails).toHaveLength(1);
    expect(failedMails[0]?.text).toContain('sending it again');
    expect(await refundedOnRoster(group, joined)).toBe(PIECE_PAISE / 100);

    if (!retry) throw new Error('The refund was sent again');
    await settle(retry.id, 'failed');
    expect(atRazorpay()).toHaveLength(2);
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'failed' },
      { status: 'failed', providerReference: retry.id },
    ]);
    const mails = await mailsTo(slow, joined.entry.email, 'refund-failed');
    expect(mails).toHaveLength(2);
    expect(mails.at(-1)?.text).toContain('contact you');
    // Nothing reached the member: the roster says so.
    expect(await refundedOnRoster(group, joined)).toBe(0);
  });

  it("shows the owner the members' refunds on the group's order, a failed one as failed", async () => {
    const group = await startEachPays(slow, { priceBreaks: [{ minQuantity: 2, percentOff: 10 }] });
    const first = await joinAndPay(slow, group);
    await joinAndPay(slow, group);
    const closed = await closeNow(slow, group);
    const [sent] = refundsAtRazorpay(slow, paymentIdOf(slow, first.joined));
    const [orderId] = closed.orderIds;
    if (!sent || !orderId) throw new Error('The close refunded the difference into an order');
    await settle(sent.id, 'failed');
    const admin = await signUpAdmin(slow.t.app, slow.t.db);
    const order = await expectResult(
      slow.t.app,
      { url: `/api/v1/admin/orders/${orderId}`, headers: admin.auth },
      AdminOrderSchema,
    );
    expect(order.refunds).toEqual([]);
    expect(order.memberRefunds).toMatchObject([
      {
        memberName: first.joined.entry.name,
        amount: 59.9,
        status: 'failed',
        reference: sent.id,
        reason: GROUP_REFUND_REASONS.priceBreak,
      },
      { memberName: first.joined.entry.name, amount: 59.9, reason: REFUND_RETRY_REASON },
    ]);
  });

  it("the refund sweep sends a member's refund that Razorpay refused when it was decided", async () => {
    const group = await startEachPays(slow);
    const { joined } = await joinAndPay(slow, group);
    const paymentId = paymentIdOf(slow, joined);
    slow.standIn.failNext(`/v1/payments/${paymentId}/refund`);
    expect((await leave(slow, group, joined)).status).toBe(200);
    expect(refundsAtRazorpay(slow, paymentId)).toHaveLength(0);
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'pending', providerReference: null },
    ]);

    await slow.otherPayments().sweepPendingRefunds({ graceMs: 0 });
    const [sent] = refundsAtRazorpay(slow, paymentId);
    expect(sent).toMatchObject({ amount: PIECE_PAISE });
    expect(await refundRowsOf(slow, joined)).toMatchObject([
      { status: 'pending', providerReference: sent?.id },
    ]);
  });
});

describe("payment.authorized for a member's entry (manual capture)", () => {
  let manual: RazorpayShop;
  beforeAll(async () => {
    manual = await startRazorpayShop('GroupCapture001', { captureMode: 'manual' });
  });
  afterAll(() => manual?.close());

  /** A member joins and pays in Checkout, then closes the tab: nothing is posted to the shop. */
  async function paidAndGone(group: GroupFixture) {
    const joined = await joinGroup(manual.t.app, group.token);
    if (!joined.payment) throw new Error('An each-pays join answers a payment');
    const answer = manual.standIn.pay(joined.payment.orderId);
    const payment = () => manual.standIn.payments.get(answer.razorpay_payment_id);
    return { joined, answer, payment };
  }

  it('captures the payment for the entry and settles it, once however often the event comes', async () => {
    const group = await startEachPays(manual);
    const { joined, payment } = await paidAndGone(group);
    expect(payment()?.status).toBe('authorized');
    const authorized = manual.standIn.webhook('payment.authorized', { payment: payment() });
    expect((await postWebhook(manual.t, authorized)).status).toBe(200);
    expect((await postWebhook(manual.t, authorized)).status).toBe(200);
    expect(payment()).toMatchObject({ status: 'captured', amount: PIECE_PAISE });
    // The payment.captured that the capture makes Razorpay send changes nothing more.
    const captured = manual.standIn.webhook('payment.captured', { payment: payment() });
    expect((await postWebhook(manual.t, captured)).status).toBe(200);

    const roster = await groupAsOrganiser(manual, group);
    expect(roster.pieces).toBe(1);
    expect(rosterEntry(roster, joined.entry._id)).toMatchObject({
      paid: true,
      amountPaid: PIECE_PAISE / 100,
      refunded: 0,
    });
    expect(await mailsTo(manual, joined.entry.email, 'group-joined')).toHaveLength(1);
  });

  it('Checkout’s answer posted later finds the entry paid by the webhook', async () => {
    const group = await startEachPays(manual);
    const { joined, answer, payment } = await paidAndGone(group);
    await postWebhook(
      manual.t,
      manual.standIn.webhook('payment.authorized', { payment: payment() }),
    );
    const paid = await expectResult(
      manual.t.app,
      paymentRequest(group.token, joined, answer),
      GroupEntrySchema,
    );
    expect(paid).toMatchObject({ paid: true, refunded: 0 });
    expect(refundsAtRazorpay(manual, answer.razorpay_payment_id)).toHaveLength(0);
  });

  it('does not capture a payment authorized after the group closed: Razorpay gives it back', async () => {
    const group = await startEachPays(manual);
    const { joined, answer, payment } = await paidAndGone(group);
    await closeNow(manual, group);
    expect(
      (
        await postWebhook(
          manual.t,
          manual.standIn.webhook('payment.authorized', { payment: payment() }),
        )
      ).status,
    ).toBe(200);
    expect(payment()?.status).toBe('authorized');
    const refused = await expectFailure(
      manual.t.app,
      paymentRequest(group.token, joined, answer),
      409,
    );
    expect(refused.message).toBe(GROUP_CLOSED_MESSAGE);
    expect(payment()?.status).toBe('authorized');
    expect(refundsAtRazorpay(manual, answer.razorpay_payment_id)).toHaveLength(0);
  });
});
