import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminProduct,
  type AdminStyle,
  type CatalogueLists,
  DEFAULT_CUSTOMISATION,
} from '#contract';
import { apiFail, apiOk, mockApi, type SentRequest } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductForm } from './product-form.tsx';

const adminProduct: AdminProduct = {
  _id: 'p1',
  styleId: '00000000-0000-4000-8000-000000000001',
  color: { name: 'White', hex: '#ffffff' },
  colors: [],
  title: 'Sunset Tee',
  description: 'Soft cotton.',
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

const LISTS: CatalogueLists = {
  categories: [
    { _id: 'c1', name: 'Hoodies', products: 3 },
    { _id: 'c2', name: 'T-Shirts', products: 9 },
  ],
  genders: [
    { _id: 'g1', name: 'Unisex', products: 8 },
    { _id: 'g2', name: 'Women', products: 4 },
  ],
};

const STRIPED_STYLE: AdminStyle = {
  styleId: '00000000-0000-4000-8000-000000000002',
  title: 'Striped Tee',
  colors: [
    { productId: 'p2', name: 'Navy', hex: '#1e3a5f' },
    { productId: 'p3', name: 'Red', hex: '#aa0000' },
  ],
};

/** The API the form reads besides the save: the lists it picks from and the styles a search finds. */
const mockFormApi = (replies: Parameters<typeof mockApi>[0]) =>
  mockApi({
    'GET /admin/catalogue-lists': apiOk(LISTS),
    'GET /admin/styles': apiOk([STRIPED_STYLE]),
    ...replies,
  });

/** The requests that save: the form's reads left out. */
const writes = (requests: SentRequest[]) => requests.filter((request) => request.method !== 'GET');
const BLANK_LABEL = 'Photos show the blank garment (no print)';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductForm: GST (issue 26)', () => {
  const bandWarning = /fits neither GST rate: it is taxed at 18%/;

  it.each([
    ['2800', true],
    ['2625.01', true],
    ['2950', true],
    ['2625', false],
    ['2950.01', false],
    ['499', false],
  ])('warns about a price of ₹%s in the band that fits neither rate: %s', async (price, warns) => {
    mockFormApi({});
    const { user } = renderWithRouter(<ProductForm />);
    await user.type(screen.getByLabelText('Price (₹)'), price);
    if (warns) {
      expect(screen.getByRole('status')).toHaveTextContent(
        'A price from ₹2,625.01 to ₹2,950 fits neither GST rate: it is taxed at 18%. Price it at ₹2,625 or less for 5%, or above ₹2,950.',
      );
    } else {
      expect(screen.queryByText(bandWarning)).not.toBeInTheDocument();
    }
  });

  it("warns by the owner's rates when it has them", async () => {
    mockFormApi({});
    const { user } = renderWithRouter(
      <ProductForm
        gstRates={{ thresholdPaise: 100_000, lowRatePercent: 12, highRatePercent: 28 }}
      />,
    );
    await user.type(screen.getByLabelText('Price (₹)'), '1200');
    expect(screen.getByRole('status')).toHaveTextContent(/from ₹1,120.01 to ₹1,280/);
  });

  it("shows the category's HSN code, sends it when left empty, and sends the owner's", async () => {
    const { requests } = mockFormApi({ 'PUT /admin/products/p1': apiOk(adminProduct) });
    const { user } = renderWithRouter(
      <ProductForm product={{ ...adminProduct, category: 'Hoodies', hsn: '' }} />,
    );
    expect(
      screen.getByText("Printed on tax invoices; empty: the category's, 6110"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({ hsn: '6110' });

    await user.type(screen.getByLabelText('HSN code'), '61102000');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(writes(requests)[1]?.body).toMatchObject({ hsn: '61102000' });
  });
});

describe('ProductForm', () => {
  it("checks the values with the contract's schema before sending anything", async () => {
    const { requests } = mockFormApi({});
    const { user } = renderWithRouter(<ProductForm onSaved={vi.fn()} />);

    await user.type(screen.getByLabelText('Price (₹)'), '12.345');
    await user.type(screen.getByLabelText('Stock M'), '-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Price may have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Stock must be 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Colour name is required')).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });

  it('sends the product with numbers for price and stock, and shows server field errors', async () => {
    const { requests } = mockFormApi({
      'POST /admin/products': apiFail(400, 'Check the product', [
        { field: 'category', message: 'Category is too long' },
        { field: 'styleId', message: 'There is no style striped' },
      ]),
    });
    const onSaved = vi.fn();
    const { user } = renderWithRouter(<ProductForm onSaved={onSaved} />);

    await user.type(screen.getByLabelText('Title'), 'Sunset Tee');
    await user.type(screen.getByLabelText('Description'), 'Soft cotton.');
    await user.type(screen.getByLabelText('Price (₹)'), '749.5');
    await user.selectOptions(await screen.findByLabelText('Gender'), 'Unisex');
    await user.selectOptions(screen.getByLabelText('Category'), 'T-Shirts');
    await user.type(screen.getByLabelText('Colour name'), 'Navy');
    // A colour input takes its value whole, as the browser's picker sets it.
    fireEvent.input(screen.getByLabelText('Colour'), { target: { value: '#1e3a5f' } });
    await user.type(screen.getByRole('combobox', { name: 'Style' }), 'striped');
    await user.click(await screen.findByRole('option', { name: 'Striped Tee (Navy, Red)' }));
    expect(screen.getByText('Striped Tee (Navy, Red)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Stock L'), '7');
    await user.click(screen.getByLabelText('Mark as new'));
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Category is too long')).toBeInTheDocument();
    expect(screen.getByText('There is no style striped')).toBeInTheDocument();
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toEqual({
      title: 'Sunset Tee',
      description: 'Soft cotton.',
      price: 749.5,
      gender: 'Unisex',
      category: 'T-Shirts',
      hsn: '6109',
      isNew: true,
      color: { name: 'Navy', hex: '#1e3a5f' },
      styleId: STRIPED_STYLE.styleId,
      sizes: { L: 7 },
      imageIds: [],
      customisation: DEFAULT_CUSTOMISATION,
      priceBreaks: [],
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('sends the customisation: the toggle, print area per side in mm and decoration prices (D27)', async () => {
    const { requests } = mockFormApi({ 'PUT /admin/products/p1': apiOk(adminProduct) });
    const { user } = renderWithRouter(<ProductForm product={adminProduct} />);

    await user.click(screen.getByLabelText('Customisable (shoppers can design on it)'));
    await user.clear(screen.getByLabelText('Front width (mm)'));
    await user.type(screen.getByLabelText('Front width (mm)'), '280');
    await user.clear(screen.getByLabelText('Back left (mm)'));
    await user.type(screen.getByLabelText('Back left (mm)'), '400');
    await user.clear(screen.getByLabelText('Front decoration price (₹)'));
    await user.type(screen.getByLabelText('Front decoration price (₹)'), '149.5');
    await user.click(screen.getByRole('button', { name: 'Save product' }));

    // 400 + 300 mm runs off the 600 mm mock-up: refused on the area's width, nothing sent.
    expect(
      await screen.findByText('A print area must lie on the 600 × 700 mm mock-up'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Back width (mm)')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(requests)).toEqual([]);

    await user.clear(screen.getByLabelText('Back left (mm)'));
    await user.type(screen.getByLabelText('Back left (mm)'), '200');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect((writes(requests)[0]?.body as { customisation: unknown }).customisation).toEqual({
      customisable: true,
      printAreas: {
        front: { ...DEFAULT_CUSTOMISATION.printAreas.front, widthMm: 280 },
        back: { ...DEFAULT_CUSTOMISATION.printAreas.back, xMm: 200 },
      },
      decorationPrice: { front: 149.5, back: 0 },
      blank: false,
    });
  });

  it('asks whether the photos show the blank garment only of a customisable product, and sends it (issue 28)', async () => {
    const { requests } = mockFormApi({ 'PUT /admin/products/p1': apiOk(adminProduct) });
    const { user } = renderWithRouter(<ProductForm product={adminProduct} />);
    expect(screen.queryByLabelText(BLANK_LABEL)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Customisable (shoppers can design on it)'));
    await user.click(screen.getByLabelText(BLANK_LABEL));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({
      customisation: { customisable: true, blank: true },
    });
  });

  it('refuses a decoration price with more than 2 decimals before sending', async () => {
    const { requests } = mockFormApi({});
    const { user } = renderWithRouter(<ProductForm product={adminProduct} />);
    await user.clear(screen.getByLabelText('Back decoration price (₹)'));
    await user.type(screen.getByLabelText('Back decoration price (₹)'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText('The back decoration price may have at most 2 decimals'),
    ).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
  });
});

describe('ProductForm: managed lists and styles (issue 27)', () => {
  it("picks the category and gender from the shop's lists, and links to them", async () => {
    mockFormApi({});
    renderWithRouter(<ProductForm />);
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() =>
      expect(
        Array.from(category.querySelectorAll('option')).map((option) => option.textContent),
      ).toEqual(['Choose a category', 'Hoodies', 'T-Shirts']),
    );
    const gender = screen.getByRole('combobox', { name: 'Gender' });
    expect(Array.from(gender.querySelectorAll('option')).map((option) => option.value)).toEqual([
      '',
      'Unisex',
      'Women',
    ]);
    expect(screen.getAllByRole('link', { name: 'add or rename' })[0]).toHaveAttribute(
      'href',
      '/admin/products/lists',
    );
  });

  it("keeps an edited product's own style, or joins another found by its name", async () => {
    const { requests } = mockFormApi({ 'PUT /admin/products/p1': apiOk(adminProduct) });
    const { user } = renderWithRouter(<ProductForm product={adminProduct} />);
    expect(screen.getByText('Sunset Tee (White)')).toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: 'Style' });
    await user.type(picker, 'str');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Striped Tee (Navy, Red)')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain('/admin/styles?search=str');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({ styleId: STRIPED_STYLE.styleId });

    await user.click(screen.getByRole('button', { name: 'Keep its own style' }));
    expect(screen.getByText('Sunset Tee (White)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(2));
    expect(writes(requests)[1]?.body).toMatchObject({ styleId: adminProduct.styleId });
  });
});

describe('ProductForm: price breaks (issue 29)', () => {
  it('adds and removes break rows, refuses breaks that do not go up, and sends them', async () => {
    const { requests } = mockFormApi({ 'PUT /admin/products/p1': apiOk(adminProduct) });
    const { user } = renderWithRouter(<ProductForm product={adminProduct} />);
    expect(screen.getByText(/Every colour of this style shares these breaks/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await user.type(screen.getByLabelText('Break 1: from pieces'), '25');
    await user.type(screen.getByLabelText('Break 1: % off'), '15');
    await user.click(screen.getByRole('button', { name: 'Add a price break' }));
    await user.type(screen.getByLabelText('Break 2: from pieces'), '10');
    await user.type(screen.getByLabelText('Break 2: % off'), '10');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(
      await screen.findByText(
        'Price breaks must go up: each one from more pieces than the one before',
      ),
    ).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove break 1' }));
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    expect(writes(requests)[0]?.body).toMatchObject({
      priceBreaks: [{ minQuantity: 10, percentOff: 10 }],
    });
  });
});
