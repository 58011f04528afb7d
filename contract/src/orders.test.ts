import { describe, expect, it } from 'vitest';
import {
  findOrderTransition,
  NEXT_ORDER_STATUSES,
  nextOrderStatuses,
  ORDER_STATUSES,
  SetOrderStatusBodySchema,
  SHOPPER_CANCEL_REFUSED,
} from './orders.ts';

describe('order transitions (D19)', () => {
  it('go pending → shipped → delivered, and to cancelled from pending or shipped only', () => {
    expect(NEXT_ORDER_STATUSES).toEqual({
      'awaiting-payment': ['cancelled'],
      pending: ['shipped', 'cancelled'],
      shipped: ['delivered', 'cancelled'],
      delivered: [],
      cancelled: [],
    });
    for (const status of ORDER_STATUSES) {
      expect(NEXT_ORDER_STATUSES[status]).not.toContain('pending');
    }
  });

  it('let a shopper make one move only: cancel an order not yet shipped', () => {
    expect(ORDER_STATUSES.map((status) => nextOrderStatuses(status, 'shopper'))).toEqual([
      ['cancelled'],
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

  it('tell a shopper refused a cancel every status the table lets them cancel from (issue 25)', () => {
    expect(SHOPPER_CANCEL_REFUSED).toBe('Only awaiting payment or pending orders can be cancelled');
  });

  it('let only the shop itself mark an order awaiting payment as paid (issue 25)', () => {
    expect(findOrderTransition('awaiting-payment', 'pending', 'system')).toBeDefined();
    expect(findOrderTransition('awaiting-payment', 'pending', 'admin')).toBeUndefined();
    expect(findOrderTransition('awaiting-payment', 'pending', 'shopper')).toBeUndefined();
    expect(findOrderTransition('awaiting-payment', 'cancelled', 'system')).toBeDefined();
  });

  it('accepts any status in the body, so an illegal move is a 409 rather than a 400', () => {
    for (const status of ORDER_STATUSES) {
      expect(SetOrderStatusBodySchema.safeParse({ status }).success).toBe(true);
    }
  });
});
