import { type Address, gstStateByName } from '#contract';
import type { AddressRow } from './addresses.repository.ts';

/**
 * The GST state code of an address: kept since states are chosen from the
 * list; an older address's is matched by its name when read; null when its
 * name matches no state (issue 26).
 */
export const stateCodeOf = (row: Pick<AddressRow, 'state' | 'stateCode'>): string | null =>
  row.stateCode ?? gstStateByName(row.state)?.code ?? null;

export const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  pincode: row.pincode,
  city: row.city,
  state: row.state,
  stateCode: stateCodeOf(row),
  fullAddress: row.fullAddress,
  selected: row.selected,
});
