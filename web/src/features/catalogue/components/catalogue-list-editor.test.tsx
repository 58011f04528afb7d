import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CUSTOMISATION, type ListEntry } from '#contract';
import { apiFail, apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminProductsTable } from './admin-products-table.tsx';
import { CatalogueListEditor } from './catalogue-list-editor.tsx';

const CATEGORIES: ListEntry[] = [
  { _id: 'c1', name: 'T-Shirts', products: 9 },
  { _id: 'c2', name: 'Tshirts', products: 2 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CatalogueListEditor (issue 27)', () => {
  it('adds a name, and shows why the server refused one', async () => {
    const { requests } = mockApi({
      'POST /admin/catalogue-lists/category': apiFail(
        409,
        "Category 'T-Shirts' is already in the list: merge into it instead",
      ),
    });
    const { user } = renderWithRouter(<CatalogueListEditor list="category" entries={CATEGORIES} />);
    await user.type(screen.getByLabelText('New category'), 't-shirts');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(
      await screen.findByText("Category 'T-Shirts' is already in the list: merge into it instead"),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ name: 't-shirts' });
  });

  it('renames an entry', async () => {
    const { requests } = mockApi({
      'PUT /admin/catalogue-lists/category/c2': apiOk({ _id: 'c2', name: 'Tees', products: 2 }),
      'GET /admin/catalogue-lists': apiOk({ categories: CATEGORIES, genders: [] }),
    });
    const { user } = renderWithRouter(<CatalogueListEditor list="category" entries={CATEGORIES} />);
    await user.click(screen.getByRole('button', { name: 'Rename Tshirts' }));
    const name = screen.getByLabelText('New name for Tshirts');
    await user.clear(name);
    await user.type(name, 'Tees');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'Tees' }),
    );
  });

  it('merges an entry into another after asking', async () => {
    const { requests } = mockApi({
      'POST /admin/catalogue-lists/category/c2/merge': apiOk({
        entry: { _id: 'c1', name: 'T-Shirts', products: 11 },
        moved: 2,
      }),
      'GET /admin/catalogue-lists': apiOk({ categories: CATEGORIES, genders: [] }),
    });
    const { user } = renderWithRouter(<CatalogueListEditor list="category" entries={CATEGORIES} />);
    await user.click(screen.getByRole('button', { name: 'Merge Tshirts' }));
    await user.selectOptions(screen.getByLabelText('Merge Tshirts into'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(
      await screen.findByRole('dialog', { name: 'Merge Tshirts into T-Shirts?' }),
    ).toHaveTextContent("Its 2 products become T-Shirts, in the shop's filters too");
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Merge into T-Shirts' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ into: 'c1' }),
    );
  });
});

describe('AdminProductsTable (issue 27)', () => {
  it('names each product’s colour, so colours of one style are told apart', () => {
    const product = {
      _id: 'p1',
      styleId: 's1',
      color: { name: 'Navy', hex: '#1e3a5f' },
      colors: [],
      title: 'Striped Tee',
      description: '',
      price: 499,
      rating: 0,
      reviewCount: 0,
      gender: 'Unisex',
      category: 'T-Shirts',
      images: [],
      sizes: { M: 4 },
      isNew: false,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      unitsSold: 0,
      archived: false,
      archivedAt: null,
      customisation: DEFAULT_CUSTOMISATION,
      priceBreaks: [],
      hsn: '6109',
    };
    renderWithRouter(
      <AdminProductsTable
        products={[product, { ...product, _id: 'p2', color: { name: 'Red', hex: '#aa0000' } }]}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Striped TeeNavy · Unisex · T-Shirts',
      'Striped TeeRed · Unisex · T-Shirts',
    ]);
  });
});
