import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAddress as deleteAddressEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { addressesQueryOptions, updateCachedAddresses } from './list-addresses.ts';

/** DELETE /api/v1/address/delete/{id}. */
export function deleteAddress(id: string) {
  return apiCall(deleteAddressEndpoint, { params: { id } });
}

/**
 * Removes at once; put back if the server refuses. Deleting the selected
 * address makes the server select another, so the list is read again after.
 */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  const { queryKey } = addressesQueryOptions();
  return useMutation({
    mutationFn: deleteAddress,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      updateCachedAddresses(queryClient, (list) => list.filter((address) => address._id !== id));
      return { before };
    },
    onError: (_, __, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
