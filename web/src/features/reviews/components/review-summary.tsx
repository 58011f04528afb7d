import type { ReviewSummary as Summary } from '#contract';
import { StarRating } from '#web/components/ui/star-rating.tsx';

/** The average, the count and one bar per number of stars, 5 first (D28). */
export function ReviewSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0) return <p className="text-sm text-ink-600">No reviews yet.</p>;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <span className="text-3xl font-bold text-ink-900">{summary.average.toFixed(1)}</span>
        <span className="sr-only">out of 5</span>
        <div>
          {/* The number beside says it; the product's heading area names the rating once. */}
          <div aria-hidden="true">
            <StarRating rating={summary.average} />
          </div>
          <p className="text-sm text-ink-600">
            {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      </div>
      <ul aria-label="Reviews by stars" className="space-y-1.5">
        {summary.distribution.map(({ stars, count }) => (
          <li key={stars} className="flex items-center gap-2 text-sm text-ink-700">
            <span className="w-12 shrink-0">{stars} star</span>
            <meter
              aria-label={`${stars} star`}
              min={0}
              max={summary.count}
              value={count}
              className="h-2 flex-1"
            />
            <span className="w-8 shrink-0 text-right">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
