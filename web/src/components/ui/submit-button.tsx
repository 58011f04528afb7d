import type { ReactNode } from 'react';
import { buttonStyles } from './button-styles.ts';

type ButtonStyle = NonNullable<Parameters<typeof buttonStyles>[0]>;

interface SubmitButtonProps extends ButtonStyle {
  /** While the form is being sent: the button is disabled and says so. */
  busy: boolean;
  /** What it says while busy, e.g. 'Saving…'. */
  busyLabel: string;
  children: ReactNode;
}

/** A form's submit button: one click sends, and it says what is happening until the answer. */
export function SubmitButton({ busy, busyLabel, children, ...style }: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy} className={buttonStyles(style)}>
      {busy ? busyLabel : children}
    </button>
  );
}
