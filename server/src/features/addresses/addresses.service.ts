import { type Address, type AddressBody, gstStateByName } from '#contract';
import type { Database } from '#server/db/client.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { stateCodeOf, toAddress } from './addresses.mapper.ts';
import {
  type AddressRow,
  countAddresses,
  deleteAddressRow,
  findAddress,
  findAddresses,
  findNewestAddress,
  findSelectedAddressRow,
  insertAddress,
  lockShopperAddresses,
  markSelected,
  unselectOthers,
  updateAddressFields,
} from './addresses.repository.ts';

/** The body's fields with its state's GST code (the contract has checked the state is one). */
const fieldsOf = (body: AddressBody) => ({
  ...body,
  stateCode: gstStateByName(body.state)?.code ?? null,
});

/** How many delivery addresses one shopper may keep. */
export const MAX_ADDRESSES = 50;
export const TOO_MANY_ADDRESSES = `You can keep up to ${MAX_ADDRESSES} addresses. Please delete one first.`;
const ADDRESS_NOT_FOUND = 'Address not found';

/**
 * The shopper's selected delivery address, read with the executor given (a
 * transaction at checkout), or undefined when they have none.
 */
export function findSelectedAddress(db: Database, userId: string): Promise<AddressRow | undefined> {
  return findSelectedAddressRow(db, userId);
}

/**
 * Exactly one address is selected whenever a shopper has any: the first one
 * added is selected, selecting one unselects the rest, and deleting the
 * selected one selects the most recently added of the others. Every change
 * runs in one transaction holding the shopper's address lock.
 */
export function createAddressesService(db: Database) {
  return {
    findSelectedAddress,
    stateCodeOf,

    async listAddresses(userId: string): Promise<Address[]> {
      return (await findAddresses(db, userId)).map(toAddress);
    },

    addAddress(userId: string, body: AddressBody): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockShopperAddresses(tx, userId);
        const existing = await countAddresses(tx, userId);
        if (existing >= MAX_ADDRESSES) throw conflict(TOO_MANY_ADDRESSES);
        return toAddress(await insertAddress(tx, userId, fieldsOf(body), existing === 0));
      });
    },

    async updateAddress(userId: string, id: string, body: AddressBody): Promise<Address> {
      const row = isUuid(id)
        ? await updateAddressFields(db, userId, id, fieldsOf(body))
        : undefined;
      if (!row) throw notFound(ADDRESS_NOT_FOUND);
      return toAddress(row);
    },

    selectAddress(userId: string, id: string): Promise<Address> {
      if (!isUuid(id)) return Promise.reject(notFound(ADDRESS_NOT_FOUND));
      return db.transaction(async (tx) => {
        await lockShopperAddresses(tx, userId);
        if (!(await findAddress(tx, userId, id))) throw notFound(ADDRESS_NOT_FOUND);
        await unselectOthers(tx, userId, id);
        const row = await markSelected(tx, userId, id);
        if (!row) throw notFound(ADDRESS_NOT_FOUND);
        return toAddress(row);
      });
    },

    async deleteAddress(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(ADDRESS_NOT_FOUND);
      await db.transaction(async (tx) => {
        await lockShopperAddresses(tx, userId);
        const deleted = await deleteAddressRow(tx, userId, id);
        if (!deleted) throw notFound(ADDRESS_NOT_FOUND);
        if (!deleted.selected) return;
        const next = await findNewestAddress(tx, userId);
        if (next) await markSelected(tx, userId, next.id);
      });
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
