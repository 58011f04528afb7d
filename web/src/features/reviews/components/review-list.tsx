import type { Review } from '#contract';
import { StarRating } from '#web/components/ui/star-rating.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/** Reviews as plain text (React escapes it), each marked as a verified purchase (D28). */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="divide-y divide-ink-100">
      {reviews.map((review) => (
        <li key={review._id} className="space-y-1.5 py-4">
          <div className="flex flex-wrap items-center gap-2">
            <StarRating rating={review.rating} />
            <h3 className="font-semibold text-ink-900">{review.title}</h3>
          </div>
          <p className="text-sm text-ink-600">
            {review.author} · {dateFormat.format(new Date(review.createdAt))}
            {review.verifiedPurchase ? (
              <span className="ml-2 font-medium text-green-700">Verified purchase</span>
            ) : null}
          </p>
          <p className="whitespace-pre-line text-ink-800">{review.text}</p>
        </li>
      ))}
    </ul>
  );
}
