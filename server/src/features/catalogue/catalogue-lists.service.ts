import {
  type AdminStyle,
  type CatalogueList,
  type CatalogueLists,
  LIST_ENTRY_NOT_FOUND,
  type ListAdminStylesQuery,
  type ListEntry,
  listEntryTaken,
  MERGE_INTO_ITSELF,
  type MergeListEntryResult,
  STYLE_SEARCH_LIMIT,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import type { CatalogueService } from './catalogue.service.ts';
import {
  countProductsByName,
  deleteListEntry,
  findListEntries,
  findListEntryByName,
  findStyleColours,
  insertListEntry,
  type ListEntryRow,
  lockListEntry,
  renameListEntry,
  renameProductsListValue,
} from './catalogue-lists.repository.ts';

/**
 * The owner's categories and genders (issue 27, decision 047). A rename or a
 * merge rewrites its products' column in the same transaction and counts a new
 * catalogue version there: every process's cached answers, the filters and the
 * facet codes follow at its commit, as with any product edit (decision 026).
 */
export function createCatalogueListsService(
  db: Database,
  { catalogue }: { catalogue: Pick<CatalogueService, 'catalogueChanged'> },
) {
  const toEntry = (row: ListEntryRow, counts: Map<string, number>): ListEntry => ({
    _id: row.id,
    name: row.name,
    products: counts.get(row.name) ?? 0,
  });

  async function withCount(tx: Database, row: ListEntryRow): Promise<ListEntry> {
    return toEntry(row, await countProductsByName(tx, row.list, [row.name]));
  }

  async function locked(tx: Database, list: CatalogueList, id: string): Promise<ListEntryRow> {
    const row = isUuid(id) ? await lockListEntry(tx, list, id) : undefined;
    if (!row) throw notFound(LIST_ENTRY_NOT_FOUND);
    return row;
  }

  function refuseTaken(list: CatalogueList, taken: ListEntryRow | undefined): void {
    if (!taken) return;
    const message = listEntryTaken(list, taken.name);
    throw conflict(message, [{ field: 'name', message }]);
  }

  return {
    async getLists(): Promise<CatalogueLists> {
      const [rows, categoryCounts, genderCounts] = await Promise.all([
        findListEntries(db),
        countProductsByName(db, 'category'),
        countProductsByName(db, 'gender'),
      ]);
      return {
        categories: rows
          .filter((row) => row.list === 'category')
          .map((row) => toEntry(row, categoryCounts)),
        genders: rows
          .filter((row) => row.list === 'gender')
          .map((row) => toEntry(row, genderCounts)),
      };
    },

    addEntry(list: CatalogueList, name: string): Promise<ListEntry> {
      return db.transaction(async (tx) => {
        const row = await insertListEntry(tx, list, name);
        if (!row) refuseTaken(list, await findListEntryByName(tx, list, name));
        if (!row) throw new Error('A name neither added nor listed');
        return withCount(tx, row);
      });
    },

    /** A new spelling of the same name ('T-shirts' to 'T-Shirts') is a rename too. */
    renameEntry(list: CatalogueList, id: string, name: string): Promise<ListEntry> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, list, id);
        if (row.name === name) return withCount(tx, row);
        refuseTaken(list, await findListEntryByName(tx, list, name, row.id));
        await renameListEntry(tx, row.id, name);
        await renameProductsListValue(tx, list, row.name, name);
        await catalogue.catalogueChanged(tx);
        return withCount(tx, { ...row, name });
      });
    },

    mergeEntry(list: CatalogueList, id: string, intoId: string): Promise<MergeListEntryResult> {
      if (id === intoId)
        throw badRequest(MERGE_INTO_ITSELF, [{ field: 'into', message: MERGE_INTO_ITSELF }]);
      return db.transaction(async (tx) => {
        // Locked in one order, so two merges of the same pair never wait on each other in a circle.
        const [first, second] = [id, intoId].sort();
        const rows = new Map<string, ListEntryRow>();
        for (const each of [first, second]) {
          if (each !== undefined) rows.set(each, await locked(tx, list, each));
        }
        const merged = rows.get(id);
        const into = rows.get(intoId);
        if (!merged || !into) throw notFound(LIST_ENTRY_NOT_FOUND);
        const moved = await renameProductsListValue(tx, list, merged.name, into.name);
        await deleteListEntry(tx, merged.id);
        await catalogue.catalogueChanged(tx);
        return { entry: await withCount(tx, into), moved };
      });
    },

    async listStyles({ search }: ListAdminStylesQuery): Promise<AdminStyle[]> {
      const { styleIds, colours } = await findStyleColours(db, search, STYLE_SEARCH_LIMIT);
      return styleIds.map((styleId) => {
        const own = colours.filter((colour) => colour.styleId === styleId);
        return {
          styleId,
          title: own[0]?.title ?? '',
          colors: own.map((colour) => ({
            productId: colour.productId,
            name: colour.colorName,
            hex: colour.colorHex,
          })),
        };
      });
    },
  };
}

export type CatalogueListsService = ReturnType<typeof createCatalogueListsService>;
