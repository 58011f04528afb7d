import { type FormEvent, type ReactNode, useState } from 'react';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';

interface EmailChangeLinkProps {
  /** The token from the mailed link; empty when the link came without one. */
  token: string;
  /** What the button does, and what it says while it works. */
  label: string;
  busyLabel: string;
  /** Sends the token; answers what to tell the shopper. */
  send: () => Promise<string>;
  /** The dead link's message, shown when there is no token. */
  invalidMessage: string;
  /** What follows the answer: where to go next. */
  after: ReactNode;
}

/**
 * An emailed email-change link (issue 23), opened. The shopper presses the
 * button, so a mail scanner that fetches the link does nothing; the answer,
 * or why the link no longer works, shows in its place.
 */
export function EmailChangeLink({
  token,
  label,
  busyLabel,
  send,
  invalidMessage,
  after,
}: EmailChangeLinkProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | undefined>(
    token === '' ? { ok: false, message: invalidMessage } : undefined,
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      setOutcome({ ok: true, message: await send() });
    } catch (error) {
      setOutcome({ ok: false, message: getErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    return (
      <div className="space-y-5">
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={
            outcome.ok
              ? 'rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink-900 ring-1 ring-brand-200'
              : 'rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200'
          }
        >
          {outcome.message}
        </p>
        {after}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <SubmitButton busy={busy} busyLabel={busyLabel} variant="brand" className="w-full">
        {label}
      </SubmitButton>
    </form>
  );
}
