import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFail, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductForm } from './product-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductForm', () => {
  it("checks the values with the contract's schema before sending anything", async () => {
    const { requests } = mockApi({});
    const { user } = renderWithRouter(<ProductForm onSaved={vi.fn()} />);

    await user.type(screen.getByLabelText('Price (₹)'), '12.345');
    await user.type(screen.getByLabelText('Stock M'), '-1');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Price may have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Stock must be 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Colour name is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('sends the product with numbers for price and stock, and shows server field errors', async () => {
    const { requests } = mockApi({
      'POST /admin/products': apiFail(400, 'Check the product', [
        { field: 'category', message: 'Category is too long' },
        { field: 'styleId', message: 'There is no style nope' },
      ]),
    });
    const onSaved = vi.fn();
    const { user } = renderWithRouter(<ProductForm onSaved={onSaved} />);

    await user.type(screen.getByLabelText('Title'), 'Sunset Tee');
    await user.type(screen.getByLabelText('Description'), 'Soft cotton.');
    await user.type(screen.getByLabelText('Price (₹)'), '749.5');
    await user.type(screen.getByLabelText('Gender'), 'Unisex');
    await user.type(screen.getByLabelText('Category'), 'T-Shirts');
    await user.type(screen.getByLabelText('Colour name'), 'Navy');
    // A colour input takes its value whole, as the browser's picker sets it.
    fireEvent.input(screen.getByLabelText('Colour'), { target: { value: '#1e3a5f' } });
    await user.type(screen.getByLabelText('Style'), 'nope');
    await user.type(screen.getByLabelText('Stock L'), '7');
    await user.click(screen.getByLabelText('Mark as new'));
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Category is too long')).toBeInTheDocument();
    expect(screen.getByText('There is no style nope')).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({
      title: 'Sunset Tee',
      description: 'Soft cotton.',
      price: 749.5,
      gender: 'Unisex',
      category: 'T-Shirts',
      isNew: true,
      color: { name: 'Navy', hex: '#1e3a5f' },
      styleId: 'nope',
      sizes: { L: 7 },
      imageIds: [],
    });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
