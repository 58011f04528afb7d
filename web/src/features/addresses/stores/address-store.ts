import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  type Address,
  type AddressBody,
  addAddress,
  deleteAddress,
  listAddresses,
  selectAddress,
  updateAddress,
} from '#contract';
import { ApiError, apiCall } from '#web/lib/api-client.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';

export interface AddressState {
  list: Address[];
  isLoading: boolean;
  /** Why the last change failed (SPEC §8 keeps it as the error); null after a success. */
  error: ApiError | null;
}

export interface AddressActions {
  fetchAddresses: () => Promise<void>;
  /** True when saved. A new address becomes the selected one: the shopper just typed where to deliver. */
  addAddress: (body: AddressBody) => Promise<boolean>;
  updateAddress: (id: string, body: AddressBody) => Promise<boolean>;
  /** Optimistic; put back if the server refuses. */
  selectAddress: (id: string) => Promise<boolean>;
  /** Optimistic; put back if the server refuses. The server then picks the selected one again. */
  deleteAddress: (id: string) => Promise<boolean>;
  clearError: () => void;
  /** Forgets every address (at logout: the next shopper on this browser has their own). */
  reset: () => void;
}

export type AddressStore = AddressState & AddressActions;

const initialState: AddressState = { list: [], isLoading: false, error: null };

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError(0, 'Something went wrong. Please try again.');
}

const markSelected = (list: Address[], id: string) =>
  list.map((address) => ({ ...address, selected: address._id === id }));

/** The shopper's delivery addresses, kept under `address-storage` (SPEC §3). */
export const useAddressStore = create<AddressStore>()(
  persist(
    (set, get) => ({
      ...initialState,

      async fetchAddresses() {
        set({ isLoading: true });
        try {
          set({ list: await apiCall(listAddresses), isLoading: false, error: null });
        } catch (error) {
          set({ isLoading: false, error: asApiError(error) });
        }
      },

      async addAddress(body) {
        try {
          const added = await apiCall(addAddress, { body });
          const chosen = added.selected
            ? added
            : await apiCall(selectAddress, { params: { id: added._id } });
          set({ list: [...markSelected(get().list, chosen._id), chosen], error: null });
          return true;
        } catch (error) {
          set({ error: asApiError(error) });
          return false;
        }
      },

      async updateAddress(id, body) {
        try {
          const updated = await apiCall(updateAddress, { params: { id }, body });
          set({
            list: get().list.map((address) => (address._id === id ? updated : address)),
            error: null,
          });
          return true;
        } catch (error) {
          set({ error: asApiError(error) });
          return false;
        }
      },

      async selectAddress(id) {
        const before = get().list;
        set({ list: markSelected(before, id) });
        try {
          await apiCall(selectAddress, { params: { id } });
          set({ error: null });
          return true;
        } catch (error) {
          set({ list: before, error: asApiError(error) });
          return false;
        }
      },

      async deleteAddress(id) {
        const before = get().list;
        set({ list: before.filter((address) => address._id !== id) });
        try {
          await apiCall(deleteAddress, { params: { id } });
        } catch (error) {
          set({ list: before, error: asApiError(error) });
          return false;
        }
        // Deleting the selected address makes the server select another: read which.
        await get().fetchAddresses();
        return true;
      },

      clearError: () => set({ error: null }),
      reset: () => set(initialState),
    }),
    {
      name: STORAGE_KEYS.address,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ list: state.list }),
      merge: (persisted, current) => {
        const saved = persisted as Partial<Pick<AddressState, 'list'>> | undefined;
        return saved && Array.isArray(saved.list) ? { ...current, list: saved.list } : current;
      },
    },
  ),
);

/** The address orders go to, if the shopper has one. */
export const selectSelectedAddress = (state: AddressState): Address | undefined =>
  state.list.find((address) => address.selected);
