import { useMutation, useQueryClient } from '@tanstack/react-query';
import { selectAddress as selectAddressEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { addressesQueryOptions, markSelected, updateCachedAddresses } from './list-addresses.ts';

/** PUT /api/v1/address/selecte/{id} (the spec's spelling, D1). */
export function selectAddress(id: string) {
  return apiCall(selectAddressEndpoint, { params: { id } });
}

/** Selects at once; the previous choice is put back if the server refuses. */
export function useSelectAddress() {
  const queryClient = useQueryClient();
  const { queryKey } = addressesQueryOptions();
  return useMutation({
    mutationFn: selectAddress,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      updateCachedAddresses(queryClient, (list) => markSelected(list, id));
      return { before };
    },
    onError: (_, __, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
  });
}
