import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type Address, listAddresses as listAddressesEndpoint } from '#contract';
import { apiCall } from '#web/lib/api-client.ts';
import { addressKeys } from './address-keys.ts';

/** GET /api/v1/address/get: the shopper's delivery addresses. */
export function listAddresses(signal?: AbortSignal) {
  return apiCall(listAddressesEndpoint, { signal });
}

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressKeys.list,
    queryFn: ({ signal }) => listAddresses(signal),
  });

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}

/** The address orders go to, if the shopper has one. */
export function useSelectedAddress(): Address | undefined {
  return useAddresses().data?.find((address) => address.selected);
}

/** Changes the cached list (an optimistic change, or a server answer put in place). */
export function updateCachedAddresses(
  queryClient: QueryClient,
  update: (list: Address[]) => Address[],
): void {
  queryClient.setQueryData(addressesQueryOptions().queryKey, (list) =>
    list ? update(list) : list,
  );
}

export const markSelected = (list: Address[], id: string) =>
  list.map((address) => ({ ...address, selected: address._id === id }));
