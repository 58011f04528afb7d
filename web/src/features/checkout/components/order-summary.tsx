import { type CartItem, formatRupees } from '#contract';
import { DesignThumbnails } from '#web/components/ui/design-thumbnail.tsx';
import { ThumbnailImage } from '#web/components/ui/thumbnail-image.tsx';
import { formatDate } from '#web/utils/format-date.ts';

interface OrderSummaryProps {
  /** The selected cart lines: what the order will hold. */
  lines: CartItem[];
  /** YYYY-MM-DD from the server's quote (D11), once it has answered. */
  estimatedDelivery: string | undefined;
}

/** SPEC §2 Checkout: each selected line with picture, title, estimated delivery, price and quantity. */
export function OrderSummary({ lines, estimatedDelivery }: OrderSummaryProps) {
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="order-summary-heading" className="text-lg font-bold text-ink-900">
        Order summary
      </h2>
      <ul className="mt-3 divide-y divide-ink-200">
        {lines.map((line) => (
          <li key={line._id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            {line.design ? (
              <div className="w-16 shrink-0">
                <DesignThumbnails
                  design={line.design}
                  printAreas={line.productId.customisation.printAreas}
                  garment={line.productId.garment}
                  color={line.productId.color}
                  className="w-full"
                  direction="column"
                />
              </div>
            ) : (
              <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-ink-100">
                <ThumbnailImage url={line.productId.images[0]?.url} pixels={64} />
              </div>
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold text-ink-900">{line.productId.title}</p>
              <p className="text-ink-600">
                Size {line.size}
                {line.design ? ` · ${line.productId.color.name}` : ''} · Qty: {line.quantity}
              </p>
              {estimatedDelivery ? (
                <p className="text-xs font-medium text-emerald-700">
                  Estimated delivery by {formatDate(estimatedDelivery)}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-sm font-semibold tabular-nums text-ink-900">
              {formatRupees(line.totalPrice)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
