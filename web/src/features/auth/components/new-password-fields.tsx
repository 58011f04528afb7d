import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '#web/components/ui/form-field.tsx';

/** The D7 rule in words, under every box that sets a password. */
export const PASSWORD_HINT =
  'At least 8 characters, with upper and lower case letters, a number and a symbol (@$!%*?#&).';

interface NewPasswordFieldsProps {
  labels: { password: string; confirmation: string };
  /** react-hook-form's `register(...)` of the new password and of its confirmation. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}

/** A new password with the rule as its hint, and the same password again (sign-up, reset, change). */
export function NewPasswordFields({
  labels,
  password,
  confirmation,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.password}
        {...password}
      />
      <PasswordField
        label={labels.confirmation}
        autoComplete="new-password"
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
