import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '#web/testing/data.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { RelatedProducts } from './related-products.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RelatedProducts ('You may also like')", () => {
  it('shows the products the server picked for this one, each linking to its page', async () => {
    const picks = [
      makeProduct({ _id: 'tee-2', title: 'Harbour Stripe Tee' }),
      makeProduct({ _id: 'tee-3', title: 'Monsoon Grey Tee' }),
    ];
    const { requests } = mockApi({ 'GET /product/tee-1/related': apiOk(picks) });
    renderWithRouter(<RelatedProducts productId="tee-1" />);

    const row = within(await screen.findByRole('region', { name: 'You may also like' }));
    expect(row.getAllByRole('article')).toHaveLength(2);
    expect(row.getByRole('link', { name: 'Harbour Stripe Tee' })).toHaveAttribute(
      'href',
      '/product/tee-2',
    );
    expect(row.getByRole('link', { name: 'Monsoon Grey Tee' })).toHaveAttribute(
      'href',
      '/product/tee-3',
    );
    expect(requests.map((request) => request.path)).toEqual(['/product/tee-1/related']);
  });

  it('leaves no empty heading when nothing else is in stock', async () => {
    const { requests } = mockApi({ 'GET /product/tee-1/related': apiOk([]) });
    renderWithRouter(<RelatedProducts productId="tee-1" />);

    await waitFor(() => expect(requests).toHaveLength(1));
    // Give the answer a turn to render before asserting its absence.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'You may also like' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You may also like' })).not.toBeInTheDocument();
  });
});
