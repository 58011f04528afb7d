import { CardSection } from '#web/components/ui/card-section.tsx';
import { ChangePasswordForm } from '#web/features/auth/components/change-password-form.tsx';
import { SignOutEverywhere } from '#web/features/auth/components/sign-out-everywhere.tsx';
import { SavedCards } from '#web/features/payments/components/saved-cards.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { toast } from '#web/lib/toast.ts';
import { forgetSession } from '../auth-session.ts';

/** /settings (D21): change the password; sign out of all devices; saved cards (issue 13). */
export function SettingsRoute() {
  useDocumentTitle('Settings');

  const onSignedOutEverywhere = () => {
    // Every session has ended on the server: forget this one here too.
    // Without a token the route guard (D15) takes the shopper to /login, and back here after.
    forgetSession();
    toast.success('Signed out of all devices');
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">Settings</h1>
      <div className="mt-8 space-y-6">
        <CardSection id="change-password" title="Change password">
          <p className="mb-5 text-sm text-ink-600">
            Your other devices are signed out when you change your password.
          </p>
          <ChangePasswordForm />
        </CardSection>
        <CardSection id="sign-out-everywhere" title="Sign out of all devices">
          <p className="mb-5 text-sm text-ink-600">
            Lost a phone or signed in on a shared computer? End every session of your account, this
            one included.
          </p>
          <SignOutEverywhere onSignedOut={onSignedOutEverywhere} />
        </CardSection>
        <CardSection id="saved-cards" title="Saved cards">
          <SavedCards />
        </CardSection>
      </div>
    </div>
  );
}
