import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { RESET_LINK_INVALID, ResetPasswordBodySchema, type Session } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { paths } from '#web/config/paths.ts';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { resetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type ResetPasswordInput = z.input<typeof ResetPasswordBodySchema>;
type ResetPasswordValues = z.output<typeof ResetPasswordBodySchema>;

const FIELDS = ['password', 'confirmPassword'] as const;

interface ResetPasswordFormProps {
  /** The token from the emailed link. */
  token: string;
  /** Called with the fresh session; the form stays busy until it settles. */
  onReset: (session: Session) => Promise<void> | void;
}

/** The link's dead end: expired, used or unknown, with the way to ask for a new one. */
export function ResetLinkInvalid() {
  return (
    <div className="space-y-5">
      <p
        role="alert"
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
      >
        {RESET_LINK_INVALID}
      </p>
      <Link
        to={paths.forgotPassword()}
        className={buttonStyles({ variant: 'brand', className: 'w-full' })}
      >
        Ask for a new link
      </Link>
    </div>
  );
}

/** A new password under the D7 rule and its confirmation, for the account of an emailed link (D29). */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const [linkInvalid, setLinkInvalid] = useState(token === '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: zodResolver(ResetPasswordBodySchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let session: Session;
    try {
      session = await resetPassword(values);
    } catch (error) {
      if (error instanceof ApiError && error.fieldError('token')) {
        setLinkInvalid(true);
      } else if (setServerFieldErrors(error, setError, FIELDS) === 0) {
        toast.error(getErrorMessage(error));
      }
      return;
    }
    await onReset(session);
  });

  if (linkInvalid) return <ResetLinkInvalid />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <NewPasswordFields
        labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        password={register('password')}
        confirmation={register('confirmPassword')}
        errors={{
          password: errors.password?.message,
          confirmation: errors.confirmPassword?.message,
        }}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" variant="brand" className="w-full">
        Set new password
      </SubmitButton>
    </form>
  );
}
