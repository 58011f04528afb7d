import { describe, expect, it } from 'vitest';
import { type AdminProduct, DEFAULT_CUSTOMISATION } from '#contract';
import {
  changedColumns,
  columnOf,
  flagCell,
  headerProblems,
  productCells,
} from './product-rows.ts';

const product: AdminProduct = {
  _id: '00000000-0000-4000-8000-000000000001',
  styleId: '00000000-0000-4000-8000-000000000002',
  color: { name: 'Navy', hex: '#1e3a5f' },
  colors: [],
  title: 'Owner Tee',
  description: 'Cotton.',
  price: 649.5,
  rating: 0,
  reviewCount: 0,
  gender: 'Unisex',
  category: 'T-Shirts',
  images: [{ _id: 'img-1', url: '/media/img-1' }],
  sizes: { S: 4, M: 0 },
  isNew: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  customisation: DEFAULT_CUSTOMISATION,
  priceBreaks: [],
  unitsSold: 0,
  archived: false,
  archivedAt: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  hsn: '6109',
};

const body = {
  title: 'Owner Tee',
  description: 'Cotton.',
  price: 649.5,
  gender: 'Unisex',
  category: 'T-Shirts',
  isNew: true,
  color: { name: 'Navy', hex: '#1e3a5f' },
  sizes: { S: 4, M: 0 },
  imageIds: ['img-1'],
};

describe('product rows (issue 27)', () => {
  it('writes price with 2 decimals and an unsold size as an empty cell', () => {
    expect(productCells(product)).toMatchObject({
      price: '649.50',
      stock_S: '4',
      stock_M: '0',
      stock_L: '',
      image_ids: 'img-1',
      is_new: 'true',
      archived: 'false',
    });
  });

  it('finds no change in the body the product would give, and names each column that differs', () => {
    expect(changedColumns(product, body)).toEqual([]);
    expect(
      changedColumns(product, { ...body, price: 650, sizes: { S: 4 }, hsn: '6109', styleId: 'x' }),
    ).toEqual(['style_id', 'price', 'stock_M']);
  });

  it('reads flags in the words spreadsheets use, and leaves others for the schema to refuse', () => {
    expect(['TRUE', 'yes', '1', 'False', 'no', '0', '', 'maybe'].map(flagCell)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      undefined,
      'maybe',
    ]);
  });

  it("names the column of a body field, the service's dotted names too", () => {
    expect(columnOf(['color', 'hex'])).toBe('color_hex');
    expect(columnOf(['sizes', 'XL'])).toBe('stock_XL');
    expect(columnOf(['imageIds', 2])).toBe('image_ids');
    expect(columnOf('styleId')).toBe('style_id');
    expect(columnOf('customisation.printAreas')).toBeNull();
  });

  it('lets only archived be left out of the header', () => {
    expect(headerProblems(['id', 'title', 'extra'])).toMatchObject({
      missing: expect.arrayContaining(['price', 'stock_M', 'image_ids']),
      unknown: ['extra'],
    });
    expect(headerProblems(['id', 'title']).missing).not.toContain('archived');
  });
});
