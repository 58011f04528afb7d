import { describe, expect, it } from 'vitest';
import { isValidPaymentSignature, isValidWebhookSignature, paymentSignature } from './razorpay.ts';

/**
 * Razorpay's own example values, from its official SDKs' tests:
 * - razorpay/razorpay-python, tests/test_client_utility.py
 *   (test_verify_payment_signature), client key secret 'key_secret' in tests/helpers.py;
 * - razorpay/razorpay-node, test/utils/razorpay-utils.spec.js (validateWebhookSignature).
 */
const CHECKOUT_EXAMPLE = {
  keySecret: 'key_secret',
  orderId: 'fake_order_id',
  paymentId: 'fake_payment_id',
  signature: 'b2335e3b0801106b84a7faff035df56ecffde06918c9ddd1f0fafbb37a51cc89',
};
const WEBHOOK_EXAMPLE = {
  secret: '123456',
  body: '{"a":1,"b":2,"c":{"d":3}}',
  signature: '2fe04e22977002e6c7cb553adab8b460cb9e2a4970d5953cb27a8472752e3bbc',
  wrongSignature: 'sdfafds',
};

describe('paymentSignature', () => {
  it("signs order id | payment id as Razorpay's Python SDK test expects", () => {
    const { orderId, paymentId, keySecret, signature } = CHECKOUT_EXAMPLE;
    expect(paymentSignature(orderId, paymentId, keySecret)).toBe(signature);
  });
});

describe('isValidPaymentSignature', () => {
  const { orderId, paymentId, keySecret, signature } = CHECKOUT_EXAMPLE;

  it("accepts Razorpay's example answer", () => {
    expect(isValidPaymentSignature({ orderId, paymentId, signature }, keySecret)).toBe(true);
  });

  it("refuses the SDK test's wrong signature, another order, another payment or another secret", () => {
    expect(
      isValidPaymentSignature({ orderId, paymentId, signature: 'test_signature' }, keySecret),
    ).toBe(false);
    expect(
      isValidPaymentSignature({ orderId: 'order_other', paymentId, signature }, keySecret),
    ).toBe(false);
    expect(isValidPaymentSignature({ orderId, paymentId: 'pay_other', signature }, keySecret)).toBe(
      false,
    );
    expect(isValidPaymentSignature({ orderId, paymentId, signature }, 'another_secret')).toBe(
      false,
    );
  });

  it('answers false, never throws, for a signature of the wrong length, case or alphabet', () => {
    for (const wrong of [
      '',
      signature.slice(0, 62),
      `${signature}00`,
      signature.slice(0, 63),
      signature.toUpperCase(),
      `${signature.slice(0, 63)}g`,
      'é'.repeat(64),
    ]) {
      expect(isValidPaymentSignature({ orderId, paymentId, signature: wrong }, keySecret)).toBe(
        false,
      );
    }
  });
});

describe('isValidWebhookSignature', () => {
  const { secret, body, signature, wrongSignature } = WEBHOOK_EXAMPLE;

  it("accepts Razorpay's example body and signature, as a string or as the raw bytes", () => {
    expect(isValidWebhookSignature(body, signature, secret)).toBe(true);
    expect(isValidWebhookSignature(Buffer.from(body), signature, secret)).toBe(true);
  });

  it("refuses the SDK test's wrong signature, a missing one, another secret or a changed body", () => {
    expect(isValidWebhookSignature(body, wrongSignature, secret)).toBe(false);
    expect(isValidWebhookSignature(body, undefined, secret)).toBe(false);
    expect(isValidWebhookSignature(body, '', secret)).toBe(false);
    expect(isValidWebhookSignature(body, signature, 'another_secret')).toBe(false);
    // The same JSON with a space: parsed and serialised again, a body no longer matches.
    expect(isValidWebhookSignature('{"a": 1,"b":2,"c":{"d":3}}', signature, secret)).toBe(false);
  });
});
