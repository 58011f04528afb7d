import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteSavedCard, listSavedCards } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { savedCardKeys } from './saved-card-keys.ts';

/** GET /api/v1/payment/cards: the cards the shopper saved at checkout (issue 13). */
export const savedCardsQueryOptions = () =>
  queryOptions({
    queryKey: savedCardKeys.list,
    queryFn: ({ signal }) => apiCall(listSavedCards, { signal }),
  });

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions());
}

/** DELETE /api/v1/payment/cards/{id}; the list is read again after, whatever the answer. */
export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteSavedCard, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCardKeys.list }),
  });
}
