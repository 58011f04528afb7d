import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CatalogueList } from '#contract';
import type { Database } from '#server/db/client.ts';
import { catalogueListEntries, products } from '#server/db/schema/catalogue.ts';
import { likeEscaped } from '#server/lib/like.ts';

// The owner's lists of categories and genders, and the styles a new colour joins (issue 27).

export type ListEntryRow = Pick<typeof catalogueListEntries.$inferSelect, 'id' | 'list' | 'name'>;

const entryColumns = {
  id: catalogueListEntries.id,
  list: catalogueListEntries.list,
  name: catalogueListEntries.name,
};

/** The product column a list names. */
const productColumnOf = (list: CatalogueList) =>
  list === 'category' ? products.category : products.gender;

/** Every entry of both lists, by name in any case. */
export function findListEntries(db: Database): Promise<ListEntryRow[]> {
  return db
    .select(entryColumns)
    .from(catalogueListEntries)
    .orderBy(sql`lower(${catalogueListEntries.name})`, asc(catalogueListEntries.name));
}

/** How many products (archived ones too) have each name of the list. */
export async function countProductsByName(
  db: Database,
  list: CatalogueList,
  names?: string[],
): Promise<Map<string, number>> {
  const column = productColumnOf(list);
  const rows = await db
    .select({ name: column, products: count() })
    .from(products)
    .where(names ? inArray(column, names) : undefined)
    .groupBy(column);
  return new Map(rows.map((row) => [row.name, row.products]));
}

/** An entry of the list, locked until the caller's transaction ends. */
export async function lockListEntry(
  db: Database,
  list: CatalogueList,
  id: string,
): Promise<ListEntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(catalogueListEntries)
    .where(and(eq(catalogueListEntries.list, list), eq(catalogueListEntries.id, id)))
    .for('update');
  return row;
}

/** The entry of the list with this name in any case, but the one `exceptId`. */
export async function findListEntryByName(
  db: Database,
  list: CatalogueList,
  name: string,
  exceptId?: string,
): Promise<ListEntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(catalogueListEntries)
    .where(
      and(
        eq(catalogueListEntries.list, list),
        sql`lower(${catalogueListEntries.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(catalogueListEntries.id, exceptId),
      ),
    );
  return row;
}

/** Adds a name; undefined when the list has it already in some case. */
export async function insertListEntry(
  db: Database,
  list: CatalogueList,
  name: string,
): Promise<ListEntryRow | undefined> {
  const [row] = await db
    .insert(catalogueListEntries)
    .values({ list, name })
    .onConflictDoNothing()
    .returning(entryColumns);
  return row;
}

export async function renameListEntry(db: Database, id: string, name: string): Promise<void> {
  await db.update(catalogueListEntries).set({ name }).where(eq(catalogueListEntries.id, id));
}

export async function deleteListEntry(db: Database, id: string): Promise<void> {
  await db.delete(catalogueListEntries).where(eq(catalogueListEntries.id, id));
}

/**
 * The products named `from` in the list's column take the name `to` (the
 * products' trigger spells it as the list does and sets its facet code); answers how many.
 */
export async function renameProductsListValue(
  db: Database,
  list: CatalogueList,
  from: string,
  to: string,
): Promise<number> {
  const column = productColumnOf(list);
  const moved = await db
    .update(products)
    .set(
      list === 'category'
        ? { category: to, updatedAt: new Date() }
        : { gender: to, updatedAt: new Date() },
    )
    .where(eq(column, from))
    .returning({ id: products.id });
  return moved.length;
}

export interface StyleColourRow {
  styleId: string;
  productId: string;
  title: string;
  colorName: string;
  colorHex: string;
}

/**
 * The newest styles (at most `limit`) with a colour whose title contains the
 * search (any case), newest first, and their colours (archived ones too), first added first.
 */
export async function findStyleColours(
  db: Database,
  search: string,
  limit: number,
): Promise<{ styleIds: string[]; colours: StyleColourRow[] }> {
  const styles = await db
    .select({ styleId: products.styleId })
    .from(products)
    .where(search ? sql`${products.title} ilike ${`%${likeEscaped(search)}%`}` : undefined)
    .groupBy(products.styleId)
    .orderBy(desc(sql`max(${products.createdAt})`), asc(products.styleId))
    .limit(limit);
  const styleIds = styles.map((style) => style.styleId);
  if (styleIds.length === 0) return { styleIds, colours: [] };
  const colours = await db
    .select({
      styleId: products.styleId,
      productId: products.id,
      title: products.title,
      colorName: products.colorName,
      colorHex: products.colorHex,
    })
    .from(products)
    .where(inArray(products.styleId, styleIds))
    .orderBy(asc(products.createdAt), asc(products.id));
  return { styleIds, colours };
}
