import {
  type CSSProperties,
  type Dispatch,
  memo,
  type PointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  DESIGN_LIMITS,
  type Layer,
  layersOutsidePrintArea,
  MOCKUP_SIZE_MM,
  type PrintArea,
  type TextLayer,
} from '#contract';
import { renderDesignSvg } from '#contract/design-render';
import { prefixSvgIds } from '#web/components/ui/design-thumbnail.tsx';
import {
  layerBox,
  layersAt,
  type PointMm,
  pinchedLayer,
  rotationTowards,
  scaledLayer,
  sizeRatio,
  tappedLayer,
} from '../utils/canvas-gestures.ts';
import {
  type EditorAction,
  type EditorState,
  type LayerPatch,
  snapToCentre,
} from '../utils/editor-state.ts';
import type { DesignImageInfo } from '../utils/guard-rails.ts';
import { GarmentMockup } from './garment-mockup.tsx';

const { widthMm: MOCKUP_W, heightMm: MOCKUP_H } = MOCKUP_SIZE_MM;
/** Handles' hit areas are this many CSS pixels across whatever the mock-up's size (a fingertip, WCAG 2.5.5). */
const HANDLE_PX = 44;
/** A press that travels less than this (CSS px) before it lifts is a tap. */
const TAP_SLOP_PX = 8;
/** Two taps on a text layer within this time (ms) edit it in place. */
const DOUBLE_TAP_MS = 400;

/** One finger (or the mouse) on a layer or a handle. */
interface PointerDrag {
  mode: 'move' | 'scale' | 'rotate';
  pointerId: number;
  layer: Layer;
  /** Pointer minus the layer's centre at the start (move), in print-area mm. */
  offsetXMm: number;
  offsetYMm: number;
  /** Pointer's distance from the centre at the start (scale). */
  startDistanceMm: number;
  /** Where the press began (CSS px), the layers under it and whether its layer was already selected: a tap's answer. */
  startX: number;
  startY: number;
  hits: Layer[];
  wasSelected: boolean;
  moved: boolean;
  /** What the drag makes of the layer so far (null until it moves). */
  patch: LayerPatch | null;
  snappedX: boolean;
  snappedY: boolean;
}

/** Two fingers on the canvas: the selected layer as they landed, where they landed, and what they make of it so far. */
interface Pinch {
  mode: 'pinch';
  layer: Layer;
  pointerIds: [number, number];
  from: [PointMm, PointMm];
  patch: LayerPatch | null;
}

/** The layer a gesture is changing and how, drawn by the canvas alone until the finger, mouse or fingers lift. */
interface GesturePreview {
  id: string;
  patch: LayerPatch;
  /** The centre lines a moved layer snapped to. */
  snappedX: boolean;
  snappedY: boolean;
}

/** Mock-up millimetres kept around the print area when the canvas is cropped on a phone. */
const PHONE_CROP_MARGIN_MM = 50;

/**
 * The canvas box's aspect and, below the `sm` breakpoint, the crop that
 * shows the print area and a margin around it instead of the whole tee (the
 * print area gets about a third more of a phone's width), as CSS variables.
 */
function phoneCrop(area: PrintArea): CSSProperties {
  const left = Math.max(0, area.xMm - PHONE_CROP_MARGIN_MM);
  const top = Math.max(0, area.yMm - PHONE_CROP_MARGIN_MM);
  const width = Math.min(MOCKUP_W, area.xMm + area.widthMm + PHONE_CROP_MARGIN_MM) - left;
  const height = Math.min(MOCKUP_H, area.yMm + area.heightMm + PHONE_CROP_MARGIN_MM) - top;
  return {
    '--mockup-aspect': `${MOCKUP_W} / ${MOCKUP_H}`,
    '--crop-left': `${(-left / width) * 100}%`,
    '--crop-top': `${(-top / height) * 100}%`,
    '--crop-width': `${(MOCKUP_W / width) * 100}%`,
    '--crop-aspect': `${width} / ${height}`,
  } as CSSProperties;
}

interface DesignCanvasProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  printArea: PrintArea;
  garment: string;
  images: ReadonlyMap<string, DesignImageInfo>;
  /** Layers reaching outside the print area (flagged in red). */
  outside: ReadonlySet<string>;
  /** A roster row's name and number, drawn over the side but not editable (issue 29). */
  lettering?: readonly Layer[];
}

