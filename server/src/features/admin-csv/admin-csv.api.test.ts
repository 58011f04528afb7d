import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminProductSchema,
  IMPORT_BODY_REQUIRED,
  ORDERS_CSV_COLUMNS,
  PRODUCTS_CSV_COLUMNS,
  ProductImportResultSchema,
  shortOrderNumber,
} from '#contract';
import { parseCsv, toCsv } from '#server/features/admin/csv.ts';
import { unknownImage, unknownStyle } from '#server/features/catalogue/admin-products.service.ts';
import { shopDayPlus } from '#server/lib/dates.ts';
import { addProduct, asUser, productBody, uniqueWord } from '#server-test/admin-fixtures.ts';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { addAddress, addLine, checkOut } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';
import { ARCHIVED_READ_ONLY, noSuchProduct } from './products-csv.service.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const today = () => shopDayPlus(new Date(), 0);

/** A CSV answer: its status, headers and rows of cells (the header first). */
async function download(url: string, who: SignedUp = admin) {
  const response = await t.app.inject(asUser(who, { url }));
  expect(response.statusCode, response.body).toBe(200);
  return {
    headers: response.headers,
    text: response.body,
    rows: parseCsv(response.body).map((record) => record.cells),
  };
}

/** The products export as a list of column → cell records, by product id. */
async function exportedProducts() {
  const { rows } = await download('/api/v1/admin/products.csv');
  const [header = [], ...products] = rows;
  return new Map(
    products.map((cells) => {
      const record = Object.fromEntries(header.map((column, index) => [column, cells[index]]));
      return [record.id as string, record];
    }),
  );
}

const importRequest = (csv: string, dryRun: boolean): InjectOptions =>
  asUser(admin, {
    method: 'POST',
    url: `/api/v1/admin/products/import?dryRun=${dryRun}`,
    headers: { 'content-type': 'text/csv' },
    payload: csv,
  });
const importCsv = (csv: string, dryRun: boolean) =>
  expectResult(t.app, importRequest(csv, dryRun), ProductImportResultSchema);

/** A products CSV of the export's columns, one row per record (columns left out are empty). */
const productsCsv = (records: Record<string, string>[]) =>
  toCsv([
    PRODUCTS_CSV_COLUMNS,
    ...records.map((record) => PRODUCTS_CSV_COLUMNS.map((column) => record[column] ?? '')),
  ]);

const newRow = (overrides: Record<string, string> = {}) => ({
  title: `Imported Tee ${uniqueWord()}`,
  description: 'Loopback cotton.',
  price: '799.00',
  gender: 'Unisex',
  category: 'T-Shirts',
  is_new: 'false',
  color_name: 'Sand',
  color_hex: '#d8c8a8',
  stock_M: '5',
  ...overrides,
});

const getProduct = (id: string) =>
  expectResult(t.app, asUser(admin, { url: `/api/v1/admin/products/${id}` }), AdminProductSchema);
const findByTitle = async (title: string) => {
  const { body } = await call(
    t.app,
    asUser(admin, { url: `/api/v1/admin/products?search=${encodeURIComponent(title)}` }),
  );
  return (body as { result: { results: { title: string }[] } }).result.results.filter(
    (product) => product.title === title,
  );
};

describe('who may use the CSV files (issue 27)', () => {
  const endpoints = [
    { method: 'GET', url: `/api/v1/admin/orders.csv?from=${today()}&to=${today()}` },
    { method: 'GET', url: '/api/v1/admin/products.csv' },
    { method: 'POST', url: '/api/v1/admin/products/import?dryRun=true' },
  ] as const;

  it.each(
    endpoints,
  )('$method $url answers 401 to a visitor and 403 to a shopper', async (endpoint) => {
    const shopper = await signUp(t.app);
    const request = { ...endpoint, headers: { 'content-type': 'text/csv' }, payload: 'id\r\n' };
    await expectFailure(t.app, request, 401);
    await expectFailure(t.app, asUser(shopper, request), 403);
  });
});

