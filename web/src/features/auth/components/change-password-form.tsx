import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { ChangePasswordBodySchema } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { PasswordField } from '#web/components/ui/form-field.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { changePassword } from '../api/change-password.ts';
import { PASSWORD_HINT } from './sign-up-form.tsx';

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
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={errors.newPassword ? undefined : PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" disabled={isSubmitting} className={buttonStyles()}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
