import { StarIcon } from '#web/components/ui/icons.tsx';

const MAX_STARS = 5;

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
      <span role="img" aria-label={label} className="flex items-center gap-0.5">
        {Array.from({ length: MAX_STARS }, (_, index) => (
          <StarIcon
            // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never reorder.
            key={index}
            data-filled={index < filled}
            className={`size-4 ${index < filled ? 'text-amber-500' : 'text-ink-200'}`}
          />
        ))}
      </span>
      {showValue ? (
        <span aria-hidden="true" className="text-xs text-ink-500">
          {rating.toFixed(1)}
        </span>
      ) : null}
    </div>
  );
}
