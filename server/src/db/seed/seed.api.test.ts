import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { orderItems, orders } from '#server/db/schema/orders.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createTestDatabase } from '#server-test/database.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { SEED_REVIEWERS, starsFor } from './reviews-data.ts';
import { seedCatalogueIfEmpty, seedColours } from './seed.ts';

/** One product per colour of every seed style (decision 018). */
const SEEDED = SEED_PRODUCTS.flatMap(seedColours);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seedCatalogueIfEmpty', () => {
  it('seeds an empty catalogue once: starting again keeps the data and adds nothing', async () => {
    expect(await seedCatalogueIfEmpty(database.db)).toBe(SEEDED.length);
    expect(await seedCatalogueIfEmpty(database.db)).toBe(0);
    expect(await createCatalogueService(database.db).countProducts(database.db)).toBe(
      SEEDED.length,
    );
    // About 170 products with their pictures, orders and reviews: half a minute on a busy machine.
  }, 120_000);
});

describe('the seed ratings (D28)', () => {
  it('are the averages of reviews by shoppers whose orders of the product were delivered', async () => {
    const db = database.db;
    const rows = await db
      .select({ title: products.title, rating: products.rating, count: products.reviewCount })
      .from(products);
    expect(rows).toHaveLength(SEEDED.length);
    for (const seed of SEED_PRODUCTS) {
      expect(rows.find((row) => row.title === seed.title)).toEqual({
        title: seed.title,
        rating: seed.rating,
        count: SEED_REVIEWERS.length,
      });
    }
    const unreceived = await db
      .select({ id: reviews.id })
      .from(reviews)
      .leftJoin(orders, and(eq(orders.userId, reviews.userId), eq(orders.status, 'delivered')))
      .leftJoin(
        orderItems,
        and(eq(orderItems.orderId, orders.id), eq(orderItems.productId, reviews.productId)),
      )
      .where(isNull(orderItems.id));
    expect(unreceived).toEqual([]);
  });

  it.each([2.9, 4.3, 4.8, 5, 1])('gives stars averaging %d exactly', (rating) => {
    const stars = starsFor(rating);
    expect(stars.every((star) => Number.isInteger(star) && star >= 1 && star <= 5)).toBe(true);
    expect(stars.reduce((sum, star) => sum + star, 0) / stars.length).toBeCloseTo(rating, 10);
  });
});
