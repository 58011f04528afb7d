import { describe, expect, it } from 'vitest';
import { makeOrder } from '#web/testing/data.ts';
import { trackingSteps } from './tracking-steps.ts';

const PLACED = { type: 'placed', at: '2026-11-21T06:30:00.000Z', note: null } as const;
const SHIPPED = { type: 'shipped', at: '2026-11-22T09:00:00.000Z', note: 'Picked up' } as const;
const DELIVERED = { type: 'delivered', at: '2026-11-24T12:00:00.000Z', note: null } as const;
const CANCELLED = { type: 'cancelled', at: '2026-11-22T10:00:00.000Z', note: null } as const;

const summary = (order: Parameters<typeof trackingSteps>[0]) =>
  trackingSteps(order).map(({ type, state, at }) => [type, state, at]);

describe('trackingSteps', () => {
  it('shows a pending order as placed, with shipping and delivery still to come', () => {
    expect(summary(makeOrder({ events: [PLACED] }))).toEqual([
      ['placed', 'done', PLACED.at],
      ['shipped', 'upcoming', undefined],
      ['delivered', 'upcoming', undefined],
    ]);
  });

  it('dates every step a delivered order went through, with its notes', () => {
    const order = makeOrder({
      status: 'delivered',
      events: [PLACED, SHIPPED, DELIVERED],
      deliveredAt: DELIVERED.at,
    });
    expect(summary(order)).toEqual([
      ['placed', 'done', PLACED.at],
      ['shipped', 'done', SHIPPED.at],
      ['delivered', 'done', DELIVERED.at],
    ]);
    expect(trackingSteps(order)[1]?.note).toBe('Picked up');
  });

  it('stops a cancelled order where it was cancelled', () => {
    expect(summary(makeOrder({ status: 'cancelled', events: [PLACED, CANCELLED] }))).toEqual([
      ['placed', 'done', PLACED.at],
      ['cancelled', 'cancelled', CANCELLED.at],
    ]);
    expect(
      summary(makeOrder({ status: 'cancelled', events: [PLACED, SHIPPED, CANCELLED] })),
    ).toEqual([
      ['placed', 'done', PLACED.at],
      ['shipped', 'done', SHIPPED.at],
      ['cancelled', 'cancelled', CANCELLED.at],
    ]);
  });

  it('falls back to the order date when the placed event is missing', () => {
    const order = makeOrder({ events: [], createdAt: '2026-11-20T05:00:00.000Z' });
    expect(trackingSteps(order)[0]).toMatchObject({ state: 'done', at: order.createdAt });
  });
});
