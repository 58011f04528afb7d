import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateGroupOrderBody,
  closeGroupOrder,
  createGroupOrder,
  deleteGroupEntry,
  type GroupEntryBody,
  getGroupEntry,
  getGroupOrder,
  groupPiecesToCart,
  joinGroupOrder,
  type PayOrderBody,
  payGroupEntry,
  type UpdateGroupEntryBody,
  updateGroupEntry,
  updateGroupOrder,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';

/** How often the organiser's roster refreshes while the group is open. */
export const ROSTER_REFRESH_MS = 5000;

const groupOrderKey = (token: string) => ['group-orders', token] as const;

export const groupOrderQueryOptions = (token: string) =>
  queryOptions({
    queryKey: groupOrderKey(token),
    queryFn: ({ signal }) => apiCall(getGroupOrder, { params: { token }, signal }),
  });

/** GET /api/v1/group-orders/:token; the organiser's open group refetches: members join meanwhile. */
export function useGroupOrder(token: string) {
  return useQuery({
    ...groupOrderQueryOptions(token),
    refetchInterval: (query) =>
      query.state.data?.isOrganiser && query.state.data.status === 'open'
        ? ROSTER_REFRESH_MS
        : false,
  });
}

/** Every change to a group answers or changes what its page shows: refetch it after. */
function useGroupMutation<Variables, Result>(
  token: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupOrderKey(token) }),
  });
}

/** POST /api/v1/group-orders: a saved design's group, answering its link. */
export function useCreateGroupOrder() {
  return useMutation({
    mutationFn: (body: CreateGroupOrderBody) => apiCall(createGroupOrder, { body }),
  });
}

/** POST /api/v1/group-orders/:token/entries: a member joins. */
export function useJoinGroupOrder(token: string) {
  return useGroupMutation(token, (body: GroupEntryBody) =>
    apiCall(joinGroupOrder, { params: { token }, body }),
  );
}

/** Whose change it is: the member's entry token from their email link, or none for the organiser. */
const entryHeaders = (entryToken: string | undefined) => ({ 'x-entry-token': entryToken });

/**
 * GET an entry as it stands, with the token of its member's link: the edit
 * form starts from it. Kept apart from the group's query, so the form's own
 * state stays what the member typed while the group refreshes.
 */
export function useGroupEntry(token: string, entryId: string, entryToken: string) {
  return useQuery({
    queryKey: ['group-entries', token, entryId] as const,
    queryFn: ({ signal }) =>
      apiCall(getGroupEntry, {
        params: { token, entryId },
        headers: entryHeaders(entryToken),
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PATCH an entry: its member (with the entry token) or the organiser. */
export function useUpdateGroupEntry(token: string, entryToken?: string) {
  return useGroupMutation(
    token,
    ({ entryId, body }: { entryId: string; body: UpdateGroupEntryBody }) =>
      apiCall(updateGroupEntry, {
        params: { token, entryId },
        headers: entryHeaders(entryToken),
        body,
      }),
  );
}

/** DELETE an entry: its member leaves, or the organiser removes it. */
export function useDeleteGroupEntry(token: string, entryToken?: string) {
  return useGroupMutation(token, (entryId: string) =>
    apiCall(deleteGroupEntry, { params: { token, entryId }, headers: entryHeaders(entryToken) }),
  );
}

/** PATCH the group: the organiser moves its deadline. */
export function useExtendGroupOrder(token: string) {
  return useGroupMutation(token, (closesAt: string) =>
    apiCall(updateGroupOrder, { params: { token }, body: { closesAt } }),
  );
}

/** POST …/close: the organiser closes it now; its pieces go to their cart. */
export function useCloseGroupOrder(token: string) {
  return useGroupMutation(token, () => apiCall(closeGroupOrder, { params: { token } }));
}

/** POST /api/v1/group-orders/:token/entries/:entryId/payment: Checkout's answer for a member's piece (decision 066). */
export function usePayGroupEntry(token: string) {
  return useGroupMutation(
    token,
    ({
      entryId,
      entryToken,
      answer,
    }: {
      entryId: string;
      entryToken: string;
      answer: PayOrderBody;
    }) =>
      apiCall(payGroupEntry, {
        params: { token, entryId },
        headers: entryHeaders(entryToken),
        body: answer,
      }),
  );
}

/** POST …/cart: a closed group's pieces not ordered yet back in the organiser's cart (those already there stay). */
export function useGroupPiecesToCart(token: string) {
  return useGroupMutation(token, () => apiCall(groupPiecesToCart, { params: { token } }));
}
