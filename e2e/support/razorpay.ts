/**
 * The second shop the journeys of paying online run on (online-payments.spec.ts):
 * the same built web app, its own data, Razorpay's keys, and Razorpay played by
 * the stand-in (server/test/razorpay-stand-in.ts), both on ports after E2E_PORT.
 * The first shop keeps the test gateway and its card form for every other journey.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);

export const ONLINE_SHOP = {
  port: PORT + 1,
  url: `http://localhost:${PORT + 1}`,
  /**
   * Short, so a dismissed payment is swept within a journey, and long enough
   * for every other journey to pay before it (each pays within seconds).
   */
  paymentWindowMinutes: 0.5,
  sweepEveryMs: 1000,
};

const STAND_IN_PORT = PORT + 2;

export const RAZORPAY_STAND_IN = {
  port: STAND_IN_PORT,
  url: `http://127.0.0.1:${STAND_IN_PORT}`,
  checkoutUrl: `http://127.0.0.1:${STAND_IN_PORT}/v1/checkout.js`,
  keyId: 'rzp_test_E2eStandIn0001',
  keySecret: 'e2e-stand-in-key-secret',
  webhookSecret: 'e2e-stand-in-webhook-secret',
};
