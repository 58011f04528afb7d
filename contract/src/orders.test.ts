import { describe, expect, it } from 'vitest';
import {
  findOrderTransition,
  NEXT_ORDER_STATUSES,
  nextOrderStatuses,
  ORDER_STATUSES,
  SetOrderStatusBodySchema,
} from './orders.ts';

describe('order transitions (D19)', () => {
  it('go pending → shipped → delivered, and to cancelled from pending or shipped only', () => {
    expect(NEXT_ORDER_STATUSES).toEqual({
      pending: ['shipped', 'cancelled'],
      shipped: ['delivered', 'cancelled'],
      delivered: [],
      cancelled: [],
    });
    for (const status of ORDER_STATUSES) {
      expect(NEXT_ORDER_STATUSES[status]).not.toContain('pending');
    }
  });

  it('let a shopper make one move only: cancel a pending order', () => {
    expect(ORDER_STATUSES.map((status) => nextOrderStatuses(status, 'shopper'))).toEqual([
      ['cancelled'],
      [],
      [],
      [],
    ]);
    expect(findOrderTransition('pending', 'cancelled', 'shopper')).toBeDefined();
    expect(findOrderTransition('shipped', 'cancelled', 'shopper')).toBeUndefined();
    expect(findOrderTransition('shipped', 'cancelled', 'admin')).toBeDefined();
    expect(findOrderTransition('pending', 'delivered', 'admin')).toBeUndefined();
  });

  it('accepts any status in the body, so an illegal move is a 409 rather than a 400', () => {
    for (const status of ORDER_STATUSES) {
      expect(SetOrderStatusBodySchema.safeParse({ status }).success).toBe(true);
    }
  });
});
