import type { Dispatch, KeyboardEvent } from 'react';
import type { Layer } from '#contract';
import { type EditorAction, nudgeFor } from './editor-state.ts';

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable);

/**
 * The designer's keys: undo and redo anywhere; while no field has the focus,
 * the arrows nudge, Delete removes and Escape unselects the selected layer.
 */
export function onDesignerKeyDown(
  event: KeyboardEvent,
  selected: Layer | null,
  dispatch: Dispatch<EditorAction>,
) {
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && (key === 'z' || key === 'y')) {
    event.preventDefault();
    dispatch({ type: event.shiftKey || key === 'y' ? 'redo' : 'undo' });
    return;
  }
  if (isTyping(event.target) || command || event.altKey) return;
  const nudge = nudgeFor(event.key, event.shiftKey);
  if (nudge && selected) {
    event.preventDefault();
    dispatch({ type: 'nudge', ...nudge });
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
    event.preventDefault();
    dispatch({ type: 'remove' });
  } else if (event.key === 'Escape' && selected) {
    dispatch({ type: 'select', id: null });
  }
}
