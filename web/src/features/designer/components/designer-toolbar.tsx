import type { Dispatch } from 'react';
import { DESIGN_SIDES, type DesignSide } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import type { EditorAction, EditorState } from '../utils/editor-state.ts';

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
        <button
          type="button"
          onClick={() => dispatch({ type: 'undo' })}
          disabled={state.past.length === 0}
          aria-keyshortcuts="Control+Z Meta+Z"
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={() => dispatch({ type: 'redo' })}
          disabled={state.future.length === 0}
          aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z"
          className={buttonStyles({ variant: 'outline', size: 'sm' })}
        >
          Redo
        </button>
      </div>
    </div>
  );
}
