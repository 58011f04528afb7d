import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ForgotPasswordBodySchema } from '#contract';
import { EmailField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { forgotPassword } from '../api/forgot-password.ts';

type ForgotPasswordInput = z.input<typeof ForgotPasswordBodySchema>;
type ForgotPasswordValues = z.output<typeof ForgotPasswordBodySchema>;

/**
 * The email to send a reset link to (D29). The server's answer is the same
 * whether or not the account exists, and it is shown as it came.
 */
export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(ForgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      setAnswer((await forgotPassword(values)).message);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  });

  if (answer) {
    return (
      <p
        role="status"
        className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink-900 ring-1 ring-brand-200"
      >
        {answer}. Check your inbox: the link works once, for 30 minutes.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <EmailField error={errors.email?.message} {...register('email')} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending…" variant="brand" className="w-full">
        Send reset link
      </SubmitButton>
    </form>
  );
}
