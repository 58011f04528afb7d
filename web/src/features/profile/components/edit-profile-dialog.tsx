import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { UpdateProfileBodySchema, type User } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { EmailField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileFormInput = z.input<typeof UpdateProfileBodySchema>;
type ProfileFormValues = z.output<typeof UpdateProfileBodySchema>;

const FIELDS = ['name', 'email', 'phone'] as const;

interface EditProfileDialogProps {
  user: User;
  onClose: () => void;
}

/**
 * The profile's Edit modal (SPEC §2): Name, Email, Phone, Cancel and Save,
 * checked with the contract's rules; the server's complaints (an email
 * already taken: 409) show under their field. The saved profile replaces the cached one.
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onClose();
      toast.success('Profile updated');
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
    }
  });

  return (
    <Dialog
      title="Edit profile"
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="Optional. Used only to reach you about your orders."
          error={errors.phone?.message}
          {...register('phone')}
        />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            disabled={isSubmitting}
            className={buttonStyles({ variant: 'outline' })}
          >
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} busyLabel="Saving…">
            Save
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
