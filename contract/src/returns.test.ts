import { describe, expect, it } from 'vitest';
import { canMoveReturn, RETURN_STATUSES } from './returns.ts';

describe('RETURN_TRANSITIONS', () => {
  it('moves a requested return to approved or rejected, an approved one to received or rejected', () => {
    const moves = RETURN_STATUSES.flatMap((from) =>
      RETURN_STATUSES.filter((to) => canMoveReturn(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual([
      'requested→approved',
      'requested→rejected',
      'approved→received',
      'approved→rejected',
    ]);
  });
});
