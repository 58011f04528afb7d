import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Session, SignupBodySchema } from '#contract';
import { EmailField, TextField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { setServerFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { signup } from '../api/signup.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type SignUpInput = z.input<typeof SignupBodySchema>;
type SignUpValues = z.output<typeof SignupBodySchema>;

/** One toast for failed attempts: a retry replaces it and success removes it. */
const SIGN_UP_ERROR_TOAST = 'sign-up-error';

const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

interface SignUpFormProps {
  /** Called with the new session; the form stays busy until it settles. */
  onSignedUp: (session: Session) => Promise<void> | void;
}

/** Full Name, Email Address, Password, Confirm Password: each error under its own field (D8). */
export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(SignupBodySchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    let session: Session;
    try {
      session = await signup(values);
    } catch (error) {
      // The server's word on a field (the email is taken, say) goes under it, and in a toast (SPEC §8).
      setServerFieldErrors(error, setError, FIELDS);
      toast.error(getErrorMessage(error), { id: SIGN_UP_ERROR_TOAST });
      return;
    }
    toast.dismiss(SIGN_UP_ERROR_TOAST);
    await onSignedUp(session);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <EmailField label="Email Address" error={errors.email?.message} {...register('email')} />
      <NewPasswordFields
        labels={{ password: 'Password', confirmation: 'Confirm Password' }}
        password={register('password')}
        confirmation={register('confirmPassword')}
        errors={{
          password: errors.password?.message,
          confirmation: errors.confirmPassword?.message,
        }}
      />
      <SubmitButton
        busy={isSubmitting}
        busyLabel="Creating your account…"
        variant="brand"
        className="w-full"
      >
        Sign Up
      </SubmitButton>
    </form>
  );
}
