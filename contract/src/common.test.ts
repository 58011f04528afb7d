import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryList, splitQueryList } from './common.ts';

describe('splitQueryList', () => {
  it('splits comma-joined and repeated values, trimmed, without blanks or repeats', () => {
    expect(splitQueryList('S, M,,M')).toEqual(['S', 'M']);
    expect(splitQueryList(['S,M', ' L ', 'S'])).toEqual(['S', 'M', 'L']);
  });

  it('is empty for nothing or for values that are not strings', () => {
    expect(splitQueryList(undefined)).toEqual([]);
    expect(splitQueryList(' , ')).toEqual([]);
    expect(splitQueryList([3, null, { size: 'S' }])).toEqual([]);
  });
});

describe('queryList', () => {
  const sizes = queryList(z.enum(['S', 'M', 'L']));

  it('parses the items and checks each', () => {
    expect(sizes.parse('S,M')).toEqual(['S', 'M']);
    expect(sizes.parse(['L', 'S,L'])).toEqual(['L', 'S']);
    expect(sizes.safeParse('S,XXXL').success).toBe(false);
  });

  it('is absent when the list has no items', () => {
    expect(sizes.parse(undefined)).toBeUndefined();
    expect(sizes.parse(' ,')).toBeUndefined();
  });

  it('refuses more than 50 items', () => {
    const many = queryList(z.string());
    const items = Array.from({ length: 51 }, (_, index) => `v${index}`);
    expect(many.safeParse(items.slice(0, 50).join(',')).success).toBe(true);
    expect(many.safeParse(items.join(',')).success).toBe(false);
  });
});
