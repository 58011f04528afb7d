import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductImportResult } from '#contract';
import { apiOk } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductsCsvActions } from './products-csv-actions.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.remove();
});

const report = (overrides: Partial<ProductImportResult>): ProductImportResult => ({
  dryRun: true,
  created: [],
  changed: [],
  unchanged: 0,
  refused: [],
  ...overrides,
});

/** Answers each import call in turn; the body is the file itself (mockApi reads JSON bodies only). */
function stubImports(...answers: ProductImportResult[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return apiOk(answers[calls.length - 1]);
    }),
  );
  return calls;
}

async function checkFile() {
  const { user } = renderWithRouter(<ProductsCsvActions />);
  await user.click(screen.getByRole('button', { name: 'Import products' }));
  const file = new File(['id,title\r\n'], 'products.csv', { type: 'application/vnd.ms-excel' });
  await user.upload(screen.getByLabelText('CSV file'), file);
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  return user;
}

describe('ProductsCsvActions (issue 27)', () => {
  it('lists the rows a dry run refuses, where and why, and offers no import', async () => {
    const calls = stubImports(
      report({
        created: [{ line: 2, title: 'Sand Tee' }],
        refused: [
          { line: 3, column: 'price', message: 'Price must be a number' },
          { line: 4, column: null, message: 'The row has 3 cells; the header has 20' },
        ],
      }),
    );
    await checkFile();
    expect(await screen.findByText('Line 3, price: Price must be a number')).toBeInTheDocument();
    expect(screen.getByText('Line 4: The row has 3 cells; the header has 20')).toBeInTheDocument();
    expect(screen.getByText('2 rows refused')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 1 product' })).toBeDisabled();
    expect(calls[0]?.url).toBe('/api/v1/admin/products/import?dryRun=true');
    const body = calls[0]?.init.body as Blob;
    expect(body.type).toBe('text/csv');
    expect(await body.text()).toBe('id,title\r\n');
  });

  it('imports the file once a dry run refuses nothing', async () => {
    const clean = report({
      created: [{ line: 2, title: 'Sand Tee' }],
      changed: [{ line: 3, id: 'p1', title: 'Navy Tee', columns: ['price'] }],
      unchanged: 5,
    });
    const calls = stubImports(clean, { ...clean, dryRun: false });
    const user = await checkFile();
    expect(await screen.findByText('1 product to add')).toBeInTheDocument();
    expect(screen.getByText('1 product to change')).toBeInTheDocument();
    expect(screen.getByText('5 rows unchanged')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/admin/products/import?dryRun=true',
      '/api/v1/admin/products/import?dryRun=false',
    ]);
    expect(await screen.findByText('Imported: 1 product added, 1 changed.')).toBeInTheDocument();
  });
});
