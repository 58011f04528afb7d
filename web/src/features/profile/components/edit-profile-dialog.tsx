import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type Profile, UpdateProfileBodySchema } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { EmailField, PasswordField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileFormInput = z.input<typeof UpdateProfileBodySchema>;
type ProfileFormValues = z.output<typeof UpdateProfileBodySchema>;

const FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

/** Emails are compared as the server compares them: trimmed, in any case (D14). */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What the shopper reads once a new email waits for its link (issue 23). */
export const emailChangeSentMessage = (pendingEmail: string, email: string) =>
  `We sent a confirmation link to ${pendingEmail}. Your email stays ${email} until you open it.`;

interface EditProfileDialogProps {
  user: Profile;
  onClose: () => void;
}

/**
 * The profile's Edit modal (SPEC §2): Name, Email, Phone, Cancel and Save,
 * checked with the contract's rules; the server's complaints (an email
 * already taken: 409, a wrong current password) show under their field. A
 * new email asks for the current password and waits for the link mailed to
 * it (issue 23). The saved profile replaces the cached one.
 */
export function EditProfileDialog({ user, onClose }: EditProfileDialogProps) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone, currentPassword: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const changesEmail = !sameEmail(email, user.email);

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The password goes only with a new email, the one change that needs it.
      const { currentPassword, ...details } = values;
      const saved = await update.mutateAsync(changesEmail ? values : details);
      onClose();
      if (changesEmail && saved.pendingEmail) {
        toast.success(emailChangeSentMessage(saved.pendingEmail, saved.email));
      } else {
        toast.success('Profile updated');
      }
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
        <EmailField
          error={errors.email?.message}
          hint={
            changesEmail
              ? 'We will email a link to the new address; your email stays the same until it is opened.'
              : undefined
          }
          {...register('email')}
        />
        {changesEmail ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            hint="Needed to change your email."
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        ) : null}
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
