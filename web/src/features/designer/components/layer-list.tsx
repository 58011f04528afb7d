import type { Dispatch } from 'react';
import { type DesignSide, designColorHex, type Layer } from '#contract';
import type { EditorAction } from '../utils/editor-state.ts';
import { GUARD_MESSAGES, type GuardRails } from '../utils/guard-rails.ts';
import { TOUCH_TARGET } from './touch-target.ts';

/** A layer's name in the list: its text, or 'Image n' counting the side's images. */
function layerName(layer: Layer, layers: readonly Layer[]): string {
  if (layer.type === 'text') return `Text: ${layer.text || '(empty)'}`;
  const images = layers.filter((other) => other.type === 'image');
  return `Image ${images.indexOf(layer) + 1}`;
}

/** The side's layers, top last, each flagged when it is outside or low resolution. */
export function LayerList({
  side,
  layers,
  selectedId,
  guard,
  dispatch,
}: {
  side: DesignSide;
  layers: readonly Layer[];
  selectedId: string | null;
  guard: GuardRails;
  dispatch: Dispatch<EditorAction>;
}) {
  if (layers.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold text-ink-900">
        Layers on the {side} <span className="font-normal">(top last)</span>
      </h2>
      <ul className="mt-2 space-y-1.5">
        {layers.map((layer) => (
          <li key={layer.id}>
            <button
              type="button"
              aria-pressed={layer.id === selectedId}
              onClick={() =>
                dispatch({
                  type: 'select',
                  id: layer.id === selectedId ? null : layer.id,
                })
              }
              className={`${TOUCH_TARGET} flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm ${
                layer.id === selectedId
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-ink-200 bg-white hover:border-ink-400'
              }`}
            >
              {layer.type === 'text' ? (
                <span
                  aria-hidden="true"
                  className="size-4 shrink-0 rounded-full border border-ink-300"
                  style={{ backgroundColor: designColorHex(layer.colorId) }}
                />
              ) : null}
              <span className="min-w-0 flex-1 truncate">{layerName(layer, layers)}</span>
              {guard.outside.has(layer.id) ? (
                <span className="shrink-0 text-xs font-semibold text-red-700">
                  {GUARD_MESSAGES.outsideLayer}
                </span>
              ) : guard.lowDpi.has(layer.id) ? (
                <span className="shrink-0 text-xs font-semibold text-amber-800">
                  Low resolution
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
