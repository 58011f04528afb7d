import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type AdminProduct,
  type AdminProductBody,
  createAdminProduct,
  type DeleteAdminProductResult,
  deleteAdminProduct,
  getAdminProduct,
  type ListAdminProductsQuery,
  type ListAdminProductsQuerySchema,
  listAdminProducts,
  restoreAdminProduct,
  type UploadedImage,
  updateAdminProduct,
  uploadAdminImage,
} from '#contract';
import { adminDashboardKeys } from '#web/lib/admin-dashboard-keys.ts';
import { apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { catalogueKeys, productKeys } from '#web/lib/query-keys.ts';
import { adminProductKeys } from './admin-product-keys.ts';

// The shop owner's calls on products and their images (D25): /api/v1/admin/...,
// refused to shoppers by the server. Keyed by the contract path and input, so
// a write also marks the dashboard and the shop's own views of a product stale.

export type AdminProductsInput = QueryInput<typeof ListAdminProductsQuerySchema>;

export function adminProductsQueryOptions(query: AdminProductsInput) {
  return queryOptions({
    queryKey: adminProductKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(listAdminProducts, { query: query as ListAdminProductsQuery, signal }),
  });
}

export function useAdminProducts(query: AdminProductsInput) {
  return useQuery(adminProductsQueryOptions(query));
}

export function adminProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminProductKeys.detail(id),
    queryFn: ({ signal }) => apiCall(getAdminProduct, { params: { id }, signal }),
  });
}

export function useAdminProduct(id: string) {
  return useQuery(adminProductQueryOptions(id));
}

/**
 * A product changed (null: deleted, and its page is left): its lists, the
 * dashboard's stock figures and the shop's own views of it are stale.
 */
function productChanged(client: QueryClient, product: AdminProduct | null, id: string) {
  if (product) client.setQueryData(adminProductQueryOptions(id).queryKey, product);
  return Promise.all(
    [
      adminProductKeys.lists,
      adminDashboardKeys.detail,
      catalogueKeys.lists,
      productKeys.detail(id),
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
}

/** Creates the product (`id` null) or saves this one. */
export function useSaveAdminProduct(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductBody): Promise<AdminProduct> =>
      id === null
        ? apiCall(createAdminProduct, { body })
        : apiCall(updateAdminProduct, { params: { id }, body }),
    onSuccess: (saved) => productChanged(client, saved, saved._id),
  });
}

/** Deletes the product, or archives it when orders include it (the answer says which). */
export function useDeleteAdminProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<DeleteAdminProductResult> =>
      apiCall(deleteAdminProduct, { params: { id } }),
    onSuccess: (result, id) => productChanged(client, result.product ?? null, id),
  });
}

export function useRestoreAdminProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<AdminProduct> =>
      apiCall(restoreAdminProduct, { params: { id } }),
    onSuccess: (restored) => productChanged(client, restored, restored._id),
  });
}

/** Sends the file's own bytes with its own type (ADR 006); the server checks what it really is. */
export function uploadImage(file: File): Promise<UploadedImage> {
  return apiCall(uploadAdminImage, { file });
}

/** Uploads files one by one: the ones the server took, and why each other one was refused. */
export function useUploadImages() {
  return useMutation({
    mutationFn: async (files: File[]) => {
      const uploaded: UploadedImage[] = [];
      const refused: { file: File; error: unknown }[] = [];
      for (const file of files) {
        try {
          uploaded.push(await uploadImage(file));
        } catch (error) {
          refused.push({ file, error });
        }
      }
      return { uploaded, refused };
    },
  });
}
