import { useId, useState } from 'react';
import { ADDRESS_NEEDS_STATE_MESSAGE, type Address, type AddressBody } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons.tsx';
import { LoadingMessage } from '#web/components/ui/status-message.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useAddAddress } from '../api/add-address.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/list-addresses.ts';
import { useSelectAddress } from '../api/select-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';
import { AddressForm } from './address-form.tsx';

type FormMode = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; address: Address };

interface AddressManagerProps {
  /** The heading's level where the manager sits (h2 on checkout, h3 inside a profile section). */
  headingLevel?: 'h2' | 'h3';
}

const asApiError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.');

/**
 * SPEC §2 Address selector (checkout and profile): the saved addresses as
 * radio choices, choosing one selects it on the server; add, edit and delete.
 * A saved address closes (and so resets) the form (SPEC §4). A refused choice
 * or delete is put back and said here, without a toast (SPEC §8).
 */
export function AddressManager({ headingLevel: Heading = 'h2' }: AddressManagerProps) {
  const addresses = useAddresses();
  const addAddress = useAddAddress();
  const updateAddress = useUpdateAddress();
  const selectAddress = useSelectAddress();
  const deleteAddress = useDeleteAddress();
  const [mode, setMode] = useState<FormMode>({ kind: 'closed' });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const headingId = useId();
  const list = addresses.data ?? [];

  const save = async (body: AddressBody) => {
    try {
      if (mode.kind === 'edit') {
        await updateAddress.mutateAsync({ id: mode.address._id, body });
      } else {
        await addAddress.mutateAsync(body);
        toast.success('Address Added!');
      }
      setMode({ kind: 'closed' });
      return null;
    } catch (error) {
      const refusal = asApiError(error);
      if (mode.kind !== 'edit') toast.error(refusal.message);
      return refusal;
    }
  };

  const openForm = (next: FormMode) => {
    selectAddress.reset();
    deleteAddress.reset();
    setMode(next);
  };

  const formOpen = mode.kind !== 'closed';
  // A failed choice, delete or load is said here; a failed save shows in the form.
  const failure = selectAddress.error ?? deleteAddress.error ?? addresses.error;
  const listError = !formOpen && failure ? failure.message : null;

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
          onClick={() => openForm(formOpen ? { kind: 'closed' } : { kind: 'add' })}
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
                onChoose={() => {
                  deleteAddress.reset();
                  selectAddress.mutate(address._id);
                }}
                onEdit={() => openForm({ kind: 'edit', address })}
                onDelete={() => setDeleting(address)}
              />
            ))}
          </fieldset>
        ) : addresses.isPending ? (
          <LoadingMessage>Loading your addresses...</LoadingMessage>
        ) : formOpen ? null : (
          <p className="rounded-xl bg-ink-50 px-4 py-3 text-sm text-ink-700">
            You have no saved addresses yet. Add one so we know where to deliver.
          </p>
        )}
      </div>

      {deleting ? (
        <DeleteAddressDialog
          address={deleting}
          onClose={() => setDeleting(null)}
          onDelete={() => {
            selectAddress.reset();
            deleteAddress.mutate(deleting._id);
          }}
        />
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
        {address.stateCode === null ? (
          // Saved before states were chosen from GST's list, and its state matches none (issue 26).
          <span className="mt-1 block font-medium text-amber-800">
            {ADDRESS_NEEDS_STATE_MESSAGE}
          </span>
        ) : null}
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

function DeleteAddressDialog({
  address,
  onClose,
  onDelete,
}: {
  address: Address;
  onClose: () => void;
  onDelete: () => void;
}) {
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
            onDelete();
          }}
          className={buttonStyles({ variant: 'danger' })}
        >
          Delete
        </button>
      </div>
    </Dialog>
  );
}
