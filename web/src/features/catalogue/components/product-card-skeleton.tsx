/** SPEC §9: the products screen shows 8 placeholders while it loads. */
export const SKELETON_CARDS = 8;

/** Grey stand-ins shaped like product cards, in the grid's own columns. */
export function ProductGridSkeleton({
  count = SKELETON_CARDS,
  className,
}: {
  count?: number;
  className: string;
}) {
  return (
    <div role="status" aria-label="Loading products">
      <ul aria-hidden="true" className={`grid gap-3 sm:gap-5 ${className}`}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their place.
          <li key={index} className="flex">
            <div className="flex w-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white motion-safe:animate-pulse">
              <div className="aspect-[4/5] bg-ink-100" />
              <div className="flex flex-col gap-3 p-4">
                <div className="h-4 w-4/5 rounded bg-ink-200" />
                <div className="h-3 w-1/3 rounded bg-ink-100" />
                <div className="h-5 w-2/5 rounded bg-ink-200" />
                <div className="h-3 w-1/2 rounded bg-ink-100" />
                <div className="mt-2 h-9 rounded-full bg-ink-100" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
