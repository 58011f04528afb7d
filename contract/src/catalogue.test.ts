import { describe, expect, it } from 'vitest';
import {
  AdminProductBodySchema,
  DEFAULT_SORT,
  defaultSortFor,
  isSize,
  ListAdminProductsQuerySchema,
  SIZES,
} from './catalogue.ts';

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

const body = {
  title: 'Tee',
  description: 'Soft',
  price: 499,
  gender: 'Men',
  category: 'T-Shirts',
  color: { name: 'Navy', hex: '#1e3a5f' },
};

const priceError = (price: unknown) =>
  AdminProductBodySchema.safeParse({ ...body, price }).error?.issues[0]?.message;

describe('AdminProductBodySchema', () => {
  it('takes prices with up to 2 decimals, whatever floating point does to them', () => {
    for (const price of [0.01, 19.99, 0.29, 1299.5, 4.35, 1_000_000]) {
      expect(priceError(price), String(price)).toBeUndefined();
    }
    expect(priceError(10.555)).toBe('Price may have at most 2 decimals');
    expect(priceError(0.001)).toBe('Price may have at most 2 decimals');
    expect(priceError(Number.NaN)).toBe('Price must be a number');
    expect(priceError(Number.POSITIVE_INFINITY)).toBeDefined();
  });

  it('fills in what may be left out', () => {
    expect(AdminProductBodySchema.parse(body)).toEqual({
      ...body,
      isNew: false,
      sizes: {},
      imageIds: [],
    });
  });

  it('takes a colour as a name and a #rrggbb, in lower case (decision 018)', () => {
    const colour = (color: unknown) => AdminProductBodySchema.safeParse({ ...body, color });
    expect(colour({ name: ' Sky Blue ', hex: '#7DD3FC' }).data?.color).toEqual({
      name: 'Sky Blue',
      hex: '#7dd3fc',
    });
    expect(colour(undefined).error?.issues[0]?.message).toBe('Colour is required: { name, hex }');
    expect(colour({ name: 'Navy', hex: '#123' }).error?.issues[0]?.message).toBe(
      'Colour must be a #rrggbb colour',
    );
    expect(colour({ name: 'Black, matt', hex: '#000000' }).error?.issues[0]?.message).toBe(
      'Colour name must not contain a comma',
    );
  });
});

describe('ListAdminProductsQuerySchema', () => {
  it('reads archived as a flag from the query string', () => {
    expect(ListAdminProductsQuerySchema.parse({ archived: 'true' }).archived).toBe(true);
    expect(ListAdminProductsQuerySchema.parse({ archived: 'false' }).archived).toBe(false);
    expect(ListAdminProductsQuerySchema.parse({}).archived).toBeUndefined();
  });
});
