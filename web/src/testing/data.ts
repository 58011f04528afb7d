import { type Product, ProductSchema } from '#contract';

let sequence = 0;

/** A valid product (checked against the contract), with the given fields replaced. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  return ProductSchema.parse({
    _id: `product-${sequence}`,
    title: `Test Tee ${sequence}`,
    description: 'A soft cotton tee.',
    price: 499,
    rating: 4.3,
    gender: 'Men',
    category: 'T-Shirts',
    images: [{ url: `/media/image-${sequence}` }, { url: `/media/image-${sequence}-back` }],
    sizes: { S: 3, M: 10, L: 0 },
    isNew: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}
