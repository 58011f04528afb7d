import { type Personalisation, SIZES } from '#contract';

interface RosterPiece {
  _id: string;
  size: string;
  personalisation?: Personalisation | null | undefined;
}

const sizeRank = (size: string) => {
  const rank = (SIZES as readonly string[]).indexOf(size);
  return rank === -1 ? SIZES.length : rank;
};

/**
 * The roster of an order's personalised pieces (issue 29): size, name and
 * number per piece, by size (S, M, L, …) then name, as the print shop
 * works through them. Nothing when no piece is personalised.
 */
export function OrderRoster({ items }: { items: readonly RosterPiece[] }) {
  const pieces = items
    .flatMap((item) =>
      item.personalisation ? [{ id: item._id, size: item.size, ...item.personalisation }] : [],
    )
    .sort(
      (a, b) =>
        sizeRank(a.size) - sizeRank(b.size) ||
        a.name.localeCompare(b.name) ||
        (a.number ?? -1) - (b.number ?? -1),
    );
  if (pieces.length === 0) return null;
  return (
    <table className="mt-4 w-full text-sm">
      <caption className="mb-2 text-left text-base font-semibold text-ink-900">
        Names and numbers ({pieces.length} {pieces.length === 1 ? 'piece' : 'pieces'})
      </caption>
      <thead>
        <tr className="border-b border-ink-200 text-left text-ink-600">
          <th scope="col" className="py-1.5 pr-4 font-medium">
            Size
          </th>
          <th scope="col" className="py-1.5 pr-4 font-medium">
            Name
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Number
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {pieces.map((piece) => (
          <tr key={piece.id}>
            <td className="py-1.5 pr-4">{piece.size}</td>
            <td className="py-1.5 pr-4 font-medium text-ink-900">{piece.name}</td>
            <td className="py-1.5 tabular-nums">{piece.number ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
