import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSharedDesign as getSharedDesignEndpoint,
  shareSavedDesign as shareSavedDesignEndpoint,
  stopSharingSavedDesign as stopSharingSavedDesignEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { savedDesignKeys } from './design-keys.ts';

export const sharedDesignQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared-designs', token] as const,
    queryFn: ({ signal }) => apiCall(getSharedDesignEndpoint, { params: { token }, signal }),
  });

/** GET /api/v1/shared-designs/:token (anyone with the link), only when a token is given. */
export function useSharedDesign(token: string | null) {
  return useQuery({ ...sharedDesignQueryOptions(token ?? ''), enabled: token !== null });
}

/** The saved designs show whether each is shared, so both calls refresh them. */
function useShareMutation<Result>(mutationFn: (id: string) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedDesignKeys.all }),
  });
}

/** POST /api/v1/designs/:id/share → the link (the same one while shared). */
export function useShareSavedDesign() {
  return useShareMutation((id: string) => apiCall(shareSavedDesignEndpoint, { params: { id } }));
}

/** DELETE /api/v1/designs/:id/share: the link stops working. */
export function useStopSharingSavedDesign() {
  return useShareMutation((id: string) =>
    apiCall(stopSharingSavedDesignEndpoint, { params: { id } }),
  );
}