/**
 * The mock-up with the side's design drawn by the contract's renderer (the
 * same SVG the print file is made from) and, on top, the selection: drag a
 * layer to move it (snapping to the centre lines), the corner handle to scale,
 * the top handle to rotate. Mouse, pen and touch alike (pointer events).
 *
 * Were each frame of a gesture given to the designer, the whole designer
 * (tools, layer list, price, guard rails) would be drawn again, and for a
 * pinch or a scale the layer's art too. While a drag, a handle's drag or a
 * pinch lasts the canvas keeps it to itself, one render a frame: the layer's
 * art, as it was, is moved, turned and scaled by its transform, and the
 * designer gets the result once, when the finger, mouse or fingers lift
 * (issue 28: 60 fps on a phone; decision 064).
 */
export function DesignCanvas({
  state,
  dispatch,
  printArea,
  garment,
  images,
  outside,
  lettering = [],
}: DesignCanvasProps) {
  const overlay = useRef<SVGSVGElement>(null);
  const drag = useRef<PointerDrag | Pinch | null>(null);
  /** Every finger (or the mouse) down on the canvas, in print-area mm. */
  const pointers = useRef(new Map<number, PointMm>());
  const lastTap = useRef<{ id: string; time: number } | null>(null);
  const frame = useRef<number | null>(null);
  const [preview, setPreview] = useState<GesturePreview | null>(null);
  const [mmPerPx, setMmPerPx] = useState(1);
  const [editingId, setEditingId] = useState<string | null>(null);
  const layers = state.design[state.side];

  useEffect(() => {
    const element = overlay.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setMmPerPx(MOCKUP_W / width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const imageHref = (imageId: string) => images.get(imageId)?.url ?? '';
  /** The pointer in print-area millimetres. */
  const pointerMm = (event: PointerEvent): PointMm => {
    const rect = overlay.current?.getBoundingClientRect();
    const scale = rect && rect.width > 0 ? MOCKUP_W / rect.width : 1;
    return {
      xMm: (event.clientX - (rect?.left ?? 0)) * scale - printArea.xMm,
      yMm: (event.clientY - (rect?.top ?? 0)) * scale - printArea.yMm,
    };
  };

  const begin = (
    mode: PointerDrag['mode'],
    layer: Layer,
    event: PointerEvent,
    hits: Layer[] = [layer],
  ) => {
    const at = pointerMm(event);
    overlay.current?.setPointerCapture?.(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      layer,
      offsetXMm: at.xMm - layer.xMm,
      offsetYMm: at.yMm - layer.yMm,
      startDistanceMm: Math.max(1, Math.hypot(at.xMm - layer.xMm, at.yMm - layer.yMm)),
      startX: event.clientX,
      startY: event.clientY,
      hits,
      wasSelected: state.selectedId === layer.id,
      moved: false,
      patch: null,
      snappedX: false,
      snappedY: false,
    };
    if (state.selectedId !== layer.id) dispatch({ type: 'select', id: layer.id });
  };

  /** A handle's press: scale or rotate the selected layer. */
  const startHandle = (mode: 'scale' | 'rotate', layer: Layer) => (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    pointers.current.set(event.pointerId, pointerMm(event));
    begin(mode, layer, event);
  };

  /**
   * A press on the canvas: a second finger starts a pinch of the selected
   * layer; else the selected layer under the finger moves (so a layer under
   * another can be dragged once picked), or the top one, or nothing is selected.
   */
  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    // Only when there is an editor to close: a press that changes nothing renders nothing.
    if (editingId !== null) setEditingId(null);
    const at = pointerMm(event);
    pointers.current.set(event.pointerId, at);
    const current = drag.current;
    if (pointers.current.size === 2 && current?.mode !== 'pinch') {
      const id = current?.layer.id ?? state.selectedId;
      const found = layers.find((candidate) => candidate.id === id);
      const [first, second] = [...pointers.current.entries()];
      if (!found || !first || !second) return;
      // The pinch carries on from where the first finger has moved the layer so far.
      const layer = current?.patch ? ({ ...found, ...current.patch } as Layer) : found;
      overlay.current?.setPointerCapture?.(event.pointerId);
      drag.current = {
        mode: 'pinch',
        layer,
        pointerIds: [first[0], second[0]],
        from: [first[1], second[1]],
        patch: current?.patch ?? null,
      };
      return;
    }
    if (pointers.current.size > 1) return;
    const hits = layersAt(layers, at, HANDLE_PX * mmPerPx);
    const target = hits.find((layer) => layer.id === state.selectedId) ?? hits[0];
    if (!target) {
      dispatch({ type: 'select', id: null });
      return;
    }
    begin('move', target, event, hits);
  };

  /** What the gesture's pointers, as they are now, make of its layer as it was when it began. */
  const gesturePatch = (current: PointerDrag | Pinch): LayerPatch | null => {
    const { layer } = current;
    if (current.mode === 'pinch') {
      const [a, b] = current.pointerIds.map((id) => pointers.current.get(id));
      return a && b ? pinchedLayer(layer, current.from, [a, b]) : null;
    }
    const at = pointers.current.get(current.pointerId);
    if (!at) return null;
    if (current.mode === 'move') {
      const next = snapToCentre(at.xMm - current.offsetXMm, at.yMm - current.offsetYMm, printArea);
      current.snappedX = next.snappedX;
      current.snappedY = next.snappedY;
      return { xMm: next.xMm, yMm: next.yMm };
    }
    if (current.mode === 'scale') {
      const ratio = Math.hypot(at.xMm - layer.xMm, at.yMm - layer.yMm) / current.startDistanceMm;
      return scaledLayer(layer, ratio);
    }
    return { rotationDeg: rotationTowards(at.xMm - layer.xMm, at.yMm - layer.yMm) };
  };

  /** The gesture as it stands, drawn: one canvas render a frame, however many moves it had. */
  const applyGesture = () => {
    frame.current = null;
    const current = drag.current;
    if (!current) return;
    const patch = gesturePatch(current);
    if (!patch) return;
    current.patch = patch;
    const snappedX = current.mode === 'move' && current.snappedX;
    const snappedY = current.mode === 'move' && current.snappedY;
    setPreview({ id: current.layer.id, patch, snappedX, snappedY });
  };

  const onPointerMove = (event: PointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, pointerMm(event));
    const current = drag.current;
    if (!current) return;
    if (current.mode !== 'pinch') {
      if (current.pointerId !== event.pointerId) return;
      if (
        !current.moved &&
        Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < TAP_SLOP_PX
      )
        return;
      current.moved = true;
    }
    frame.current ??= requestAnimationFrame(applyGesture);
  };

  /** A tap on a layer: twice quickly on text edits it in place, again on the selected one picks the one below. */
  const onTap = (tap: PointerDrag, time: number) => {
    const previous = lastTap.current;
    const doubled = previous && time - previous.time < DOUBLE_TAP_MS;
    const doubledLayer = doubled ? layers.find((layer) => layer.id === previous.id) : undefined;
    if (doubledLayer?.type === 'text') {
      lastTap.current = null;
      dispatch({ type: 'select', id: doubledLayer.id });
      setEditingId(doubledLayer.id);
      return;
    }
    const picked = tap.wasSelected ? tappedLayer(tap.hits, tap.layer.id) : tap.layer;
    if (picked && picked.id !== tap.layer.id) dispatch({ type: 'select', id: picked.id });
    lastTap.current = picked ? { id: picked.id, time } : null;
  };

  /** The gesture's result to the designer: one render of it and one undo step. */
  const finish = (current: PointerDrag | Pinch) => {
    drag.current = null;
    setPreview(null);
    if (current.patch) dispatch({ type: 'gesture', id: current.layer.id, patch: current.patch });
    dispatch({ type: 'endGesture' });
  };

  const end = (event: PointerEvent) => {
    if (frame.current !== null && pointers.current.has(event.pointerId)) {
      // The last move before the lift is not lost to the frame it waited for.
      cancelAnimationFrame(frame.current);
      applyGesture();
    }
    if (!pointers.current.delete(event.pointerId)) return;
    const current = drag.current;
    if (!current) return;
    // A pinch ends with its first lifted finger; the other one stays still.
    if (current.mode !== 'pinch' && current.pointerId !== event.pointerId) return;
    finish(current);
    if (current.mode === 'move' && !current.moved && event.type === 'pointerup')
      onTap(current, event.timeStamp);
  };

  /** A layer where it shows: the gesture's preview applied to the layer it changes. */
  const shown = (layer: Layer): Layer =>
    preview?.id === layer.id ? ({ ...layer, ...preview.patch } as Layer) : layer;
  /** Where a layer's art sits: its place and turn, and while scaled or pinched the size the gesture gives it. */
  const artTransform = (layer: Layer) => {
    const { xMm, yMm, rotationDeg } = shown(layer);
    const ratio = preview?.id === layer.id ? sizeRatio(layer, preview.patch) : 1;
    return `translate(${xMm} ${yMm}) rotate(${rotationDeg})${ratio === 1 ? '' : ` scale(${ratio})`}`;
  };
  /** The designer's flags, and the previewed layer's own as it moves (it is flagged as it leaves the print area). */
  const isOutside = (layer: Layer) =>
    preview?.id === layer.id
      ? layersOutsidePrintArea([layer], printArea).length > 0
      : outside.has(layer.id);
  const handleMm = HANDLE_PX * mmPerPx;
  const found = layers.find((layer) => layer.id === state.selectedId);
  const selected = found && shown(found);
  const editing = layers.find((layer) => layer.id === editingId);

  return (
    <div
      className="relative aspect-(--mockup-aspect) w-full select-none max-sm:overflow-hidden max-sm:aspect-(--crop-aspect) max-sm:h-[42svh] max-sm:w-auto"
      style={phoneCrop(printArea)}
      data-testid="design-canvas"
    >
      <div className="absolute inset-0 max-sm:inset-auto max-sm:top-(--crop-top) max-sm:left-(--crop-left) max-sm:aspect-(--mockup-aspect) max-sm:w-(--crop-width)">
        <GarmentMockup side={state.side} hex={garment} printArea={printArea} />
        <svg
          viewBox={`0 0 ${printArea.widthMm} ${printArea.heightMm}`}
          className="absolute overflow-visible"
          style={{
            left: `${(printArea.xMm / MOCKUP_W) * 100}%`,
            top: `${(printArea.yMm / MOCKUP_H) * 100}%`,
            width: `${(printArea.widthMm / MOCKUP_W) * 100}%`,
            height: `${(printArea.heightMm / MOCKUP_H) * 100}%`,
          }}
          aria-hidden="true"
          data-testid="design-preview"
        >
          {[...layers, ...lettering].map((layer) => (
            <g key={layer.id} transform={artTransform(layer)}>
              <LayerArt
                layer={layer}
                printArea={printArea}
                imageHref={imageHref(layer.type === 'image' ? layer.imageId : '')}
              />
            </g>
          ))}
        </svg>
        <svg
          ref={overlay}
          viewBox={`0 0 ${MOCKUP_W} ${MOCKUP_H}`}
          className="absolute inset-0 size-full"
          style={{ touchAction: 'none' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={end}
          onPointerCancel={end}
          aria-hidden="true"
          data-testid="design-overlay"
        >
          <g transform={`translate(${printArea.xMm} ${printArea.yMm})`}>
            {preview?.snappedX ? (
              <line
                x1={printArea.widthMm / 2}
                x2={printArea.widthMm / 2}
                y1={0}
                y2={printArea.heightMm}
                stroke="#db2777"
                strokeWidth={mmPerPx}
              />
            ) : null}
            {preview?.snappedY ? (
              <line
                x1={0}
                x2={printArea.widthMm}
                y1={printArea.heightMm / 2}
                y2={printArea.heightMm / 2}
                stroke="#db2777"
                strokeWidth={mmPerPx}
              />
            ) : null}
            {layers.map(shown).map((layer) => {
              const { widthMm, heightMm } = layerBox(layer);
              const flagged = isOutside(layer);
              return (
                <g
                  key={layer.id}
                  transform={`translate(${layer.xMm} ${layer.yMm}) rotate(${layer.rotationDeg})`}
                >
                  <rect
                    x={-widthMm / 2}
                    y={-heightMm / 2}
                    width={widthMm}
                    height={heightMm}
                    fill="transparent"
                    stroke={flagged ? '#dc2626' : layer.id === selected?.id ? '#4f46e5' : 'none'}
                    strokeWidth={2 * mmPerPx}
                    strokeDasharray={flagged ? `${6 * mmPerPx} ${4 * mmPerPx}` : undefined}
                    style={{ cursor: 'move' }}
                    data-testid={`layer-${layer.id}`}
                  />
                </g>
              );
            })}
            {selected ? (
              <SelectionHandles
                layer={selected}
                handleMm={handleMm}
                onScale={startHandle('scale', selected)}
                onRotate={startHandle('rotate', selected)}
              />
            ) : null}
          </g>
        </svg>
        {editing?.type === 'text' ? (
          <InPlaceTextEditor
            layer={editing}
            printArea={printArea}
            mmPerPx={mmPerPx}
            dispatch={dispatch}
            onDone={() => setEditingId(null)}
          />
        ) : null}
      </div>
    </div>
  );
}

interface SelectionHandlesProps {
  layer: Layer;
  handleMm: number;
  onScale: (event: PointerEvent) => void;
  onRotate: (event: PointerEvent) => void;
}

function SelectionHandles({ layer, handleMm, onScale, onRotate }: SelectionHandlesProps) {
  const { widthMm, heightMm } = layerBox(layer);
  // Each handle is drawn about half its size, within a transparent hit area a finger covers.
  const radius = handleMm / 2;
  const rotateY = -heightMm / 2 - handleMm * 1.2;
  const stroke = { stroke: '#4f46e5', strokeWidth: radius / 8 };
  return (
    <g transform={`translate(${layer.xMm} ${layer.yMm}) rotate(${layer.rotationDeg})`}>
      <line x1={0} x2={0} y1={-heightMm / 2} y2={rotateY} {...stroke} />
      <circle cx={0} cy={rotateY} r={radius * 0.55} fill="#ffffff" {...stroke} />
      <circle
        cx={0}
        cy={rotateY}
        r={radius}
        fill="transparent"
        style={{ cursor: 'grab' }}
        onPointerDown={onRotate}
        data-testid="rotate-handle"
      />
      <rect
        x={widthMm / 2 - radius * 0.55}
        y={heightMm / 2 - radius * 0.55}
        width={radius * 1.1}
        height={radius * 1.1}
        fill="#ffffff"
        {...stroke}
      />
      <rect
        x={widthMm / 2 - radius}
        y={heightMm / 2 - radius}
        width={radius * 2}
        height={radius * 2}
        fill="transparent"
        style={{ cursor: 'nwse-resize' }}
        onPointerDown={onScale}
        data-testid="scale-handle"
      />
    </g>
  );
}

interface InPlaceTextEditorProps {
  layer: TextLayer;
  printArea: PrintArea;
  mmPerPx: number;
  dispatch: Dispatch<EditorAction>;
  onDone: () => void;
}

/**
 * The text layer's words edited where they sit (a double tap): a field over
 * the layer, its typing one undo step, closed by Enter, Escape or leaving it.
 * At least 16 px so a phone does not zoom into it.
 */
function InPlaceTextEditor({
  layer,
  printArea,
  mmPerPx,
  dispatch,
  onDone,
}: InPlaceTextEditorProps) {
  const { widthMm } = layerBox(layer);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      aria-label="Edit the text on the tee"
      data-testid="in-place-text"
      value={layer.text}
      maxLength={DESIGN_LIMITS.textMaxLength}
      onChange={(event) =>
        dispatch({
          type: 'update',
          id: layer.id,
          patch: { text: event.target.value },
          mergeKey: 'text',
        })
      }
      onBlur={onDone}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') onDone();
      }}
      className="absolute rounded-md border-2 border-brand-600 bg-white/90 px-2 text-center text-ink-900 shadow-lg outline-none"
      style={{
        left: `${((printArea.xMm + layer.xMm) / MOCKUP_W) * 100}%`,
        top: `${((printArea.yMm + layer.yMm) / MOCKUP_H) * 100}%`,
        width: `${(Math.min(MOCKUP_W, Math.max(widthMm + 40, 200)) / MOCKUP_W) * 100}%`,
        minHeight: 44,
        fontSize: Math.min(32, Math.max(16, layer.fontSizeMm / mmPerPx)),
        transform: `translate(-50%, -50%) rotate(${layer.rotationDeg}deg)`,
      }}
    />
  );
}

