import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { addresses } from '#server/db/schema/addresses.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressFields = Pick<
  AddressRow,
  'name' | 'phone' | 'pincode' | 'city' | 'state' | 'stateCode' | 'fullAddress'
>;

/**
 * Serialises one shopper's address changes until the transaction ends, so the
 * count cap and the one-selected rule hold under concurrent calls (the unique
 * index addresses_one_selected_key is the last line of defence).
 */
export async function lockShopperAddresses(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

/** A shopper's addresses, oldest first. */
export async function findAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** One of the shopper's addresses; another shopper's id finds nothing. */
export async function findAddress(
  db: Database,
  userId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function findSelectedAddressRow(
  db: Database,
  userId: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.selected, true)));
  return row;
}

export async function countAddresses(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: Database,
  userId: string,
  fields: AddressFields,
  selected: boolean,
): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ ...fields, userId, selected })
    .returning();
  if (!row) throw new Error('Inserting an address returned no row');
  return row;
}

export async function updateAddressFields(
  db: Database,
  userId: string,
  id: string,
  fields: AddressFields,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set(fields)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** Unselects every address of the shopper except the one given. */
export async function unselectOthers(db: Database, userId: string, keepId: string): Promise<void> {
  await db
    .update(addresses)
    .set({ selected: false })
    .where(
      and(eq(addresses.userId, userId), eq(addresses.selected, true), ne(addresses.id, keepId)),
    );
}

export async function markSelected(
  db: Database,
  userId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(addresses)
    .set({ selected: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

export async function deleteAddressRow(
  db: Database,
  userId: string,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row;
}

/** The shopper's most recently added address, if any remain. */
export async function findNewestAddress(
  db: Database,
  userId: string,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return row;
}
