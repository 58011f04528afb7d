import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINED,
  CVV_MISMATCH,
  createTestGateway,
  DECLINED_TEST_CARD,
  type KeptTestCard,
  REFUND_REFUSED,
  type TestGatewayCards,
} from './payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';

const now = new Date('2026-06-15T12:00:00Z');
/** The gateway's card store as a map: the database's (payments.repository.ts) has its API tests. */
const kept = new Map<string, KeptTestCard>();
const cards: TestGatewayCards = {
  keep: async (card) => void kept.set(card.token, card),
  find: async (token) => kept.get(token),
};
const gateway = createTestGateway({ cards, clock: () => now });
const card = { number: '4111111111111111', expMonth: 12, expYear: 2030, cvv: '123' };

describe('the test gateway (D12)', () => {
  it('approves cash, to be paid on delivery', async () => {
    expect(await gateway.authorize({ method: 'cash', amountPaise: 49_900 })).toEqual({
      approved: true,
      id: expect.any(String),
    });
  });

  it('approves a good card with its brand and last 4 only', async () => {
    const answer = await gateway.authorize({ method: 'debit-card', amountPaise: 49_900, card });
    expect(answer).toEqual({
      approved: true,
      id: expect.any(String),
      brand: 'Visa',
      last4: '1111',
    });
    expect(JSON.stringify(answer)).not.toContain(card.number);
  });

  it.each([
    ['the decline test card', { ...card, number: DECLINED_TEST_CARD }],
    ['a Luhn-invalid number', { ...card, number: '4111111111111112' }],
    ['an expired card', { ...card, expMonth: 5, expYear: 2026 }],
    ['a 4-digit CVV', { ...card, cvv: '1234' }],
  ])('declines %s', async (_label, declined) => {
    expect(
      await gateway.authorize({ method: 'debit-card', amountPaise: 100, card: declined }),
    ).toEqual({
      approved: false,
      message: CARD_DECLINED,
    });
  });

  it('records approvals and voids when asked to, and keeps no list otherwise', async () => {
    const recording = createTestGateway({ cards, clock: () => now, record: true });
    const first = await recording.authorize({ method: 'debit-card', amountPaise: 100, card });
    const second = await recording.authorize({ method: 'cash', amountPaise: 200 });
    await recording.authorize({ method: 'debit-card', amountPaise: 300 });
    if (!first.approved || !second.approved) throw new Error('expected approvals');
    await recording.void(first.id);
    expect(recording.authorizations).toEqual([
      { id: first.id, method: 'debit-card', amountPaise: 100, status: 'voided' },
      { id: second.id, method: 'cash', amountPaise: 200, status: 'approved' },
    ]);
    expect(JSON.stringify(recording.authorizations)).not.toContain(card.number);
    await gateway.authorize({ method: 'cash', amountPaise: 100 });
    expect(gateway.authorizations).toEqual([]);
  });

  it('declines a card payment without a card', async () => {
    expect(await gateway.authorize({ method: 'debit-card', amountPaise: 100 })).toMatchObject({
      approved: false,
    });
  });
});

