import { paths } from '#web/config/paths.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /forgot-password: 'Forgot password?' on /login leads here (D29). */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
      switchTo={{ question: 'Remembered it?', label: 'Sign In', to: paths.login() }}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
