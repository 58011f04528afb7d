import type { Address } from '#contract';
import type { AddressRow } from './addresses.repository.ts';

export const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  pincode: row.pincode,
  city: row.city,
  state: row.state,
  fullAddress: row.fullAddress,
  selected: row.selected,
});
