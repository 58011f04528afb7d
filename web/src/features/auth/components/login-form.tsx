import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, type Session } from '#contract';
import { CheckboxField, EmailField, PasswordField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { paths } from '#web/config/paths.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { login } from '../api/login.ts';

/**
 * SPEC §5 login rules with the D6/D7 messages: the email is required and
 * well formed, the password required and of the shop's password shape (the
 * server enforces the same shape at sign-up, so no real password fails it).
 */
const LoginFormSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  // D1: the spec's field name, spelled so.
  remeberMe: z.boolean(),
});
/** One toast for failed attempts: a retry replaces it and success removes it. */
const SIGN_IN_ERROR_TOAST = 'sign-in-error';

type LoginFormInput = z.input<typeof LoginFormSchema>;
type LoginFormValues = z.output<typeof LoginFormSchema>;

interface LoginFormProps {
  /** Called with the new session; the form stays busy until it settles. */
  onSignedIn: (session: Session) => Promise<void> | void;
}

/** Email, password, 'Remember me', 'Forgot password?' and 'Sign In' (SPEC §2 Login). */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email: '', password: '', remeberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    let session: Session;
    try {
      session = await login(values);
    } catch (error) {
      // SPEC §8: the server's message in an error toast; the shopper stays here.
      toast.error(getErrorMessage(error), { id: SIGN_IN_ERROR_TOAST });
      return;
    }
    toast.dismiss(SIGN_IN_ERROR_TOAST);
    await onSignedIn(session);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label="Remember me" {...register('remeberMe')} />
        <Link
          to={paths.forgotPassword()}
          className="rounded-sm text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Signing in…" variant="brand" className="w-full">
        Sign In
      </SubmitButton>
    </form>
  );
}
