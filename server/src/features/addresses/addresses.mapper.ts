import { type Address, gstStateByName } from '#contract';
import type { AddressRow } from './addresses.repository.ts';

export const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  pincode: row.pincode,
  city: row.city,
  state: row.state,
  // An address saved before states were chosen from GST's list is matched by its name when read.
  stateCode: row.stateCode ?? gstStateByName(row.state)?.code ?? null,
  fullAddress: row.fullAddress,
  selected: row.selected,
});
