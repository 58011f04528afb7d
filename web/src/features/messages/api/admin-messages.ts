import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  type ContactMessage,
  exportNewsletterSubscribers,
  type ListContactMessagesQuerySchema,
  listContactMessages,
  listNewsletterSubscribers,
  type PageQuerySchema,
  setContactMessageHandled,
} from '#contract';
import { ApiError, apiCall, type EndpointResult, type QueryInput } from '#web/lib/api-client.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';
import { contactMessageKeys, newsletterSubscriberKeys } from './message-keys.ts';

// The shop owner's calls on messages and subscribers (D25): /api/v1/admin/...,
// refused to shoppers by the server.

/** The messages and subscribers pages list 20 at a time. */
const ADMIN_PAGE_SIZE = 20;

export function contactMessagesQueryOptions(
  query: QueryInput<typeof ListContactMessagesQuerySchema>,
) {
  return queryOptions({
    queryKey: contactMessageKeys.list(query),
    queryFn: ({ signal }) => apiCall(listContactMessages, { query, signal }),
  });
}

export function useContactMessages(page: number) {
  return useQuery(contactMessagesQueryOptions({ page, limit: ADMIN_PAGE_SIZE }));
}

export function newsletterSubscribersQueryOptions(query: QueryInput<typeof PageQuerySchema>) {
  return queryOptions({
    queryKey: newsletterSubscriberKeys.list(query),
    queryFn: ({ signal }) => apiCall(listNewsletterSubscribers, { query, signal }),
  });
}

export function useNewsletterSubscribers(page: number) {
  return useQuery(newsletterSubscribersQueryOptions({ page, limit: ADMIN_PAGE_SIZE }));
}

/** Marks a contact message handled (or not): shown at once in every cached page, then the list is fetched again. */
export function useSetMessageHandled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }): Promise<ContactMessage> =>
      apiCall(setContactMessageHandled, { params: { id }, body: { handled } }),
    onSuccess: (saved) => {
      client.setQueriesData<EndpointResult<typeof listContactMessages>>(
        { queryKey: contactMessageKeys.lists },
        (page) =>
          page && {
            ...page,
            results: page.results.map((message) => (message._id === saved._id ? saved : message)),
          },
      );
      return client.invalidateQueries({ queryKey: contactMessageKeys.lists });
    },
  });
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

export function useDownloadSubscribersCsv() {
  return useMutation({ mutationFn: downloadSubscribersCsv });
}
