import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChangePasswordBodySchema } from '#contract';
import { PasswordField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { changePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type ChangePasswordInput = z.input<typeof ChangePasswordBodySchema>;
type ChangePasswordValues = z.output<typeof ChangePasswordBodySchema>;

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Change password (D21): the current one, the new one with the D7 rule, and
 * its confirmation; a wrong current password shows under its field.
 */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordBodySchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(values);
    } catch (error) {
      if (setServerFieldErrors(error, setError, FIELDS) === 0) toast.error(getErrorMessage(error));
      return;
    }
    reset(EMPTY);
    toast.success('Password changed');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-5">
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <NewPasswordFields
        labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        password={register('newPassword')}
        confirmation={register('confirmPassword')}
        errors={{
          password: errors.newPassword?.message,
          confirmation: errors.confirmPassword?.message,
        }}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Changing…">
        Change password
      </SubmitButton>
    </form>
  );
}
