import type { InjectOptions } from 'fastify';
import { type Order, OrderSchema } from '#contract';
import { loadConfig } from '#server/config/env.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createPaymentsService } from '#server/features/payments/payments.service.ts';
import { createRazorpayClient } from '#server/features/payments/razorpay.ts';
import { createServices } from '#server/services.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createProduct } from './catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from './checkout-fixtures.ts';
import { call, expectResult } from './http.ts';
import {
  type RazorpayStandIn,
  type RazorpayStandInOptions,
  startRazorpayStandIn,
} from './razorpay-stand-in.ts';
import { type SignedUp, signUp } from './users.ts';

/** Helpers the tests of paying online through Razorpay share (issue 25), against the stand-in. */

export type RazorpayKeys = Pick<RazorpayStandInOptions, 'keyId' | 'keySecret' | 'webhookSecret'>;

/** The shop's environment for Razorpay's keys, pointed at `standIn`. */
export const razorpayEnv = (keys: RazorpayKeys, standIn: RazorpayStandIn) => ({
  RAZORPAY_KEY_ID: keys.keyId,
  RAZORPAY_KEY_SECRET: keys.keySecret,
  RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
  RAZORPAY_API_URL: standIn.url,
  RAZORPAY_CHECKOUT_URL: standIn.checkoutUrl,
});

/** Keys of a test's own: `rzp_test_<name>` and secrets named after it (no real key ever). */
export const razorpayTestKeys = (name: string): RazorpayKeys => ({
  keyId: `rzp_test_${name}`,
  keySecret: `${name}-key-secret`,
  webhookSecret: `${name}-webhook-secret`,
});

export interface RazorpayShop {
  standIn: RazorpayStandIn;
  t: TestApp;
  keys: RazorpayKeys;
  /** The app's Razorpay environment, for processes and sweeps on its database. */
  env: Record<string, string>;
  /** The payments service of another process on the app's database, sending refunds to the stand-in. */
  otherPayments(): ReturnType<typeof createPaymentsService>;
  close(): Promise<void>;
}

/** A stand-in of Razorpay with keys named `name` (and its other options), and a test app configured for it. */
export async function startRazorpayShop(
  name: string,
  options: Omit<RazorpayStandInOptions, keyof RazorpayKeys> = {},
): Promise<RazorpayShop> {
  const keys = razorpayTestKeys(name);
  const standIn = await startRazorpayStandIn({ ...keys, ...options });
  const env = razorpayEnv(keys, standIn);
  const t = await createTestApp({ env });
  return {
    standIn,
    t,
    keys,
    env,
    otherPayments: () =>
      createPaymentsService(
        t.db,
        undefined,
        undefined,
        createRazorpayClient({ ...keys, apiUrl: standIn.url }),
      ),
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}

/** A new shopper's order of `quantity` × ₹499 (less the shop's discounts) to pay online, and its product. */
export async function placeOnlineOrder(
  t: TestApp,
  { quantity = 1, key }: { quantity?: number; key?: string } = {},
): Promise<{ user: SignedUp; order: Order; productId: string }> {
  const user = await signUp(t.app);
  const productId = await createProduct(t.db, { price: 499, stock: { M: 5 } });
  await addAddress(t.app, user);
  await addLine(t.app, user, productId, 'M', quantity);
  const order = await expectResult(
    t.app,
    checkoutRequest(user, { paymentMethod: 'online' }, key),
    OrderSchema,
    201,
  );
  return { user, order, productId };
}

export const razorpayOrderOf = (order: Order) => {
  if (!order.payment) throw new Error(`Order ${order._id} has no Razorpay order`);
  return order.payment.orderId;
};

/** Checkout's answer posted for the shopper's order (POST /order/{id}/payment). */
export const payRequest = (user: SignedUp, order: Order, body: object): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/order/${order._id}/payment`,
  headers: user.auth,
  payload: body,
});

/** The shopper's order as it is now. */
export const orderNow = (t: TestApp, user: SignedUp, order: Order) =>
  expectResult(t.app, { url: `/api/v1/order/${order._id}`, headers: user.auth }, OrderSchema);

/** A webhook posted as Razorpay posts it; its headers may be changed to test the signature. */
export const postWebhook = (
  t: TestApp,
  webhook: { body: string; headers: Record<string, string> },
) =>
  call(t.app, {
    method: 'POST',
    url: '/api/v1/payments/razorpay/webhook',
    headers: webhook.headers,
    payload: webhook.body,
  });

/** The online payments as a process's sweep runs them, on `db`, at `now`. */
export function onlinePaymentsAt(database: DatabaseHandle, env: Record<string, string>, now: Date) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const { online } = createServices(database, config, { clock: () => now });
  if (!online) throw new Error('Razorpay is configured in these tests');
  return online;
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
