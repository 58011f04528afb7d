import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '#contract';
import { apiOk, mockApi } from '#web/testing/mock-api.ts';
import { renderWithRouter } from '#web/testing/render.tsx';
import { AdminReviewList } from './admin-review-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const review: AdminReview = {
  _id: 'r1',
  productId: 'p1',
  rating: 1,
  title: 'Spam',
  text: '<script>alert(1)</script>',
  author: 'Asha',
  authorEmail: 'asha@example.com',
  productTitle: 'Plain Tee',
  verifiedPurchase: true,
  hidden: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('AdminReviewList (D28)', () => {
  it('shows the text as plain text and hides a review', async () => {
    const api = mockApi({
      'POST /admin/reviews/r1/hide': apiOk({ ...review, hidden: true }),
      'GET /admin/reviews': apiOk({ results: [], total: 0, page: 1, pages: 0, limit: 20 }),
    });
    const { user } = renderWithRouter(<AdminReviewList reviews={[review]} />);

    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await vi.waitFor(() =>
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toContain(
        'POST /admin/reviews/r1/hide',
      ),
    );
  });

  it('offers Restore for a hidden review', () => {
    mockApi({});
    renderWithRouter(<AdminReviewList reviews={[{ ...review, hidden: true }]} />);
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });
});
