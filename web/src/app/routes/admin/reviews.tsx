import { Link, useSearchParams } from 'react-router';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { PagedList } from '#web/components/ui/query-result.tsx';
import { paths } from '#web/config/paths.ts';
import { AdminShell } from '#web/features/admin/components/admin-shell.tsx';
import { useAdminReviews } from '#web/features/reviews/api/admin-reviews-api.ts';
import { AdminReviewList } from '#web/features/reviews/components/admin-review-list.tsx';

const SHOWN = [
  { label: 'All', value: undefined },
  { label: 'Visible', value: false },
  { label: 'Hidden', value: true },
] as const;

/** /admin/reviews: every review, newest first, to hide or restore (D28). */
export function AdminReviewsRoute() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const hiddenParam = params.get('hidden');
  const hidden = hiddenParam === null ? undefined : hiddenParam === 'true';
  const reviews = useAdminReviews(page, hidden);
  const hrefFor = (next: { page: number; hidden: boolean | undefined }) => {
    const query = new URLSearchParams({ page: String(next.page) });
    if (next.hidden !== undefined) query.set('hidden', String(next.hidden));
    return `${paths.adminReviews()}?${query}`;
  };

  return (
    <AdminShell title="Reviews">
      <CardSection title="Reviews" id="reviews">
        <nav aria-label="Which reviews" className="mb-4 flex gap-2 text-sm">
          {SHOWN.map((option) => (
            <Link
              key={option.label}
              to={hrefFor({ page: 1, hidden: option.value })}
              aria-current={option.value === hidden ? 'page' : undefined}
              className="rounded-full border border-ink-200 px-3 py-1 aria-[current=page]:bg-ink-900 aria-[current=page]:text-white"
            >
              {option.label}
            </Link>
          ))}
        </nav>
        <PagedList
          query={reviews}
          loading="Loading reviews..."
          empty="No reviews here."
          pagination={{
            label: 'Review pages',
            hrefFor: (value) => hrefFor({ page: value, hidden }),
          }}
        >
          {(results) => <AdminReviewList reviews={results} />}
        </PagedList>
      </CardSection>
    </AdminShell>
  );
}
