/** The product page's shape in grey while the product loads. */
export function ProductDetailsSkeleton() {
  return (
    <div role="status" aria-label="Loading product">
      <div
        aria-hidden="true"
        className="grid gap-8 motion-safe:animate-pulse md:grid-cols-2 lg:gap-14"
      >
        <div className="aspect-[4/5] rounded-3xl bg-ink-100" />
        <div className="flex flex-col gap-4">
          <div className="h-4 w-32 rounded bg-ink-100" />
          <div className="h-9 w-4/5 rounded bg-ink-200" />
          <div className="h-5 w-28 rounded bg-ink-100" />
          <div className="h-8 w-32 rounded bg-ink-200" />
          <div className="mt-2 h-20 rounded bg-ink-100" />
          <div className="mt-4 flex gap-2">
            {['XS', 'S', 'M', 'L'].map((size) => (
              <div key={size} className="h-11 w-14 rounded-xl bg-ink-100" />
            ))}
          </div>
          <div className="mt-6 h-12 w-64 rounded-full bg-ink-200" />
        </div>
      </div>
    </div>
  );
}
