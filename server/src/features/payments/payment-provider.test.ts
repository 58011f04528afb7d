import { describe, expect, it } from 'vitest';
import { CARD_DECLINED, createTestGateway, DECLINED_TEST_CARD } from './payment-provider.ts';
import { createPaymentsService } from './payments.service.ts';

const now = new Date('2026-06-15T12:00:00Z');
const gateway = createTestGateway(() => now);
const card = { number: '4111111111111111', expMonth: 12, expYear: 2030, cvv: '123' };

describe('the test gateway (D12)', () => {
  it('approves cash, to be paid on delivery', async () => {
    expect(await gateway.authorize({ method: 'cash', amountPaise: 49_900 })).toEqual({
      approved: true,
    });
  });

  it('approves a good card with its brand and last 4 only', async () => {
    const answer = await gateway.authorize({ method: 'debit-card', amountPaise: 49_900, card });
    expect(answer).toEqual({ approved: true, brand: 'Visa', last4: '1111' });
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

  it('declines a card payment without a card', async () => {
    expect(await gateway.authorize({ method: 'debit-card', amountPaise: 100 })).toMatchObject({
      approved: false,
    });
  });
});

describe('payments.pay', () => {
  // Nothing is saved in these cases, so no database is touched.
  const db = undefined as never;
  const payments = createPaymentsService(gateway, () => now);
  const body = { name: 'Asha Shopper', save: false, ...card };

  it('answers cash without card details', async () => {
    expect(await payments.pay(db, 'u', { method: 'cash', amountPaise: 100, card: body })).toEqual({
      method: 'cash',
      cardBrand: null,
      cardLast4: null,
    });
  });

  it('answers a card payment with brand and last 4', async () => {
    expect(
      await payments.pay(db, 'u', { method: 'debit-card', amountPaise: 100, card: body }),
    ).toEqual({
      method: 'debit-card',
      cardBrand: 'Visa',
      cardLast4: '1111',
    });
  });

  it.each([
    [{ number: '4111111111111112' }, 400, 'Card number is not valid'],
    [{ expMonth: 5, expYear: 2026 }, 400, 'Card has expired'],
    [{ number: DECLINED_TEST_CARD }, 402, 'Your card was declined'],
  ])('refuses %o with %i', async (change, status, message) => {
    await expect(
      payments.pay(db, 'u', {
        method: 'debit-card',
        amountPaise: 100,
        card: { ...body, ...change },
      }),
    ).rejects.toMatchObject({ status, message });
  });

  it('refuses a card payment without a card', async () => {
    await expect(
      payments.pay(db, 'u', { method: 'debit-card', amountPaise: 100 }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
