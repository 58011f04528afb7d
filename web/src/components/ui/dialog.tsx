import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: string;
  /** A sentence under the title, read out when the dialog opens. */
  description?: ReactNode;
  /** Called on Escape, a click on the backdrop, or by the content's own Cancel. */
  onClose: () => void;
  /** What gets focus when the dialog opens; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** `sheet` slides in from the left edge at full height (a filter drawer on phones). */
  variant?: 'modal' | 'sheet';
  /** When given, an × button with this name in the title row closes the dialog. */
  closeLabel?: string;
  children: ReactNode;
}

const VARIANT_STYLES = {
  modal:
    'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl motion-safe:animate-[fade-in-up_0.2s_ease-out]',
  sheet:
    'my-0 mr-auto ml-0 h-dvh max-h-none w-[min(24rem,calc(100%-2.5rem))] overflow-y-auto rounded-r-2xl motion-safe:animate-[slide-in-left_0.25s_ease-out]',
} as const;

/**
 * A modal dialog: render it while it is open, unmount it to close. Built on
 * the native <dialog> shown with showModal(), so the page behind is inert;
 * Tab and Shift+Tab cycle inside it, Escape or a click outside closes it,
 * and focus goes back to where it was when it opened.
 */
export function Dialog({
  title,
  description,
  onClose,
  initialFocus,
  variant = 'modal',
  closeLabel,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest props, read by the open/close effect without re-running it.
  const latest = useRef({ initialFocus });
  latest.current = { initialFocus };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      latest.current.initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here as well as by `cancel`, which not every browser fires for Escape.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: let React decide (it unmounts the dialog), so state and screen agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={onKeyDown}
      className={`${VARIANT_STYLES[variant]} bg-white p-0 text-ink-900 shadow-xl backdrop:bg-ink-950/50`}
    >
      <div className="min-h-full p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-bold tracking-tight text-ink-900">
            {title}
          </h2>
          {closeLabel ? (
            <button
              type="button"
              aria-label={closeLabel}
              onClick={onClose}
              className="-mt-1.5 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-ink-100 hover:text-ink-900"
            >
              <CloseIcon className="size-5" />
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-ink-600">
            {description}
          </p>
        ) : null}
        <div className="mt-5">{children}</div>
      </div>
    </dialog>
  );
}