describe('GET /api/v1/admin/orders.csv', () => {
  it("lists each line of the range's orders with the order's figures, formulas neutralised", async () => {
    const shopper = await signUp(t.app, { name: '=HYPERLINK("http://evil")' });
    const product = await addProduct(
      t.app,
      admin,
      productBody({ price: 500, sizes: { M: 9, L: 9 } }),
    );
    await addAddress(t.app, shopper, { state: 'Kerala' });
    await addLine(t.app, shopper, product._id, 'M', 2);
    await addLine(t.app, shopper, product._id, 'L', 1);
    const order = await checkOut(t.app, shopper, 'cash');

    const { headers, text, rows } = await download(
      `/api/v1/admin/orders.csv?from=${today()}&to=${today()}`,
    );
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toBe(
      `attachment; filename="orders-${today()}-to-${today()}.csv"`,
    );
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(rows[0]).toEqual([...ORDERS_CSV_COLUMNS]);
    const mine = rows.filter((cells) => cells[1] === order._id);
    const column = (cells: string[] | undefined, name: (typeof ORDERS_CSV_COLUMNS)[number]) =>
      cells?.[ORDERS_CSV_COLUMNS.indexOf(name)];
    // The garment a line is packed from: its size and colour (issue 28).
    expect(
      mine.map((cells) => [
        column(cells, 'size'),
        column(cells, 'colour'),
        column(cells, 'quantity'),
      ]),
    ).toEqual([
      ['M', 'Navy', '2'],
      ['L', 'Navy', '1'],
    ]);
    const [first] = mine;
    expect(column(first, 'order_number')).toBe(shortOrderNumber(order._id));
    expect(column(first, 'date')).toMatch(new RegExp(`^${today()} \\d\\d:\\d\\d$`));
    expect(column(first, 'email')).toBe(shopper.email);
    expect(column(first, 'status')).toBe('pending');
    expect(column(first, 'product')).toBe(product.title);
    expect(column(first, 'price')).toBe('500.00');
    expect(column(first, 'line_total')).toBe('1000.00');
    expect(column(first, 'discount')).toBe(order.discount.toFixed(2));
    expect(column(first, 'total')).toBe(order.totalPrice.toFixed(2));
    expect(column(first, 'payment')).toBe('cash');
    expect(column(first, 'state')).toBe('Kerala');
    // The file holds the name as text a spreadsheet shows, not a formula it runs.
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(column(first, 'customer')).toBe('=HYPERLINK("http://evil")');

    const before = await download(
      `/api/v1/admin/orders.csv?from=${shopDayPlus(new Date(), -30)}&to=${shopDayPlus(new Date(), -1)}`,
    );
    expect(before.rows.filter((cells) => cells[1] === order._id)).toEqual([]);
  });

  it.each([
    ['no range', ''],
    ['a day that is not one', '?from=2026-02-30&to=2026-03-01'],
    ['an end before the start', '?from=2026-03-02&to=2026-03-01'],
    ['more than a year', '?from=2024-01-01&to=2026-01-01'],
  ])('answers 400 for %s', async (_, query) => {
    const failure = await expectFailure(
      t.app,
      asUser(admin, { url: `/api/v1/admin/orders.csv${query}` }),
      400,
    );
    expect(failure.message).toMatch(/\S/);
  });
});

