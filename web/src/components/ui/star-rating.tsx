import { STAR_PATH } from '#web/components/ui/icons.tsx';

const MAX_STARS = 5;
/** Each star is 24 units wide (1rem drawn); the 3 units between them are 0.125rem drawn. */
const STAR_STEP = 27;

interface StarRatingProps {
  rating: number;
  /** Also print the number beside the stars. */
  showValue?: boolean;
  className?: string;
}

/** Whole stars, floored (SPEC §2), with the exact rating as the accessible name. */
export function StarRating({ rating, showValue = false, className = '' }: StarRatingProps) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.floor(rating)));
  const label = `Rated ${Number(rating.toFixed(1))} out of ${MAX_STARS}`;
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <span role="img" aria-label={label} className="flex items-center">
        {/* One drawing of five stars, not five: a listing shows 24 ratings (decision 080). */}
        <svg
          viewBox={`0 0 ${STAR_STEP * MAX_STARS - 3} 24`}
          className="h-4 w-[5.5rem]"
          aria-hidden="true"
          focusable="false"
        >
          {Array.from({ length: MAX_STARS }, (_, index) => (
            <path
              // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder.
              key={index}
              d={STAR_PATH}
              transform={index > 0 ? `translate(${STAR_STEP * index})` : undefined}
              data-filled={index < filled}
              className={index < filled ? 'fill-amber-500' : 'fill-ink-200'}
            />
          ))}
        </svg>
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-xs text-ink-500">
          {rating.toFixed(1)}
        </span>
      ) : null}
    </div>
  );
}
