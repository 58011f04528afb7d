import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, defaultSortFor, isSize, SIZES } from './catalogue.ts';

describe('isSize', () => {
  it('accepts exactly the sizes the shop sells', () => {
    for (const size of SIZES) expect(isSize(size)).toBe(true);
    for (const other of ['', 'm', 'XXXL', ' S', 'S,M']) expect(isSize(other)).toBe(false);
  });
});

describe('defaultSortFor', () => {
  it('ranks by best match while searching, otherwise by the spec default (rating, best first)', () => {
    expect(defaultSortFor(true)).toBe('relevance');
    expect(defaultSortFor(false)).toBe(DEFAULT_SORT);
    expect(DEFAULT_SORT).toBe('ratingDesc');
  });
});
