import { useRef } from 'react';
import { buttonStyles } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  title: string;
  description: string;
  /** The safe choice ('Keep order'): it closes the dialog and has the focus first. */
  keepLabel: string;
  /** The irreversible choice ('Yes, cancel order'). */
  confirmLabel: string;
  /** What the confirm button says while the action runs ('Cancelling…'). */
  pendingLabel: string;
  pending: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone; Escape and the safe button keep things as they are. */
export function ConfirmDialog({
  title,
  description,
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onKeep,
  onConfirm,
}: ConfirmDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      description={description}
      onClose={() => {
        if (!pending) onKeep();
      }}
      initialFocus={keepRef}
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={keepRef}
          type="button"
          onClick={onKeep}
          disabled={pending}
          className={buttonStyles({ variant: 'outline' })}
        >
          {keepLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={pending}
          className={buttonStyles({ variant: 'danger' })}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
