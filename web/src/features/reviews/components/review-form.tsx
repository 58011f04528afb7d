import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  REVIEW_STARS,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  type Review,
  ReviewBodySchema,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles, TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveReview } from '../api/reviews-api.ts';

const FIELDS = ['rating', 'title', 'text'] as const;

type ReviewInput = z.input<typeof ReviewBodySchema>;
type ReviewValues = z.output<typeof ReviewBodySchema>;

interface ReviewFormProps {
  productId: string;
  /** The shopper's review, to edit; a new one without it. */
  review?: Review | undefined;
  onDone?: () => void;
}

/** Stars, a title and the review (D28), checked with the contract's schema before sending. */
export function ReviewForm({ productId, review, onDone }: ReviewFormProps) {
  const save = useSaveReview(productId, review !== undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewInput, unknown, ReviewValues>({
    resolver: zodResolver(ReviewBodySchema),
    defaultValues: {
      rating: review?.rating ?? 5,
      title: review?.title ?? '',
      text: review?.text ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
      return;
    }
    toast.success(review ? 'Your review is updated' : 'Thank you for your review');
    onDone?.();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Your review">
      <div>
        <label htmlFor="review-rating" className="mb-1.5 block text-sm font-medium text-ink-900">
          Rating
        </label>
        <select
          id="review-rating"
          className={`${inputStyles(Boolean(errors.rating))} h-11`}
          {...register('rating')}
        >
          {REVIEW_STARS.map((stars) => (
            <option key={stars} value={stars}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Title"
        maxLength={REVIEW_TITLE_MAX}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Review"
        rows={5}
        maxLength={REVIEW_TEXT_MAX}
        error={errors.text?.message}
        {...register('text')}
      />
      <div className="flex gap-3">
        <SubmitButton busy={isSubmitting} busyLabel="Saving…" variant="brand">
          {review ? 'Save review' : 'Post review'}
        </SubmitButton>
        {onDone && review ? (
          <button type="button" onClick={onDone} className={buttonStyles({ variant: 'ghost' })}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
