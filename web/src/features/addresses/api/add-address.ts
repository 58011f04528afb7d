import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddressBody, addAddress as addAddressEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { markSelected, updateCachedAddresses } from './list-addresses.ts';
import { selectAddress } from './select-address.ts';

/** POST /api/v1/address/add. */
export function addAddress(body: AddressBody) {
  return apiCall(addAddressEndpoint, { body });
}

/** Saves a new address and selects it: the shopper just typed where to deliver. */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddressBody) => {
      const added = await addAddress(body);
      return added.selected ? added : selectAddress(added._id);
    },
    onSuccess: (chosen) =>
      updateCachedAddresses(queryClient, (list) => [...markSelected(list, chosen._id), chosen]),
  });
}
