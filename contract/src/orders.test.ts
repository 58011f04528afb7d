import { describe, expect, it } from 'vitest';
import {
  CheckoutBodySchema,
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

describe('a business purchase at checkout (issue 26)', () => {
  it('takes the GSTIN as typed (spaces dropped, upper-cased) and the business name trimmed', () => {
    const body = CheckoutBodySchema.parse({
      business: { gstin: ' 27aapfu0939f1zv ', name: '  Rao Textiles LLP ' },
    });
    expect(body.business).toEqual({ gstin: '27AAPFU0939F1ZV', name: 'Rao Textiles LLP' });
    expect(CheckoutBodySchema.parse({}).business).toBeUndefined();
  });

  it('refuses a wrong GSTIN or a missing business name, naming the field', () => {
    const issues = (business: object) =>
      CheckoutBodySchema.safeParse({ business }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues({ gstin: '27AAPFU0939F1ZA', name: 'Rao Textiles LLP' })).toEqual([
      [
        'business.gstin',
        'GSTIN has a wrong check character (its last): check it for a typing mistake',
      ],
    ]);
    expect(issues({ gstin: '27AAPFU0939F1ZV', name: ' ' })).toEqual([
      ['business.name', 'Business name is required'],
    ]);
    expect(issues({ gstin: '27AAPFU0939F1ZV', name: 'x'.repeat(101) })).toEqual([
      ['business.name', 'Business name must be at most 100 characters'],
    ]);
  });
});
