import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Address, AddressBody } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons.tsx';
import { LoadingMessage } from '#web/components/ui/status-message.tsx';
import { useAddressStore } from '../stores/address-store.ts';
import { AddressForm } from './address-form.tsx';

type FormMode = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; address: Address };

interface AddressManagerProps {
  /** The heading's level where the manager sits (h2 on checkout, h3 inside a profile section). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * SPEC §2 Address selector (checkout and profile): the saved addresses as
 * radio choices, choosing one selects it on the server; add, edit and delete.
 * The form closes and resets whenever the list changes without an error (SPEC §4).
 */
export function AddressManager({ headingLevel: Heading = 'h2' }: AddressManagerProps) {
  const list = useAddressStore((state) => state.list);
  const isLoading = useAddressStore((state) => state.isLoading);
  const error = useAddressStore((state) => state.error);
  const fetchAddresses = useAddressStore((state) => state.fetchAddresses);
  const selectAddress = useAddressStore((state) => state.selectAddress);
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const headingId = useId();
  const listed = useRef(list);

  useEffect(() => {
    useAddressStore.getState().clearError();
    void fetchAddresses();
  }, [fetchAddresses]);

  // SPEC §4: a changed list with no error closes (and so resets) the form.
  useEffect(() => {
    if (listed.current === list) return;
    listed.current = list;
    if (!useAddressStore.getState().error) setMode({ kind: 'closed' });
  }, [list]);

  const save = async (body: AddressBody) => {
    const store = useAddressStore.getState();
    if (mode.kind === 'edit') {
      return (await store.updateAddress(mode.address._id, body))
        ? null
        : useAddressStore.getState().error;
    }
    if (await store.addAddress(body)) {
      toast.success('Address Added!');
      return null;
    }
    const refusal = useAddressStore.getState().error;
    if (refusal) toast.error(refusal.message);
    return refusal;
  };

  const formOpen = mode.kind !== 'closed';
  // A failed choice or delete is said here; a failed save shows in the form.
  const listError = !formOpen && error ? error.message : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-bold text-ink-900">
          Select A Delivery Address
        </Heading>
        <button
          type="button"
          onClick={() => {
            useAddressStore.getState().clearError();
            setMode(formOpen ? { kind: 'closed' } : { kind: 'add' });
          }}
          aria-expanded={formOpen}
          className={buttonStyles({ variant: formOpen ? 'ghost' : 'outline', size: 'sm' })}
        >
          {formOpen ? (
            'Cancel'
          ) : (
            <>
              <PlusIcon className="size-4" />
              Add Address
            </>
          )}
        </button>
      </div>

      {formOpen ? (
        <div className="mt-4">
          <AddressForm
            key={mode.kind === 'edit' ? mode.address._id : 'new'}
            editing={mode.kind === 'edit' ? mode.address : undefined}
            onSave={save}
          />
        </div>
      ) : null}

      {listError ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {listError}
        </p>
      ) : null}

      <div className="mt-4">
        {list.length > 0 ? (
          <fieldset aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
            {list.map((address) => (
              <AddressChoice
                key={address._id}
                address={address}
                onChoose={() => void selectAddress(address._id)}
                onEdit={() => {
                  useAddressStore.getState().clearError();
                  setMode({ kind: 'edit', address });
                }}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </fieldset>
        ) : isLoading ? (
          <LoadingMessage>Loading your addresses...</LoadingMessage>
        ) : formOpen ? null : (
          <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">
            You have no saved addresses yet. Add one so we know where to deliver.
          </p>
        )}
      </div>

      {deleting ? (
        <DeleteAddressDialog address={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </section>
  );
}

function AddressChoice({
  address,
  onChoose,
  onEdit,
  onDelete,
}: {
  address: Address;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const summary = `${address.name}, ${address.fullAddress}`;
  return (
    <div
      className={`flex items-start gap-3 rounded-xl border p-3 transition-colors sm:p-4 ${
        address.selected ? 'border-brand-600 bg-brand-50' : 'border-ink-200 hover:border-ink-400'
      }`}
    >
      <input
        id={id}
        type="radio"
        name="delivery-address"
        checked={address.selected}
        onChange={onChoose}
        className="mt-1 size-4 shrink-0 cursor-pointer accent-brand-600"
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm text-ink-700">
        <span className="block font-semibold break-words text-ink-900">{address.name}</span>
        <span className="block text-ink-600">{address.phone}</span>
        <span className="mt-0.5 block break-words">{address.fullAddress}</span>
        <span className="block break-words">
          {address.city}, {address.state} - {address.pincode}
        </span>
      </label>
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit address: ${summary}`}
          className="inline-flex size-9 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
        >
          <PencilIcon className="size-4" />
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete address: ${summary}`}
          className="inline-flex size-9 items-center justify-center rounded-full text-ink-600 hover:bg-red-50 hover:text-red-700"
        >
          <TrashIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}

function DeleteAddressDialog({ address, onClose }: { address: Address; onClose: () => void }) {
  const deleteAddress = useAddressStore((state) => state.deleteAddress);
  return (
    <Dialog
      title="Delete this address?"
      description={`${address.name}, ${address.fullAddress}, ${address.city}, ${address.state} - ${address.pincode}`}
      onClose={onClose}
    >
      <div className="flex justify-end gap-3">
        <button type="button" onClick={onClose} className={buttonStyles({ variant: 'outline' })}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            onClose();
            void deleteAddress(address._id);
          }}
          className={buttonStyles({ variant: 'danger' })}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
