import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateSavedDesignBody,
  createSavedDesign as createSavedDesignEndpoint,
  deleteSavedDesign as deleteSavedDesignEndpoint,
  duplicateSavedDesign as duplicateSavedDesignEndpoint,
  getSavedDesign as getSavedDesignEndpoint,
  listSavedDesigns as listSavedDesignsEndpoint,
  type UpdateSavedDesignBody,
  updateSavedDesign as updateSavedDesignEndpoint,
} from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { savedDesignKeys } from './design-keys.ts';

export const savedDesignsQuery = () =>
  queryOptions({
    queryKey: savedDesignKeys.all,
    queryFn: ({ signal }) => apiCall(listSavedDesignsEndpoint, { signal }),
  });

export const savedDesignQuery = (id: string) =>
  queryOptions({
    queryKey: savedDesignKeys.detail(id),
    queryFn: ({ signal }) => apiCall(getSavedDesignEndpoint, { params: { id }, signal }),
  });

/** GET /api/v1/designs: the shopper's saved designs, most recently changed first. */
export function useSavedDesigns() {
  return useQuery(savedDesignsQuery());
}

/** GET /api/v1/designs/:id, only when an id is given. */
export function useSavedDesign(id: string | null) {
  return useQuery({ ...savedDesignQuery(id ?? ''), enabled: id !== null });
}

function useSavedDesignMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedDesignKeys.all }),
  });
}

/** POST /api/v1/designs */
export function useCreateSavedDesign() {
  return useSavedDesignMutation((body: CreateSavedDesignBody) =>
    apiCall(createSavedDesignEndpoint, { body }),
  );
}

/** PUT /api/v1/designs/:id: rename or replace the layers. */
export function useUpdateSavedDesign() {
  return useSavedDesignMutation(({ id, body }: { id: string; body: UpdateSavedDesignBody }) =>
    apiCall(updateSavedDesignEndpoint, { params: { id }, body }),
  );
}

/** POST /api/v1/designs/:id/duplicate */
export function useDuplicateSavedDesign() {
  return useSavedDesignMutation((id: string) =>
    apiCall(duplicateSavedDesignEndpoint, { params: { id } }),
  );
}

/** DELETE /api/v1/designs/:id */
export function useDeleteSavedDesign() {
  return useSavedDesignMutation((id: string) =>
    apiCall(deleteSavedDesignEndpoint, { params: { id } }),
  );
}
