import { describe, expect, it } from 'vitest';
import { SIZES } from '#contract';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { GARMENT_KINDS, GARMENT_VIEWS } from './garment-svg.ts';
import { seedColours } from './seed.ts';

const GENDERS = ['Men', 'Women', 'Unisex', 'Kids'];
const CATEGORIES = [
  'T-Shirts',
  'Hoodies',
  'Sweatshirts',
  'Polo Shirts',
  'Tank Tops',
  'Shirts',
  'Joggers',
  'Jackets',
];
const COLOUR = /^#[0-9a-f]{6}$/;
const stockOf = (product: (typeof SEED_PRODUCTS)[number]) => Object.values(product.stock);

describe('the seed catalogue (D23)', () => {
  it('has at least 40 products with distinct titles', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SEED_PRODUCTS.map((product) => product.title)).size).toBe(SEED_PRODUCTS.length);
  });

  it('covers every gender, and every category with several products', () => {
    expect(new Set(SEED_PRODUCTS.map((product) => product.gender))).toEqual(new Set(GENDERS));
    expect(new Set(SEED_PRODUCTS.map((product) => product.category))).toEqual(new Set(CATEGORIES));
    for (const category of CATEGORIES) {
      const inCategory = SEED_PRODUCTS.filter((product) => product.category === category);
      expect(inCategory.length, category).toBeGreaterThanOrEqual(3);
    }
  });

  it('prices in whole rupees from 299 to 2,999', () => {
    for (const { title, price } of SEED_PRODUCTS) {
      expect(Number.isInteger(price), title).toBe(true);
      expect(price, title).toBeGreaterThanOrEqual(299);
      expect(price, title).toBeLessThanOrEqual(2999);
    }
  });

  it('rates from 2.8 to 4.9 with one decimal', () => {
    for (const { title, rating } of SEED_PRODUCTS) {
      expect(rating, title).toBeGreaterThanOrEqual(2.8);
      expect(rating, title).toBeLessThanOrEqual(4.9);
      expect(Math.abs(rating * 10 - Math.round(rating * 10)), title).toBeLessThan(1e-9);
    }
  });

  it('stocks only known sizes, in whole non-negative numbers', () => {
    for (const product of SEED_PRODUCTS) {
      const sizes = Object.keys(product.stock);
      expect(sizes.length, product.title).toBeGreaterThan(0);
      for (const size of sizes) expect(SIZES, product.title).toContain(size);
      for (const stock of stockOf(product)) {
        expect(Number.isInteger(stock) && stock >= 0, product.title).toBe(true);
      }
    }
    // Not every product comes in every size.
    expect(SEED_PRODUCTS.some((product) => Object.keys(product.stock).length < SIZES.length)).toBe(
      true,
    );
  });

  it('has sold-out products, sold-out sizes and sizes with 1 to 5 left', () => {
    const soldOut = SEED_PRODUCTS.filter((product) =>
      stockOf(product).every((stock) => stock === 0),
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    const partlySoldOut = SEED_PRODUCTS.filter(
      (product) => stockOf(product).some((stock) => stock === 0) && !soldOut.includes(product),
    );
    expect(partlySoldOut.length).toBeGreaterThanOrEqual(3);
    const lastFew = SEED_PRODUCTS.flatMap(stockOf).filter((stock) => stock >= 1 && stock <= 5);
    expect(lastFew.length).toBeGreaterThanOrEqual(5);
  });

  it('draws 2 to 4 distinct views of a known garment in #rrggbb colours', () => {
    for (const product of SEED_PRODUCTS) {
      expect(product.views.length, product.title).toBeGreaterThanOrEqual(2);
      expect(product.views.length, product.title).toBeLessThanOrEqual(4);
      expect(new Set(product.views).size, product.title).toBe(product.views.length);
      for (const view of product.views) expect(GARMENT_VIEWS).toContain(view);
      expect(GARMENT_KINDS).toContain(product.garment);
      expect(product.colour, product.title).toMatch(COLOUR);
      expect(product.accent, product.title).toMatch(COLOUR);
    }
  });

  it('gives every style several real colours, each with its own stock (decision 018)', () => {
    const hexByName = new Map<string, string>();
    for (const style of SEED_PRODUCTS) {
      const colours = seedColours(style);
      expect(colours.length, style.title).toBeGreaterThanOrEqual(3);
      expect(new Set(colours.map((colour) => colour.colourName)).size, style.title).toBe(
        colours.length,
      );
      for (const colour of colours) {
        expect(colour.colour, style.title).toMatch(COLOUR);
        expect(Object.keys(colour.stock), style.title).toEqual(Object.keys(style.stock));
        // One name is one colour everywhere: the filter lists it once, with one swatch.
        expect(hexByName.get(colour.colourName) ?? colour.colour, colour.colourName).toBe(
          colour.colour,
        );
        hexByName.set(colour.colourName, colour.colour);
      }
    }
    const soldOutColours = SEED_PRODUCTS.flatMap((style) => style.otherColours ?? []).filter(
      (colour) => Object.values(colour.stock).every((stock) => stock === 0),
    );
    expect(soldOutColours.length).toBeGreaterThanOrEqual(3);
    expect(hexByName.size).toBeGreaterThanOrEqual(12);
  });

  it('marks about a third as new', () => {
    const share = SEED_PRODUCTS.filter((product) => product.isNew).length / SEED_PRODUCTS.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
  });

  it("ranks 'Best Sellers' differently from 'Latest Collection'", () => {
    const top = (
      order: (a: (typeof SEED_PRODUCTS)[number], b: (typeof SEED_PRODUCTS)[number]) => number,
    ) =>
      [...SEED_PRODUCTS]
        .sort(order)
        .slice(0, 5)
        .map((product) => product.title);
    const bestSellers = top((a, b) => b.unitsSold - a.unitsSold || b.rating - a.rating);
    const latest = top((a, b) => a.daysAgo - b.daysAgo);
    expect(bestSellers).not.toEqual(latest);
    expect(new Set(SEED_PRODUCTS.map((product) => product.unitsSold)).size).toBeGreaterThan(30);
    expect(new Set(SEED_PRODUCTS.map((product) => product.daysAgo)).size).toBeGreaterThan(30);
  });

  it('has the titles shoppers search for', () => {
    const titles = SEED_PRODUCTS.map((product) => product.title);
    expect(titles.filter((title) => /t-shirt|\btee\b/i.test(title)).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(titles.filter((title) => /hoodie/i.test(title)).length).toBeGreaterThanOrEqual(3);
  });

  it('describes each product in one or two sentences', () => {
    for (const { title, description } of SEED_PRODUCTS) {
      const sentences = description.split(/[.!?](?:\s|$)/).filter((part) => part.trim());
      expect(sentences.length, title).toBeGreaterThanOrEqual(1);
      expect(sentences.length, title).toBeLessThanOrEqual(2);
      expect(description.length, title).toBeGreaterThan(30);
    }
  });
});
