import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { createTestDatabase } from '#server-test/database.ts';
import { SEED_PRODUCTS } from './catalogue-data.ts';
import { seedCatalogueIfEmpty } from './seed.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('seedCatalogueIfEmpty', () => {
  it('seeds an empty catalogue once: starting again keeps the data and adds nothing', async () => {
    expect(await seedCatalogueIfEmpty(database.db)).toBe(SEED_PRODUCTS.length);
    expect(await seedCatalogueIfEmpty(database.db)).toBe(0);
    expect(await createCatalogueService(database.db).countProducts(database.db)).toBe(
      SEED_PRODUCTS.length,
    );
  });
});
