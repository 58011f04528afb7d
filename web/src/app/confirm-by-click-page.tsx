import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { ErrorMessage } from '#web/components/ui/status-message.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';

interface ConfirmByClickPageProps<Result> {
  title: string;
  /** What confirming does, said before the click. */
  request: string;
  buttonLabel: string;
  /** The call the mailed link's token is sent with. */
  confirm: {
    mutate: (token: string) => void;
    isPending: boolean;
    error: unknown;
    data: Result | undefined;
  };
  /** What the page says once confirmed. */
  confirmed: (result: Result) => ReactNode;
}

/**
 * A page a mailed double opt-in link opens (`?token=…`). Confirming takes a
 * click, not the page load, so a mail scanner that opens links confirms
 * nothing on the owner's behalf.
 */
export function ConfirmByClickPage<Result>({
  title,
  request,
  buttonLabel,
  confirm,
  confirmed,
}: ConfirmByClickPageProps<Result>) {
  useDocumentTitle(title);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const hydrated = useHydrated();

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink-900">{title}</h1>
      {confirm.data !== undefined ? (
        confirmed(confirm.data)
      ) : (
        <>
          <p className="text-ink-700">{request}</p>
          {confirm.error ? <ErrorMessage message={getErrorMessage(confirm.error)} /> : null}
          <button
            type="button"
            disabled={!hydrated || confirm.isPending || !token}
            onClick={() => confirm.mutate(token)}
            className={buttonStyles()}
          >
            {buttonLabel}
          </button>
        </>
      )}
    </section>
  );
}
