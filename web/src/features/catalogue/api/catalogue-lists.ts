import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCatalogueListEntry,
  type CatalogueList,
  getCatalogueLists,
  type ListEntry,
  listAdminStyles,
  type MergeListEntryResult,
  mergeCatalogueListEntry,
  renameCatalogueListEntry,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { catalogueKeys } from '#web/lib/query-keys.ts';
import { adminProductKeys } from './admin-product-keys.ts';

// The owner's categories and genders, and the styles a new colour joins (issue 27).

const listsKey = [getCatalogueLists.path] as const;

export function useCatalogueLists() {
  return useQuery(
    queryOptions({
      queryKey: listsKey,
      queryFn: ({ signal }) => apiCall(getCatalogueLists, { signal }),
    }),
  );
}

/** A list changed: the lists, the owner's products and the shop's pages show its names. */
function useListChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [listsKey, adminProductKeys.lists, catalogueKeys.lists].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

export function useAddListEntry(list: CatalogueList) {
  const changed = useListChanged();
  return useMutation({
    mutationFn: (name: string): Promise<ListEntry> =>
      apiCall(addCatalogueListEntry, { params: { list }, body: { name } }),
    onSuccess: changed,
  });
}

export function useRenameListEntry(list: CatalogueList) {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }): Promise<ListEntry> =>
      apiCall(renameCatalogueListEntry, { params: { list, id }, body: { name } }),
    onSuccess: changed,
  });
}

export function useMergeListEntry(list: CatalogueList) {
  const changed = useListChanged();
  return useMutation({
    mutationFn: ({ id, into }: { id: string; into: string }): Promise<MergeListEntryResult> =>
      apiCall(mergeCatalogueListEntry, { params: { list, id }, body: { into } }),
    onSuccess: changed,
  });
}

/** Styles whose title holds the words typed (the product form's style picker). */
export function useAdminStyles(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [listAdminStyles.path, { search }] as const,
    queryFn: ({ signal }) => apiCall(listAdminStyles, { query: { search }, signal }),
    enabled,
  });
}
