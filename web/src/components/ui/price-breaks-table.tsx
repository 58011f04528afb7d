import { formatRupees, type PriceBreak, unitPaiseAfterBreak } from '#contract';

/**
 * A product's price by quantity (issue 29): each break's pieces and a piece's
 * price then, through the contract's one pricing rule. Nothing without breaks.
 */
export function PriceBreaksTable({
  unitPrice,
  priceBreaks,
}: {
  /** One piece before any break, in rupees. */
  unitPrice: number;
  priceBreaks: readonly PriceBreak[];
}) {
  if (priceBreaks.length === 0) return null;
  const unitPaise = Math.round(unitPrice * 100);
  return (
    <table className="w-full max-w-xs text-sm">
      <caption className="text-left font-semibold text-ink-900">
        Price by quantity (same design, any sizes and colours)
      </caption>
      <thead>
        <tr className="text-left text-xs text-ink-600">
          <th scope="col">Pieces</th>
          <th scope="col">Each</th>
        </tr>
      </thead>
      <tbody>
        {priceBreaks.map((priceBreak) => (
          <tr key={priceBreak.minQuantity}>
            <td>{priceBreak.minQuantity}+</td>
            <td>
              {formatRupees(
                unitPaiseAfterBreak(unitPaise, priceBreaks, priceBreak.minQuantity) / 100,
              )}{' '}
              <span className="text-emerald-700">({priceBreak.percentOff}% off)</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
