import {
  type AdminDashboard,
  type AdminOrder,
  type AdminOrderPage,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductPage,
  API_PREFIX,
  type ContactMessage,
  createAdminProduct,
  type DeleteAdminProductResult,
  deleteAdminProduct,
  exportNewsletterSubscribers,
  getAdminDashboard,
  getAdminOrder,
  getAdminProduct,
  type ListAdminOrdersQuery,
  type ListAdminOrdersQuerySchema,
  type ListAdminProductsQuery,
  type ListAdminProductsQuerySchema,
  listAdminOrders,
  listAdminProducts,
  listContactMessages,
  listNewsletterSubscribers,
  type OrderStatus,
  restoreAdminProduct,
  setAdminOrderStatus,
  setContactMessageHandled,
  type UploadedImage,
  updateAdminProduct,
  uploadAdminImage,
} from '#contract';
import { type QueryState, useQuery } from '#web/hooks/use-query.ts';
import { ApiError, apiCall, type QueryInput } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';

/** The shop owner's calls (D25): every one is /api/v1/admin/..., refused to shoppers by the server. */

export function useAdminDashboard(): QueryState<AdminDashboard> {
  return useQuery('admin-dashboard', (signal) => apiCall(getAdminDashboard, { signal }));
}

export function useAdminProducts(
  query: QueryInput<typeof ListAdminProductsQuerySchema>,
): QueryState<AdminProductPage> {
  return useQuery(`admin-products:${JSON.stringify(query)}`, (signal) =>
    apiCall(listAdminProducts, { query: query as ListAdminProductsQuery, signal }),
  );
}

export function useAdminProduct(id: string): QueryState<AdminProduct> {
  return useQuery(`admin-product:${id}`, (signal) =>
    apiCall(getAdminProduct, { params: { id }, signal }),
  );
}

export function saveAdminProduct(id: string | null, body: AdminProductBody): Promise<AdminProduct> {
  return id === null
    ? apiCall(createAdminProduct, { body })
    : apiCall(updateAdminProduct, { params: { id }, body });
}

export function removeAdminProduct(id: string): Promise<DeleteAdminProductResult> {
  return apiCall(deleteAdminProduct, { params: { id } });
}

export function restoreProduct(id: string): Promise<AdminProduct> {
  return apiCall(restoreAdminProduct, { params: { id } });
}

/** Sends the file's own bytes with its own type (ADR 006); the server checks what it really is. */
export function uploadImage(file: File): Promise<UploadedImage> {
  return apiCall(uploadAdminImage, { file });
}

export function useAdminOrders(
  query: QueryInput<typeof ListAdminOrdersQuerySchema>,
): QueryState<AdminOrderPage> {
  return useQuery(`admin-orders:${JSON.stringify(query)}`, (signal) =>
    apiCall(listAdminOrders, { query: query as ListAdminOrdersQuery, signal }),
  );
}

export function useAdminOrder(id: string): QueryState<AdminOrder> {
  return useQuery(`admin-order:${id}`, (signal) =>
    apiCall(getAdminOrder, { params: { id }, signal }),
  );
}

export function setOrderStatus(id: string, status: OrderStatus): Promise<AdminOrder> {
  return apiCall(setAdminOrderStatus, { params: { id }, body: { status } });
}

export function useContactMessages(page: number) {
  return useQuery(`admin-messages:${page}`, (signal) =>
    apiCall(listContactMessages, { query: { page, limit: 20 }, signal }),
  );
}

export function setMessageHandled(id: string, handled: boolean): Promise<ContactMessage> {
  return apiCall(setContactMessageHandled, { params: { id }, body: { handled } });
}

export function useNewsletterSubscribers(page: number) {
  return useQuery(`admin-newsletter:${page}`, (signal) =>
    apiCall(listNewsletterSubscribers, { query: { page, limit: 20 }, signal }),
  );
}

/**
 * The subscribers' CSV: a file, not the JSON envelope, so it is fetched here
 * with the bearer token and handed to the browser as a download.
 */
export async function downloadSubscribersCsv(): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(`${API_PREFIX}${exportNewsletterSubscribers.path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'We could not reach the shop. Check your connection and try again.');
  });
  if (!response.ok) throw new ApiError(response.status, 'The download could not be made.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'newsletter-subscribers.csv';
  link.click();
  URL.revokeObjectURL(url);
}
