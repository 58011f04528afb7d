import { lazy, Suspense, useState } from 'react';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { useAuthToken } from '#web/lib/auth-token.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteReview, useMyReview, useProductReviews } from '../api/reviews-api.ts';
import { ReviewList } from './review-list.tsx';
import { ReviewSummary } from './review-summary.tsx';

/**
 * Only a signed-in shopper who received the product sees the form, never on
 * the server-rendered page: its code (a form library and the contract's
 * schemas, ~35 KB brotli) loads when it is shown, not on every product
 * page's first load (decision 027).
 */
const ReviewForm = lazy(() =>
  import('./review-form.tsx').then((module) => ({ default: module.ReviewForm })),
);

/** The product page's reviews (D28): summary, the shopper's own, then a page of others. */
export function ProductReviews({ productId }: { productId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useProductReviews(productId, page);
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 grid gap-8 md:grid-cols-3">
      <div className="space-y-6">
        <h2 id="reviews-heading" className="text-xl font-bold text-ink-900">
          Customer reviews
        </h2>
        {data ? <ReviewSummary summary={data.summary} /> : null}
        <MyReview productId={productId} />
      </div>
      <div className="md:col-span-2">
        {error ? (
          <ErrorMessage message={error.message} onRetry={() => void refetch()} />
        ) : data ? (
          <>
            <ReviewList reviews={data.results} />
            {data.pages > 1 ? (
              <nav aria-label="Review pages" className="mt-4 flex items-center gap-3">
                <button
                  type="button"
                  disabled={page <= 1 || !hydrated}
                  onClick={() => setPage(page - 1)}
                  className={buttonStyles({ variant: 'outline', size: 'sm' })}
                >
                  Newer
                </button>
                <span className="text-sm text-ink-600">
                  Page {data.page} of {data.pages}
                </span>
                <button
                  type="button"
                  disabled={page >= data.pages || !hydrated}
                  onClick={() => setPage(page + 1)}
                  className={buttonStyles({ variant: 'outline', size: 'sm' })}
                >
                  Older
                </button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  );
}

/** 'Write a review' for a shopper who received the product; edit or delete their own. */
function MyReview({ productId }: { productId: string }) {
  const signedIn = useAuthToken() !== null;
  const { data } = useMyReview(productId, signedIn);
  const remove = useDeleteReview(productId);
  const [editing, setEditing] = useState(false);
  if (!signedIn || !data) return null;
  const { review } = data;
  if (review && !editing) {
    return (
      <div className="space-y-2 rounded-lg bg-ink-50 p-4 text-sm">
        <p className="font-medium text-ink-900">You reviewed this product.</p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            Edit review
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success('Your review is deleted'),
                onError: (error) => toast.error(getErrorMessage(error)),
              })
            }
            className={buttonStyles({ variant: 'ghost', size: 'sm' })}
          >
            Delete review
          </button>
        </div>
      </div>
    );
  }
  if (review || data.canReview) {
    return (
      // The heading comes with the form, so 'Write a review' never shows without it.
      <Suspense fallback={null}>
        <div className="space-y-3">
          <h3 className="font-semibold text-ink-900">
            {review ? 'Edit your review' : 'Write a review'}
          </h3>
          <ReviewForm
            productId={productId}
            review={review ?? undefined}
            onDone={() => setEditing(false)}
          />
        </div>
      </Suspense>
    );
  }
  return null;
}
