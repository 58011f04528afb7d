import {
  type GroupEntry,
  GroupEntrySchema,
  type GroupOrder,
  GroupOrderSchema,
  type JoinedGroupOrder,
} from '#contract';
import { type GroupFixture, joinGroup, startGroup } from './group-order-fixtures.ts';
import { expectResult } from './http.ts';
import type { RazorpayShop } from './razorpay-fixtures.ts';

/** Helpers the tests of 'each pays' group orders share (decision 066), against the Razorpay stand-in. */

/** ₹499 and ₹100 for the back print: one piece of TEAM_DESIGN before any break. */
export const PIECE_PAISE = 59_900;

export const startEachPays = (shop: RazorpayShop, options: Parameters<typeof startGroup>[2] = {}) =>
  startGroup(shop.t.app, shop.t.db, { ...options, payer: 'each' });

/** A member's Checkout answer posted as the page posts it. */
export const paymentRequest = (token: string, joined: JoinedGroupOrder, answer: object) => ({
  method: 'POST' as const,
  url: `/api/v1/group-orders/${token}/entries/${joined.entry._id}/payment`,
  headers: { 'x-entry-token': joined.entryToken },
  payload: answer,
});

/** A member joins from the link and pays in Checkout; answers the join and the paid entry. */
export async function joinAndPay(
  shop: RazorpayShop,
  group: GroupFixture,
  size: 'S' | 'M' | 'L' = 'M',
) {
  const joined = await joinGroup(shop.t.app, group.token, { size });
  if (!joined.payment) throw new Error('An each-pays join answers a payment');
  const answer = shop.standIn.pay(joined.payment.orderId);
  const paid = await expectResult(
    shop.t.app,
    paymentRequest(group.token, joined, answer),
    GroupEntrySchema,
  );
  return { joined, paid };
}

/** The group as its organiser sees it, roster and all. */
export const groupAsOrganiser = (shop: RazorpayShop, group: GroupFixture): Promise<GroupOrder> =>
  expectResult(
    shop.t.app,
    { url: `/api/v1/group-orders/${group.token}`, headers: group.organiser.auth },
    GroupOrderSchema,
  );

/** 'Close now', by the organiser. */
export const closeNow = (shop: RazorpayShop, group: GroupFixture): Promise<GroupOrder> =>
  expectResult(
    shop.t.app,
    {
      method: 'POST',
      url: `/api/v1/group-orders/${group.token}/close`,
      headers: group.organiser.auth,
    },
    GroupOrderSchema,
  );

export const rosterEntry = (group: GroupOrder, id: string): GroupEntry | undefined =>
  group.entries?.find((entry) => entry._id === id);

/** The refunds the stand-in made against a member's payment. */
export const refundsAtRazorpay = (shop: RazorpayShop, paymentId: string) =>
  [...shop.standIn.refunds.values()].filter((refund) => refund.payment_id === paymentId);

/** The id of the payment made for a member's entry. */
export const paymentIdOf = (shop: RazorpayShop, joined: JoinedGroupOrder) => {
  const orderId = joined.payment?.orderId;
  const payment = [...shop.standIn.payments.values()].find((one) => one.order_id === orderId);
  if (!payment) throw new Error(`No payment made for ${orderId}`);
  return payment.id;
};
