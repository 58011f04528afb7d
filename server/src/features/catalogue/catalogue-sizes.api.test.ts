import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductPageSchema } from '#contract';
import { products } from '#server/db/schema/catalogue.ts';
import { createTestApp, type TestApp } from '#server-test/app.ts';
import { createProduct, setStock } from '#server-test/catalogue-fixtures.ts';
import { expectResult } from '#server-test/http.ts';
import { createCatalogueService } from './catalogue.service.ts';

// The size filter reads the sizes in stock kept on each product by a trigger
// on product_stock (decision 023): every way stock changes must reach it.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function inSize(size: string): Promise<{ ids: string[]; total: number }> {
  const page = await expectResult(t.app, `/api/v1/product?size=${size}`, ProductPageSchema);
  return { ids: page.results.map((product) => product._id), total: page.total };
}

describe('the size filter follows the stock', () => {
  it('drops a size a checkout sold out, and shows it again when stock comes back', async () => {
    const catalogue = createCatalogueService(t.db);
    const id = await createProduct(t.db, { stock: { XXL: 1, S: 3 } });
    expect(await inSize('XXL')).toEqual({ ids: [id], total: 1 });

    await t.db.transaction((tx) =>
      catalogue.takeStockFor(tx, [{ productId: id, size: 'XXL', quantity: 1 }]),
    );
    expect(await inSize('XXL')).toEqual({ ids: [], total: 0 });
    expect(await inSize('S')).toEqual({ ids: [id], total: 1 });

    await t.db.transaction((tx) =>
      catalogue.returnStock(tx, [{ productId: id, size: 'XXL', quantity: 2 }]),
    );
    expect(await inSize('XXL')).toEqual({ ids: [id], total: 1 });

    await catalogue.replaceProductStock(t.db, id, [{ size: 'XS', stock: 4 }]);
    expect(await inSize('XXL')).toEqual({ ids: [], total: 0 });
    expect(await inSize('XS')).toEqual({ ids: [id], total: 1 });
  });

  it('sets the sizes of a new product from its stock, and follows writes made in SQL', async () => {
    const id = await createProduct(t.db, { stock: { L: 0, XL: 2 } });
    expect(await storedSizes(id)).toEqual(['XL']);

    await setStock(t.db, id, 'L', 3);
    await setStock(t.db, id, 'XL', 0);
    expect(await storedSizes(id)).toEqual(['L']);
  });
});

/** The sizes in stock as the listing's queries read them, straight from the products table. */
async function storedSizes(id: string): Promise<string[] | undefined> {
  const [row] = await t.db
    .select({ sizes: products.inStockSizes })
    .from(products)
    .where(eq(products.id, id));
  return row?.sizes;
}
