import { formatRupees, type Quote } from '#contract';

/**
 * SPEC §2 Price Details, every figure from the server's quote (D4, D10, D16):
 * 'quantity × title' and line total per line, the coupon discount, 'Free
 * Delivery', gift wrap, the cash on delivery fee when paying in cash, and the
 * total, which is what checkout charges.
 */
export function PriceDetails({
  quote,
  isUpdating = false,
}: {
  quote: Quote;
  isUpdating?: boolean;
}) {
  return (
    <section
      aria-labelledby="price-details-heading"
      aria-busy={isUpdating}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="price-details-heading" className="text-base font-bold text-ink-900">
        Price Details
      </h2>
      <dl className={`mt-3 space-y-2 text-sm transition-opacity ${isUpdating ? 'opacity-60' : ''}`}>
        {quote.lines.map((line) => (
          <div key={line._id} className="flex justify-between gap-4">
            <dt className="min-w-0 text-ink-700">
              {line.quantity} × {line.title}
            </dt>
            <dd className="shrink-0 tabular-nums text-ink-900">{formatRupees(line.lineTotal)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-ink-200 pt-2">
          <dt className="text-ink-700">
            Coupon discount
            {quote.coupon ? <span className="text-ink-600"> ({quote.coupon.code})</span> : null}
          </dt>
          <dd className="shrink-0 tabular-nums text-emerald-700">
            −{formatRupees(quote.discount)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-700">Delivery</dt>
          <dd className="font-medium text-emerald-700">
            {quote.delivery === 0 ? 'Free Delivery' : formatRupees(quote.delivery)}
          </dd>
        </div>
        {quote.giftWrap > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-700">Gift wrap</dt>
            <dd className="shrink-0 tabular-nums text-ink-900">{formatRupees(quote.giftWrap)}</dd>
          </div>
        ) : null}
        {quote.codFee > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-700">Cash on delivery fee</dt>
            <dd className="shrink-0 tabular-nums text-ink-900">{formatRupees(quote.codFee)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-ink-200 pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatRupees(quote.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
