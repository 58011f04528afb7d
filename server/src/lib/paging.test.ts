import { describe, expect, it } from 'vitest';
import { pageCount, pageResult, pageWindow } from './paging.ts';

describe('paging', () => {
  it('counts whole pages, a partial last page included', () => {
    expect(pageCount(0, 24)).toBe(0);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });

  it('turns a page into an offset and shapes the result', () => {
    expect(pageWindow({ page: 3, limit: 10 })).toEqual({ offset: 20, limit: 10 });
    expect(pageResult(['a'], 21, { page: 3, limit: 10 })).toEqual({
      results: ['a'],
      total: 21,
      page: 3,
      pages: 3,
      limit: 10,
    });
  });
});
