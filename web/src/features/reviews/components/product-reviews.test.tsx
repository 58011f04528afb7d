import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReview, ProductReviewsPage, Review } from '#contract';
import { clearAuthToken, setAuthToken } from '#web/lib/auth-token.ts';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { ProductReviews } from './product-reviews.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
  toast.remove();
});

const review = (overrides: Partial<Review> = {}): Review => ({
  _id: 'r1',
  productId: 'p1',
  rating: 4,
  title: 'Soft and roomy',
  text: '<b>Not bold</b> — washes well.',
  author: 'Asha',
  verifiedPurchase: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const page = (results: Review[], pages = 1): ProductReviewsPage => ({
  results,
  total: results.length,
  page: 1,
  pages,
  limit: 10,
  summary: {
    average: 4.5,
    count: 2,
    distribution: [
      { stars: 5, count: 1 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ],
  },
});

describe('ProductReviews (D28)', () => {
  it('shows the average, count, 5-to-1 bars and each review as plain text, verified', async () => {
    mockApi({
      'GET /product/p1/reviews': apiOk(page([review(), review({ _id: 'r2', rating: 5 })])),
    });
    renderWithRouter(<ProductReviews productId="p1" />);

    expect(await screen.findByText('4.5')).toBeInTheDocument();
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Reviews by stars' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 star1',
      '4 star1',
      '3 star0',
      '2 star0',
      '1 star0',
    ]);
    expect(
      within(rows[0] as HTMLElement).getByRole('meter', { name: '5 star' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Verified purchase')).toHaveLength(2);
    expect(screen.getAllByText('<b>Not bold</b> — washes well.')).toHaveLength(2);
    // A guest gets no form and asks nothing about their own review.
    expect(screen.queryByRole('form', { name: 'Your review' })).not.toBeInTheDocument();
  });

  it('lets a shopper who received the product write a review, checked by the contract', async () => {
    setAuthToken('token');
    const mine: MyReview = { canReview: true, reason: null, review: null };
    const api = mockApi({
      'GET /product/p1/reviews': apiOk(page([])),
      'GET /product/p1/reviews/mine': apiOk(mine),
      'POST /product/p1/reviews': apiOk(review(), 201),
    });
    const { user } = renderWithRouter(<ProductReviews productId="p1" />);

    expect(await screen.findByRole('heading', { name: 'Write a review' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post review' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Title'), 'Soft and roomy');
    await user.type(screen.getByLabelText('Review'), 'Washes well.');
    await user.click(screen.getByRole('button', { name: 'Post review' }));

    expect(await screen.findByText('Thank you for your review')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      rating: 4,
      title: 'Soft and roomy',
      text: 'Washes well.',
    });
  });

  it('offers nothing to write for a shopper who has not received it', async () => {
    setAuthToken('token');
    mockApi({
      'GET /product/p1/reviews': apiOk(page([review()])),
      'GET /product/p1/reviews/mine': apiOk({
        canReview: false,
        reason: 'Only shoppers who received this product can review it',
        review: null,
      }),
    });
    renderWithRouter(<ProductReviews productId="p1" />);
    expect(await screen.findByText('Soft and roomy')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});
