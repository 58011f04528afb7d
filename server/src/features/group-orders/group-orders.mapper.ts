import { type GroupEntry, type GroupOrder, groupOrderPagePath, SIZES, type Size } from '#contract';
import type { GroupOrderEntryRow, GroupOrderRow } from '#server/db/schema/group-orders.ts';
import { paiseToRupees } from '#server/lib/money.ts';
import type { GroupOrderWithOrganiser } from './group-orders.repository.ts';

/** `refundedPaise`: what was refunded to the entry (each pays, decision 066). */
export function toGroupEntry(row: GroupOrderEntryRow, refundedPaise = 0): GroupEntry {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    size: row.size,
    playerName: row.playerName,
    number: row.number,
    paid: row.paid,
    amountPaid: row.paid && row.amountPaise !== null ? paiseToRupees(row.amountPaise) : null,
    refunded: paiseToRupees(refundedPaise),
    dropped: row.droppedAt !== null,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Pieces in each size, in the shop's size order. */
export function sizeTotalsOf(entries: Pick<GroupOrderEntryRow, 'size'>[]) {
  const totals: Partial<Record<Size, number>> = {};
  for (const size of SIZES) {
    const pieces = entries.filter((entry) => entry.size === size).length;
    if (pieces > 0) totals[size] = pieces;
  }
  return totals;
}

/**
 * The entries that are pieces of the group: all of them when the organiser
 * pays; when each pays, those paid for and not dropped (decision 066).
 */
export const piecesOf = (group: Pick<GroupOrderRow, 'payer'>, entries: GroupOrderEntryRow[]) =>
  group.payer === 'organiser'
    ? entries
    : entries.filter((entry) => entry.paid && entry.droppedAt === null);

export const groupOrderUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${groupOrderPagePath(token)}`;

export function toGroupOrder(
  { group, organiser }: GroupOrderWithOrganiser,
  entries: GroupOrderEntryRow[],
  details: {
    publicUrl: string;
    product: GroupOrder['product'];
    unitPrice: number;
    joinPrice: number | null;
    isOrganiser: boolean;
    refundedPaise: Map<string, number>;
  },
): GroupOrder {
  const pieces = piecesOf(group, entries);
  return {
    token: group.token,
    url: groupOrderUrl(details.publicUrl, group.token),
    organiserName: organiser.name,
    product: details.product,
    design: group.design,
    unitPrice: details.unitPrice,
    closesAt: group.closesAt.toISOString(),
    payer: group.payer,
    personalise: group.personalise,
    status: group.status,
    joinPrice: details.joinPrice,
    pieces: pieces.length,
    sizeTotals: sizeTotalsOf(pieces),
    isOrganiser: details.isOrganiser,
    // Unpaid entries that dropped out at closing were never pieces: the roster leaves them out.
    entries: details.isOrganiser
      ? entries
          .filter((entry) => entry.paid || entry.droppedAt === null)
          .map((entry) => toGroupEntry(entry, details.refundedPaise.get(entry.id)))
      : null,
    orderIds: details.isOrganiser
      ? [...new Set(entries.flatMap((entry) => entry.orderId ?? []))]
      : [],
  };
}