describe('GET /api/v1/admin/products.csv', () => {
  it('writes every product with its stock per size, archived too, formulas neutralised', async () => {
    const title = `=1+2 Tee ${uniqueWord()}`;
    const product = await addProduct(
      t.app,
      admin,
      productBody({ title, description: '-2 for you', sizes: { XS: 0, M: 7 } }),
    );
    const { text, rows, headers } = await download('/api/v1/admin/products.csv');
    expect(headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(rows[0]).toEqual([...PRODUCTS_CSV_COLUMNS]);
    expect(text).toContain(`'${title}`);
    const exported = (await exportedProducts()).get(product._id);
    expect(exported).toMatchObject({
      style_id: product.styleId,
      title,
      description: '-2 for you',
      price: '649.50',
      hsn: product.hsn,
      is_new: 'true',
      color_name: 'Navy',
      color_hex: '#1e3a5f',
      stock_XS: '0',
      stock_S: '',
      stock_M: '7',
      image_ids: '',
      archived: 'false',
    });
  });
});

describe('POST /api/v1/admin/products/import', () => {
  it('reads its own export back as no change (the round trip), and applies it as none', async () => {
    const described = await addProduct(
      t.app,
      admin,
      productBody({ description: '+ "quoted", and\r\nmulti-line' }),
    );
    await addProduct(t.app, admin, productBody({ title: `@home ${uniqueWord()}` }));
    const { text, rows } = await download('/api/v1/admin/products.csv');

    const dryRun = await importCsv(text, true);
    expect(dryRun).toEqual({
      dryRun: true,
      created: [],
      changed: [],
      unchanged: rows.length - 1,
      refused: [],
    });
    expect((await importCsv(text, false)).unchanged).toBe(rows.length - 1);
    expect((await getProduct(described._id)).description).toBe(described.description);
  });

  it('lists the rows it would create and change, writing nothing until applied', async () => {
    const product = await addProduct(t.app, admin);
    const exported = (await exportedProducts()).get(product._id) ?? {};
    const created = newRow();
    const csv = productsCsv([{ ...exported, price: '700', stock_L: '3' }, created]);

    const dryRun = await importCsv(csv, true);
    expect(dryRun).toEqual({
      dryRun: true,
      created: [{ line: 3, title: created.title }],
      changed: [{ line: 2, id: product._id, title: product.title, columns: ['price', 'stock_L'] }],
      unchanged: 0,
      refused: [],
    });
    expect((await getProduct(product._id)).price).toBe(649.5);
    expect(await findByTitle(created.title)).toEqual([]);

    const applied = await importCsv(csv, false);
    expect(applied).toMatchObject({
      dryRun: false,
      created: dryRun.created,
      changed: dryRun.changed,
    });
    const changed = await getProduct(product._id);
    expect(changed.price).toBe(700);
    expect(changed.sizes).toEqual({ S: 4, M: 10, L: 3 });
    expect(await findByTitle(created.title)).toHaveLength(1);
  });

  it('refuses bad rows with their line, column and reason, and then writes none of the file', async () => {
    const product = await addProduct(t.app, admin);
    const exported = (await exportedProducts()).get(product._id) ?? {};
    const good = newRow();
    const csv = productsCsv([
      good,
      newRow({ title: '', price: 'cheap' }),
      newRow({ stock_M: '-1', color_hex: 'navy' }),
      { ...exported, title: 'Renamed', archived: 'true' },
      newRow({ id: '00000000-0000-4000-8000-000000000000' }),
      // Rules the admin products service keeps, beyond the form's fields.
      newRow({ image_ids: '00000000-0000-4000-8000-00000000000a' }),
      newRow({ style_id: '00000000-0000-4000-8000-00000000000b' }),
    ]);

    const dryRun = await importCsv(csv, true);
    expect(dryRun.created).toEqual([{ line: 2, title: good.title }]);
    expect(dryRun.changed).toEqual([]);
    expect(dryRun.refused).toEqual([
      { line: 3, column: 'title', message: 'Title is required' },
      { line: 3, column: 'price', message: 'Price must be a number' },
      { line: 4, column: 'color_hex', message: 'Colour must be a #rrggbb colour' },
      { line: 4, column: 'stock_M', message: 'Stock must be 0 or more' },
      { line: 5, column: 'archived', message: ARCHIVED_READ_ONLY },
      {
        line: 6,
        column: 'id',
        message: noSuchProduct('00000000-0000-4000-8000-000000000000'),
      },
      {
        line: 7,
        column: 'image_ids',
        message: unknownImage('00000000-0000-4000-8000-00000000000a'),
      },
      {
        line: 8,
        column: 'style_id',
        message: unknownStyle('00000000-0000-4000-8000-00000000000b'),
      },
    ]);

    const failure = await expectFailure(t.app, importRequest(csv, false), 400);
    expect(failure.message).toBe(
      'Nothing was imported: 6 rows were refused. Run a dry run to see why.',
    );
    expect(failure.errors).toContainEqual({ field: 'line 3, title', message: 'Title is required' });
    expect(await findByTitle(good.title)).toEqual([]);
    expect((await getProduct(product._id)).title).toBe(product.title);
  });

  it('refuses a file it cannot read as products with a 400 or 415, and is a dry run unless told', async () => {
    const send = (payload: string, contentType = 'text/csv', query = '?dryRun=true') =>
      call(
        t.app,
        asUser(admin, {
          method: 'POST',
          url: `/api/v1/admin/products/import${query}`,
          headers: { 'content-type': contentType },
          payload,
        }),
      );
    expect((await send('')).body.message).toBe(IMPORT_BODY_REQUIRED);
    expect((await send('title,price\r\nTee,1\r\n')).body.message).toMatch(
      /^The header has no column id, /,
    );
    expect((await send(`${PRODUCTS_CSV_COLUMNS.join(',')},colour\r\n`)).body.message).toBe(
      'The header has columns the import does not know: colour',
    );
    expect((await send(`${PRODUCTS_CSV_COLUMNS.join(',')}\r\n"open`)).status).toBe(400);
    expect((await send('{}', 'application/json')).status).toBe(415);

    const row = newRow();
    const withoutQuery = await send(productsCsv([row]), 'text/csv; charset=utf-8', '');
    expect(withoutQuery.status).toBe(200);
    expect(withoutQuery.body.result).toMatchObject({ dryRun: true, created: [{ line: 2 }] });
    expect(await findByTitle(row.title)).toEqual([]);
  });
});