interface LayerArtProps {
  layer: Layer;
  printArea: PrintArea;
  /** The image layer's picture address ('' for text). */
  imageHref: string;
}

/** Everything about a layer but where it sits: moving or turning it never redraws it. */
const artKey = (layer: Layer) => JSON.stringify({ ...layer, xMm: 0, yMm: 0, rotationDeg: 0 });

/**
 * One layer drawn by the contract's renderer at the origin; the canvas places
 * it with its own transform (the renderer's own: translate, then rotate), so a
 * drag changes one attribute instead of re-parsing the side (and re-decoding
 * its images) on every pointer move.
 */
const LayerArt = memo(
  function LayerArt({ layer, printArea, imageHref }: LayerArtProps) {
    // Memo (below) skips this while only the position changes.
    const svg = renderDesignSvg([{ ...layer, xMm: 0, yMm: 0, rotationDeg: 0 }], printArea, {
      imageHref: () => imageHref,
    });
    const markup = prefixSvgIds(
      svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, ''),
      `layer-${layer.id}`,
    );
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the one renderer's SVG, shared with the print file
    return <g dangerouslySetInnerHTML={{ __html: markup }} />;
  },
  (before, after) =>
    before.imageHref === after.imageHref &&
    before.printArea === after.printArea &&
    artKey(before.layer) === artKey(after.layer),
);
