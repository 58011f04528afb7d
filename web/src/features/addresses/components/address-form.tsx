import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type Address, type AddressBody, AddressBodySchema } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { TextAreaField, TextField } from '#web/components/ui/form-field.tsx';
import { GstStateField } from '#web/components/ui/gst-state-field.tsx';
import type { ApiError } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';

const FIELDS = ['name', 'phone', 'pincode', 'city', 'state', 'fullAddress'] as const;

const EMPTY: AddressBody = {
  name: '',
  phone: '',
  pincode: '',
  city: '',
  state: '',
  fullAddress: '',
};

interface AddressFormProps {
  /** The address being edited; a new one without it. */
  editing?: Address;
  /** Saves; resolves to the server's refusal, or null when saved. */
  onSave: (body: AddressBody) => Promise<ApiError | null>;
}

/**
 * SPEC §2/§5 address form: every field required with the contract's
 * messages; 'Save Address' or, when editing, 'Update Address'. A refusal
 * shows under the phone field (SPEC §8), field by field when the server says which.
 */
export function AddressForm({ editing, onSave }: AddressFormProps) {
  const defaultValues = editing ? pick(editing) : EMPTY;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressBody>({ resolver: zodResolver(AddressBodySchema), defaultValues });

  const onSubmit = handleSubmit(async (body) => {
    const refusal = await onSave(body);
    if (!refusal) return;
    if (setServerFieldErrors(refusal, setError, FIELDS) === 0) {
      setError('phone', { type: 'server', message: refusal.message }, { shouldFocus: true });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Edit address' : 'New address'}
      className="grid gap-4 rounded-2xl border border-ink-200 bg-ink-50 p-4 sm:grid-cols-2 sm:p-5"
    >
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label="Pincode"
        autoComplete="postal-code"
        inputMode="numeric"
        error={errors.pincode?.message}
        {...register('pincode')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...register('city')}
      />
      <GstStateField
        label="State"
        // The select shows its first choice until told otherwise: the saved state, or none.
        defaultValue={defaultValues.state}
        autoComplete="address-level1"
        error={errors.state?.message}
        className="sm:col-span-2"
        {...register('state')}
      />
      <TextAreaField
        label="Full Address"
        autoComplete="street-address"
        rows={3}
        error={errors.fullAddress?.message}
        className="sm:col-span-2"
        {...register('fullAddress')}
      />
      <div className="sm:col-span-2">
        <button type="submit" disabled={isSubmitting} className={buttonStyles()}>
          {editing ? 'Update Address' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}

/** The address's boxes; the state is chosen by its GST code, empty when an old address's matches none. */
function pick(address: Address): AddressBody {
  const { name, phone, pincode, city, stateCode, fullAddress } = address;
  return { name, phone, pincode, city, state: stateCode ?? '', fullAddress };
}
