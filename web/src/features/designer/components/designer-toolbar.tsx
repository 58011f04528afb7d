import type { Dispatch } from 'react';
import { DESIGN_SIDES, type DesignSide } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import type { EditorAction, EditorState } from '../utils/editor-state.ts';
import { TOUCH_TARGET } from './touch-target.ts';

export const SIDE_LABEL: Record<DesignSide, string> = { front: 'Front', back: 'Back' };

/** Which side is shown, and undo and redo. */
export function DesignerToolbar({
  state,
  dispatch,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <fieldset className="flex gap-2">
        <legend className="sr-only">Side</legend>
        {DESIGN_SIDES.map((side) => (
          <button
            key={side}
            type="button"
            aria-pressed={state.side === side}
            onClick={() => dispatch({ type: 'setSide', side })}
            className={buttonStyles({
              variant: state.side === side ? 'primary' : 'outline',
              size: 'sm',
              className: TOUCH_TARGET,
            })}
          >
            {SIDE_LABEL[side]}
            {state.design[side].length > 0 ? (
              <span className="sr-only"> ({state.design[side].length} layers)</span>
            ) : null}
          </button>
        ))}
      </fieldset>
      <div className="flex gap-2">
        <HistoryButton
          label="Undo"
          spent={state.past.length === 0}
          keys="Control+Z Meta+Z"
          onClick={() => dispatch({ type: 'undo' })}
        />
        <HistoryButton
          label="Redo"
          spent={state.future.length === 0}
          keys="Shift+Control+Z Shift+Meta+Z"
          onClick={() => dispatch({ type: 'redo' })}
        />
      </div>
    </div>
  );
}

/**
 * Undo or Redo. A spent one is aria-disabled, not disabled: a disabled button
 * drops the focus to the page, outside the designer's keys, so Ctrl+Z would
 * stop working right after the last redo.
 */
function HistoryButton({
  label,
  spent,
  keys,
  onClick,
}: {
  label: string;
  spent: boolean;
  keys: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={spent ? undefined : onClick}
      aria-disabled={spent}
      aria-keyshortcuts={keys}
      className={buttonStyles({
        variant: 'outline',
        size: 'sm',
        className: `${TOUCH_TARGET} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`,
      })}
    >
      {label}
    </button>
  );
}
