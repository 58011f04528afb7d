import type { AdminReview } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { StarRating } from '#web/components/ui/star-rating.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { formatDateTime } from '#web/utils/format-date.ts';
import { useSetReviewHidden } from '../api/admin-reviews-api.ts';

/** Reviews for the owner, each with Hide or Restore (D28); text shown as plain text. */
export function AdminReviewList({ reviews }: { reviews: AdminReview[] }) {
  const setHidden = useSetReviewHidden();
  return (
    <ul className="divide-y divide-ink-100">
      {reviews.map((review) => (
        <li key={review._id} className="flex flex-wrap items-start justify-between gap-4 py-4">
          <div className="min-w-0 flex-1 space-y-1">
            <p className="text-sm text-ink-600">
              {review.productTitle} · {review.authorEmail} · {formatDateTime(review.createdAt)}
              {review.hidden ? (
                <span className="ml-2 rounded-full bg-ink-100 px-2 py-0.5 text-xs font-semibold text-ink-700">
                  Hidden
                </span>
              ) : null}
            </p>
            <div className="flex items-center gap-2">
              <StarRating rating={review.rating} />
              <span className="font-semibold text-ink-900">{review.title}</span>
            </div>
            <p className="whitespace-pre-line break-words text-ink-800">{review.text}</p>
          </div>
          <button
            type="button"
            disabled={setHidden.isPending}
            onClick={() =>
              setHidden.mutate(
                { id: review._id, hidden: !review.hidden },
                { onError: (error) => toast.error(getErrorMessage(error)) },
              )
            }
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            {review.hidden ? 'Restore' : 'Hide'}
          </button>
        </li>
      ))}
    </ul>
  );
}
