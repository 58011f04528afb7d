import { type GroupEntry, type GroupOrder, groupOrderPagePath, SIZES, type Size } from '#contract';
import type { GroupOrderEntryRow } from '#server/db/schema/group-orders.ts';
import type { GroupOrderWithOrganiser } from './group-orders.repository.ts';

export function toGroupEntry(row: GroupOrderEntryRow): GroupEntry {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    size: row.size,
    playerName: row.playerName,
    number: row.number,
    paid: row.paid,
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

export const groupOrderUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${groupOrderPagePath(token)}`;

export function toGroupOrder(
  { group, organiser }: GroupOrderWithOrganiser,
  entries: GroupOrderEntryRow[],
  details: {
    publicUrl: string;
    product: GroupOrder['product'];
    unitPrice: number;
    isOrganiser: boolean;
  },
): GroupOrder {
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
    pieces: entries.length,
    sizeTotals: sizeTotalsOf(entries),
    isOrganiser: details.isOrganiser,
    entries: details.isOrganiser ? entries.map(toGroupEntry) : null,
    orderId: details.isOrganiser ? group.orderId : null,
  };
}
