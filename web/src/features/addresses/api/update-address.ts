import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddressBody, updateAddress as updateAddressEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { updateCachedAddresses } from './list-addresses.ts';

/** PUT /api/v1/address/update/{id}. */
export function updateAddress(id: string, body: AddressBody) {
  return apiCall(updateAddressEndpoint, { params: { id }, body });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AddressBody }) => updateAddress(id, body),
    onSuccess: (updated) =>
      updateCachedAddresses(queryClient, (list) =>
        list.map((address) => (address._id === updated._id ? updated : address)),
      ),
  });
}
