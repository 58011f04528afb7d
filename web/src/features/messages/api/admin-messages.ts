import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContactMessage,
  exportNewsletterSubscribers,
  type ListContactMessagesQuerySchema,
  listContactMessages,
  listNewsletterSubscribers,
  type PageQuerySchema,
  setContactMessageHandled,
} from '#contract';
import { apiCall, type EndpointResult, type QueryInput } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';
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

/** The subscribers' CSV, as a download. */
export const downloadSubscribersCsv = (): Promise<void> =>
  downloadFile(exportNewsletterSubscribers.path, 'newsletter-subscribers.csv');

export function useDownloadSubscribersCsv() {
  return useMutation({ mutationFn: downloadSubscribersCsv });
}
