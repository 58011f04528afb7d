import {
  DESIGN_LIMITS,
  type Design,
  type DesignSide,
  type ImageLayer,
  type Layer,
  type NamesAndNumbers,
  type PrintArea,
  type TextLayer,
} from '#contract';

/** How far one arrow key moves a layer, in print-area millimetres (Shift: the bigger step). */
export const NUDGE_MM = { step: 1, big: 10 } as const;
/** A dragged layer's centre within this distance of a centre line lands on it. */
export const SNAP_MM = 4;
/** Undo goes back this many steps at most. */
export const HISTORY_LIMIT = 100;

export const EMPTY_DESIGN: Design = { front: [], back: [] };

export interface EditorState {
  design: Design;
  side: DesignSide;
  selectedId: string | null;
  past: Design[];
  future: Design[];
  /** The design before the current drag (one undo step for the whole gesture), else null. */
  gestureStart: Design | null;
  /**
   * The last edit's merge key: a run of edits with the same key (typing in
   * 'Text', dragging a slider) is one undo step.
   */
  mergeKey: string | null;
}

export type LayerPatch = Partial<Omit<TextLayer, 'id' | 'type'>> &
  Partial<Omit<ImageLayer, 'id' | 'type'>>;

export type EditorAction =
  | { type: 'load'; design: Design }
  | { type: 'setSide'; side: DesignSide }
  /** Names and numbers on the back in this lettering, or none (null). */
  | { type: 'setNamesAndNumbers'; lettering: NamesAndNumbers | null }
  | { type: 'select'; id: string | null }
  | { type: 'add'; layer: Layer }
  | { type: 'update'; id: string; patch: LayerPatch; mergeKey?: string }
  | { type: 'gesture'; id: string; patch: LayerPatch }
  | { type: 'endGesture' }
  | { type: 'nudge'; dxMm: number; dyMm: number }
  | { type: 'remove' }
  | { type: 'bringForward' }
  | { type: 'sendBackward' }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialEditorState(design: Design = EMPTY_DESIGN): EditorState {
  return {
    design,
    side:
      design.front.length === 0 && (design.back.length > 0 || design.namesAndNumbers)
        ? 'back'
        : 'front',
    selectedId: null,
    past: [],
    future: [],
    gestureStart: null,
    mergeKey: null,
  };
}

export function selectedLayer(state: EditorState): Layer | null {
  return state.design[state.side].find((layer) => layer.id === state.selectedId) ?? null;
}

const withSide = (design: Design, side: DesignSide, layers: Layer[]): Design => ({
  ...design,
  [side]: layers,
});

export const patchLayer = (layers: Layer[], id: string, patch: LayerPatch): Layer[] =>
  layers.map((layer) => (layer.id === id ? ({ ...layer, ...patch } as Layer) : layer));

/** Whether the patch would leave the layer as it is. */
const changesNothing = (layers: readonly Layer[], id: string, patch: LayerPatch) => {
  const layer = layers.find((candidate) => candidate.id === id) as
    | Record<string, unknown>
    | undefined;
  return !layer || Object.entries(patch).every(([key, value]) => layer[key] === value);
};

/** A new design as one undo step (the redo branch is dropped). */
function commit(state: EditorState, design: Design, mergeKey: string | null = null): EditorState {
  if (design === state.design) return state;
  const merging = mergeKey !== null && mergeKey === state.mergeKey;
  return {
    ...state,
    design,
    past: merging ? state.past : [...state.past, state.design].slice(-HISTORY_LIMIT),
    future: [],
    mergeKey,
  };
}

/** The selected layer moved by `offset` places in the side's z-order (clamped). */
function restack(state: EditorState, offset: 1 | -1): EditorState {
  const layers = state.design[state.side];
  const index = layers.findIndex((layer) => layer.id === state.selectedId);
  const target = index + offset;
  if (index < 0 || target < 0 || target >= layers.length) return state;
  const next = [...layers];
  [next[index], next[target]] = [next[target] as Layer, next[index] as Layer];
  return commit(state, withSide(state.design, state.side, next));
}

