import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles.ts';
import { Spinner } from './spinner.tsx';

/** A spinner with its text ('Loading orders...'), read out once by screen readers. */
export function LoadingMessage({ children }: { children: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-12 text-ink-600">
      <Spinner label={children} className="size-6" />
      <p aria-hidden="true">{children}</p>
    </div>
  );
}

/** What went wrong, with a way to try again. */
export function ErrorMessage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-2xl border border-red-200 bg-red-50 px-4 py-10 text-center"
    >
      <p className="text-red-800">{message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A friendly empty or not-found state: a title, a sentence and where to go next. */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-300 bg-ink-50 px-4 py-12 text-center">
      <p className="text-lg font-semibold text-ink-900">{title}</p>
      {children ? <p className="mt-2 max-w-md text-ink-600">{children}</p> : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
