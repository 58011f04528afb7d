import { describe, expect, it } from 'vitest';
import { CartProductSchema } from './cart.ts';
import {
  availableQuantityMessage,
  DEFAULT_CUSTOMISATION,
  printedPhotosNote,
  toCartProduct,
} from './cart-line-rules.ts';
import type { Product } from './catalogue.ts';

const product: Product = {
  _id: 'p1',
  styleId: 's1',
  color: { name: 'Navy', hex: '#1e3a5f' },
  colors: [{ productId: 'p1', name: 'Navy', hex: '#1e3a5f', inStock: true }],
  title: 'Plain tee',
  description: 'Soft cotton',
  price: 499.5,
  rating: 4.2,
  reviewCount: 5,
  gender: 'Men',
  category: 'T-Shirts',
  images: [{ url: '/images/p1.webp' }],
  sizes: { S: 3, M: 0 },
  isNew: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  customisation: DEFAULT_CUSTOMISATION,
  priceBreaks: [{ minQuantity: 10, percentOff: 10 }],
};

describe('toCartProduct', () => {
  it('keeps what a cart line shows of the product, and nothing else', () => {
    const cartProduct = toCartProduct(product);
    expect(cartProduct).toEqual({
      _id: 'p1',
      title: 'Plain tee',
      images: [{ url: '/images/p1.webp' }],
      gender: 'Men',
      price: 499.5,
      sizes: { S: 3, M: 0 },
      // The garment's colour: a designed line is drawn on it (issue 28).
      color: { name: 'Navy', hex: '#1e3a5f' },
      // The garment its category makes it: what the design is drawn on.
      garment: 'tee',
      customisation: DEFAULT_CUSTOMISATION,
      // Its style and breaks: the cart prices a style's lines together (issue 29).
      styleId: 's1',
      priceBreaks: [{ minQuantity: 10, percentOff: 10 }],
    });
    // The reshape gives exactly the shape the contract's cart line carries.
    expect(CartProductSchema.strict().parse(cartProduct)).toEqual(cartProduct);
  });
});

describe('availableQuantityMessage', () => {
  it("spells the spec's 'Avalible Qty is {n}' right (D6)", () => {
    expect(availableQuantityMessage(2)).toBe('Available quantity is 2');
  });
});

describe('printedPhotosNote (issue 28)', () => {
  const productIn = (category: string, customisable: boolean, blank: boolean) => ({
    category,
    color: { name: 'Black' },
    customisation: { customisable, blank },
  });

  it('names the blank its category prints on, or a garment', () => {
    expect(printedPhotosNote(productIn('Hoodies', true, false))).toBe(
      'The designer prints on a blank black hoodie; the print in the photos is not included.',
    );
    expect(printedPhotosNote(productIn('Polo Shirts', true, false))).toBe(
      'The designer prints on a blank black garment; the print in the photos is not included.',
    );
  });

  it('says nothing of a blank, nor of a product that takes no designs', () => {
    expect(printedPhotosNote(productIn('T-Shirts', true, true))).toBeNull();
    expect(printedPhotosNote(productIn('T-Shirts', false, false))).toBeNull();
  });
});