/**
 * The designer's whole editing state as one reducer: the design, the side on
 * show, the selection and the undo history. Pure, so every gesture, key and
 * button is tested without a browser.
 */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const layers = state.design[state.side];
  switch (action.type) {
    case 'load':
      return initialEditorState(action.design);
    case 'setSide':
      return { ...state, side: action.side, selectedId: null, mergeKey: null };
    case 'select':
      return { ...state, selectedId: action.id, mergeKey: null };
    case 'setNamesAndNumbers': {
      const { namesAndNumbers: _dropped, ...rest } = state.design;
      return commit(
        { ...state, side: 'back', selectedId: null },
        action.lettering ? { ...rest, namesAndNumbers: action.lettering } : rest,
      );
    }
    case 'add':
      if (layers.length >= DESIGN_LIMITS.layersPerSide) return state;
      return {
        ...commit(state, withSide(state.design, state.side, [...layers, action.layer])),
        selectedId: action.layer.id,
      };
    case 'update':
      return commit(
        state,
        withSide(state.design, state.side, patchLayer(layers, action.id, action.patch)),
        action.mergeKey ? `${action.id}:${action.mergeKey}` : null,
      );
    case 'gesture':
      // No history until the gesture ends. The first change remembers where
      // the drag began; a result that changes nothing (a press alone, or a
      // lift sent again) starts nothing, so it costs no render and no undo step.
      if (changesNothing(layers, action.id, action.patch)) return state;
      return {
        ...state,
        gestureStart: state.gestureStart ?? state.design,
        mergeKey: null,
        design: withSide(state.design, state.side, patchLayer(layers, action.id, action.patch)),
      };
    case 'endGesture': {
      const start = state.gestureStart;
      if (!start) return state;
      const ended = { ...state, gestureStart: null };
      return start === state.design
        ? ended
        : { ...ended, past: [...state.past, start].slice(-HISTORY_LIMIT), future: [] };
    }
    case 'nudge': {
      const layer = selectedLayer(state);
      if (!layer) return state;
      return commit(
        state,
        withSide(
          state.design,
          state.side,
          patchLayer(layers, layer.id, {
            xMm: round(layer.xMm + action.dxMm),
            yMm: round(layer.yMm + action.dyMm),
          }),
        ),
        `${layer.id}:nudge`,
      );
    }
    case 'remove': {
      if (!selectedLayer(state)) return state;
      return {
        ...commit(
          state,
          withSide(
            state.design,
            state.side,
            layers.filter((layer) => layer.id !== state.selectedId),
          ),
        ),
        selectedId: null,
      };
    }
    case 'bringForward':
      return restack(state, 1);
    case 'sendBackward':
      return restack(state, -1);
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        design: previous,
        past: state.past.slice(0, -1),
        future: [state.design, ...state.future],
        mergeKey: null,
        selectedId: keepSelection(previous, state),
      };
    }
    case 'redo': {
      const [next, ...future] = state.future;
      if (!next) return state;
      return {
        ...state,
        design: next,
        past: [...state.past, state.design],
        future,
        mergeKey: null,
        selectedId: keepSelection(next, state),
      };
    }
  }
}

/** The selection survives undo/redo only while its layer still exists on the side. */
function keepSelection(design: Design, state: EditorState): string | null {
  return design[state.side].some((layer) => layer.id === state.selectedId)
    ? state.selectedId
    : null;
}

/** Millimetres to a tenth: positions stay readable and free of float dust. */
export function round(mm: number): number {
  return Math.round(mm * 10) / 10;
}

/**
 * A dragged centre pulled onto the print area's vertical and horizontal
 * centre lines when it comes within {@link SNAP_MM}; says which lines it snapped to.
 */
export function snapToCentre(
  xMm: number,
  yMm: number,
  area: PrintArea,
): { xMm: number; yMm: number; snappedX: boolean; snappedY: boolean } {
  const centreX = area.widthMm / 2;
  const centreY = area.heightMm / 2;
  const snappedX = Math.abs(xMm - centreX) <= SNAP_MM;
  const snappedY = Math.abs(yMm - centreY) <= SNAP_MM;
  return {
    xMm: snappedX ? centreX : round(xMm),
    yMm: snappedY ? centreY : round(yMm),
    snappedX,
    snappedY,
  };
}

/** An arrow key as a nudge (Shift: the bigger step), or null for any other key. */
export function nudgeFor(key: string, shift: boolean): { dxMm: number; dyMm: number } | null {
  const step = shift ? NUDGE_MM.big : NUDGE_MM.step;
  switch (key) {
    case 'ArrowLeft':
      return { dxMm: -step, dyMm: 0 };
    case 'ArrowRight':
      return { dxMm: step, dyMm: 0 };
    case 'ArrowUp':
      return { dxMm: 0, dyMm: -step };
    case 'ArrowDown':
      return { dxMm: 0, dyMm: step };
    default:
      return null;
  }
}