describe('the test gateway’s refunds and saved cards (issue 13)', () => {
  it('refunds once per idempotency key, never beyond the approval', async () => {
    const recording = createTestGateway({ cards, clock: () => now, record: true });
    const approval = await recording.authorize({ method: 'debit-card', amountPaise: 1_000, card });
    if (!approval.approved) throw new Error('expected an approval');
    const payment = { authorizationId: approval.id, method: 'debit-card' as const };
    const first = await recording.refund(payment, 600, 'refund-1');
    expect(await recording.refund(payment, 600, 'refund-1')).toEqual(first);
    await expect(recording.refund(payment, 401, 'refund-2')).rejects.toThrow(REFUND_REFUSED);
    await recording.refund(payment, 400, 'refund-3');
    expect(recording.refunds.map((refund) => [refund.idempotencyKey, refund.amountPaise])).toEqual([
      ['refund-1', 600],
      ['refund-3', 400],
    ]);
  });

  it('charges a saved card by its token with the right CVV only', async () => {
    const saved = await gateway.saveCard(card);
    expect(saved).toEqual({ token: expect.stringMatching(/^tok_/), brand: 'Visa', last4: '1111' });
    expect(saved.token).not.toContain(card.number);
    const pay = (token: string, cvv: string) =>
      gateway.authorize({ method: 'debit-card', amountPaise: 100, savedCard: { token, cvv } });
    expect(await pay(saved.token, '123')).toMatchObject({ approved: true, brand: 'Visa' });
    expect(await pay(saved.token, '124')).toEqual({ approved: false, message: CVV_MISMATCH });
    expect(await pay('tok_unknown', '123')).toEqual({ approved: false, message: CARD_DECLINED });
  });

  it('keeps neither the number nor the CVV of a saved card, and declines the declined card', async () => {
    const saved = await gateway.saveCard({ ...card, number: DECLINED_TEST_CARD });
    const stored = kept.get(saved.token);
    expect(stored).toMatchObject({ last4: '0002', approvable: false });
    expect(JSON.stringify(stored)).not.toContain(DECLINED_TEST_CARD);
    expect(stored?.cvvHash).not.toBe(card.cvv);
    expect(
      await gateway.authorize({
        method: 'debit-card',
        amountPaise: 100,
        savedCard: { token: saved.token, cvv: card.cvv },
      }),
    ).toEqual({ approved: false, message: CARD_DECLINED });
  });
});

describe('payments.pay', () => {
  // Nothing is saved in these cases, so no database is touched.
  const db = undefined as never;
  const payments = createPaymentsService(undefined as never, gateway, () => now);
  const body = { name: 'Asha Shopper', save: false, ...card };

  it('answers cash without card details', async () => {
    expect(
      await payments.pay(db, 'u', { method: 'cash', amountPaise: 100, card: body }, []),
    ).toEqual({
      method: 'cash',
      cardBrand: null,
      cardLast4: null,
      reference: expect.any(String),
    });
  });

  it('answers a card payment with brand and last 4', async () => {
    expect(
      await payments.pay(db, 'u', { method: 'debit-card', amountPaise: 100, card: body }, []),
    ).toEqual({
      method: 'debit-card',
      cardBrand: 'Visa',
      cardLast4: '1111',
      reference: expect.any(String),
    });
  });

  it.each([
    [{ number: '4111111111111112' }, 400, 'Card number is not valid'],
    [{ expMonth: 5, expYear: 2026 }, 400, 'Card has expired'],
    [{ number: DECLINED_TEST_CARD }, 402, 'Your card was declined'],
  ])('refuses %o with %i', async (change, status, message) => {
    await expect(
      payments.pay(
        db,
        'u',
        {
          method: 'debit-card',
          amountPaise: 100,
          card: { ...body, ...change },
        },
        [],
      ),
    ).rejects.toMatchObject({ status, message });
  });

  it('adds each approval to the caller’s list, and nothing when declined', async () => {
    const recording = createTestGateway({ cards, clock: () => now, record: true });
    const paying = createPaymentsService(undefined as never, recording, () => now);
    const approvals: string[] = [];
    await paying.pay(db, 'u', { method: 'debit-card', amountPaise: 100, card: body }, approvals);
    await paying
      .pay(
        db,
        'u',
        { method: 'debit-card', amountPaise: 100, card: { ...body, number: DECLINED_TEST_CARD } },
        approvals,
      )
      .catch(() => undefined);
    expect(approvals).toEqual(recording.authorizations.map((authorization) => authorization.id));
    expect(approvals).toHaveLength(1);
    await paying.voidPayments(approvals);
    expect(recording.authorizations[0]?.status).toBe('voided');
  });

  it('voids every approval it can, and names those it could not', async () => {
    const voided: string[] = [];
    const flaky = createPaymentsService(
      undefined as never,
      {
        ...gateway,
        async void(id) {
          if (id === 'b') throw new Error('gateway unreachable');
          voided.push(id);
        },
      },
      () => now,
    );
    await expect(flaky.voidPayments(['a', 'b', 'c'])).rejects.toThrow(
      'Payment authorizations not voided: b',
    );
    expect(voided).toEqual(['a', 'c']);
  });

  it('refuses a card payment without a card', async () => {
    await expect(
      payments.pay(db, 'u', { method: 'debit-card', amountPaise: 100 }, []),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
