import type { Dispatch } from 'react';
import type { Layer } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import type { EditorAction } from '../utils/editor-state.ts';
import { GUARD_MESSAGES, type GuardRails } from '../utils/guard-rails.ts';
import { LayerControls } from './layer-controls.tsx';
import { TOUCH_TARGET } from './touch-target.ts';

/** The selected layer's order, centring and deletion, its warning and its controls. */
export function SelectedLayerPanel({
  selected,
  layers,
  area,
  guard,
  dispatch,
}: {
  selected: Layer;
  layers: readonly Layer[];
  area: { widthMm: number; heightMm: number };
  guard: GuardRails;
  dispatch: Dispatch<EditorAction>;
}) {
  return (
    <div className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => dispatch({ type: 'bringForward' })}
          disabled={layers.at(-1)?.id === selected.id}
          className={buttonStyles({
            variant: 'outline',
            size: 'sm',
            className: `px-3 ${TOUCH_TARGET}`,
          })}
        >
          Bring forward
        </button>
        <button
          type="button"
          onClick={() => dispatch({ type: 'sendBackward' })}
          disabled={layers[0]?.id === selected.id}
          className={buttonStyles({
            variant: 'outline',
            size: 'sm',
            className: `px-3 ${TOUCH_TARGET}`,
          })}
        >
          Send back
        </button>
        <button
          type="button"
          onClick={() =>
            dispatch({
              type: 'update',
              id: selected.id,
              patch: { xMm: area.widthMm / 2, yMm: area.heightMm / 2 },
            })
          }
          className={buttonStyles({
            variant: 'outline',
            size: 'sm',
            className: `px-3 ${TOUCH_TARGET}`,
          })}
        >
          Centre on print area
        </button>
        <button
          type="button"
          onClick={() => dispatch({ type: 'remove' })}
          className={buttonStyles({
            variant: 'danger',
            size: 'sm',
            className: `px-3 ${TOUCH_TARGET}`,
          })}
        >
          Delete layer
        </button>
      </div>
      {guard.lowDpi.has(selected.id) ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {GUARD_MESSAGES.lowDpi(guard.lowDpi.get(selected.id) ?? 0)}
        </p>
      ) : null}
      <LayerControls key={selected.id} layer={selected} dispatch={dispatch} />
    </div>
  );
}
