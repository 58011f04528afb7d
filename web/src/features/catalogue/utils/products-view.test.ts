import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  NO_FILTERS,
  readProductsView,
  toListProductsQuery,
  writeProductsView,
} from './products-view.ts';

const read = (query: string) => readProductsView(new URLSearchParams(query));

describe('products view in the URL', () => {
  it('reads the plain list from plain /products', () => {
    expect(read('')).toEqual({
      search: undefined,
      filters: { ...NO_FILTERS, minPrice: undefined, maxPrice: undefined, rating: undefined },
      sortBy: 'ratingDesc',
      page: 1,
    });
    expect(writeProductsView(read('')).toString()).toBe('');
  });

  it('round-trips search, filters, sort and page', () => {
    const query =
      'search=hoodie&gender=Men%2CWomen&category=Hoodies&size=S%2CM&color=Navy%2CHeather+Grey&minPrice=500&maxPrice=1500&rating=4&customisable=true&sortBy=priceAsc&page=2';
    const view = read(query);

    expect(view).toEqual({
      search: 'hoodie',
      filters: {
        gender: ['Men', 'Women'],
        category: ['Hoodies'],
        size: ['S', 'M'],
        color: ['Navy', 'Heather Grey'],
        minPrice: 500,
        maxPrice: 1500,
        rating: 4,
        customisable: true,
      },
      sortBy: 'priceAsc',
      page: 2,
    });
    expect(writeProductsView(view).toString()).toBe(query);
    expect(countActiveFilters(view.filters)).toBe(10);
  });

  it('ignores what it cannot use in a hand-edited link', () => {
    const view = read('size=M,HUGE&minPrice=cheap&maxPrice=-4&rating=9&sortBy=random&page=0');

    expect(view.filters.size).toEqual(['M']);
    expect(view.filters.minPrice).toBeUndefined();
    expect(view.filters.maxPrice).toBeUndefined();
    expect(view.filters.rating).toBeUndefined();
    expect(view.sortBy).toBe('ratingDesc');
    expect(view.page).toBe(1);
  });

  it('asks the API with the sort always and empty groups left out (SPEC §4, §5)', () => {
    expect(toListProductsQuery(read('gender=Kids&page=3'))).toEqual({
      search: undefined,
      gender: ['Kids'],
      category: undefined,
      size: undefined,
      color: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      rating: undefined,
      sortBy: 'ratingDesc',
      page: 3,
    });
  });
});
