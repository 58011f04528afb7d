import {
  type CSSProperties,
  type Dispatch,
  memo,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
} from 'react';
import {
  DESIGN_LIMITS,
  type GarmentKind,
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
  patchLayer,
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
  /** The layer as the designer has it, drawn where it was when the gesture began. */
  drawn: Layer;
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
  drawn: Layer;
  pointerIds: [number, number];
  from: [PointMm, PointMm];
  patch: LayerPatch | null;
}

/** The box the design's layers are drawn in: the print area, as shares of the mock-up. */
function printAreaBox(area: PrintArea): CSSProperties {
  return {
    left: `${(area.xMm / MOCKUP_W) * 100}%`,
    top: `${(area.yMm / MOCKUP_H) * 100}%`,
    width: `${(area.widthMm / MOCKUP_W) * 100}%`,
    height: `${(area.heightMm / MOCKUP_H) * 100}%`,
  };
}

/** A layer's centre as shares of the print area: the point a gesture turns and scales its layer about. */
const pivot = (layer: Layer, area: PrintArea) =>
  `${(layer.xMm / area.widthMm) * 100}% ${(layer.yMm / area.heightMm) * 100}%`;

/**
 * The CSS transform taking a layer drawn as `drawn` to where a gesture puts
 * it (`moved`), about the drawn layer's centre (its `pivot`): carried, turned
 * and scaled. Shares of the print area, so it needs no pixel size.
 */
function gestureTransform(drawn: Layer, moved: Layer, area: PrintArea): string {
  const dx = ((moved.xMm - drawn.xMm) / area.widthMm) * 100;
  const dy = ((moved.yMm - drawn.yMm) / area.heightMm) * 100;
  const turn = moved.rotationDeg - drawn.rotationDeg;
  return `translate(${dx}%, ${dy}%) rotate(${turn}deg) scale(${sizeRatio(drawn, moved)})`;
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
  /** The garment the design is on, and its colour. */
  garment: GarmentKind;
  garmentHex: string;
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
 * The selected layer's art and its selection box each sit in a layer of their
 * own (`will-change: transform`), between the layers under and over it. While
 * a drag, a handle's drag or a pinch lasts, the canvas moves, turns and scales
 * those two by a CSS transform written once a frame, outside React: the
 * compositor moves what is already drawn, and nothing renders, lays out or
 * paints again. The designer gets the result once, when the finger, mouse or
 * fingers lift, as a transition: its render is cut in slices that leave the
 * frames drawn, and the art stays where the gesture left it by the same
 * transform until that render lands (issue 28: 60 fps on a phone; decision 075).
 */
export function DesignCanvas({
  state,
  dispatch,
  printArea,
  garment,
  garmentHex,
  images,
  outside,
  lettering = [],
}: DesignCanvasProps) {
  const overlay = useRef<SVGSVGElement>(null);
  const selectedArt = useRef<HTMLDivElement>(null);
  const selection = useRef<HTMLDivElement>(null);
  const snapLineX = useRef<SVGLineElement>(null);
  const snapLineY = useRef<SVGLineElement>(null);
  const drag = useRef<PointerDrag | Pinch | null>(null);
  /** Every finger (or the mouse) down on the canvas, in print-area mm. */
  const pointers = useRef(new Map<number, PointMm>());
  /** Where the overlay sits on screen, read at a gesture's first press: a move then reads no layout. */
  const place = useRef<DOMRect | null>(null);
  const lastTap = useRef<{ id: string; time: number } | null>(null);
  const frame = useRef<number | null>(null);
  /** A lift's result on its way to the designer: its layer is held by its transform until it lands. */
  const lifted = useRef<{ id: string; patch: LayerPatch } | null>(null);
  const [liftPending, startLift] = useTransition();
  const [mmPerPx, setMmPerPx] = useState(1);
  const [editingId, setEditingId] = useState<string | null>(null);
  const layers = state.design[state.side];
  const selectedIndex = layers.findIndex((layer) => layer.id === state.selectedId);
  const selected = layers[selectedIndex];
  const selectedOutside = selected ? outside.has(selected.id) : false;

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

  // The lift's render has landed: the layer is drawn where the gesture left it, so the
  // transform holding it there goes (or, in a gesture begun since, is taken from there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lift lands, reading refs
  useLayoutEffect(() => {
    if (liftPending || !lifted.current) return;
    lifted.current = null;
    drawGesture(drag.current);
  }, [liftPending]);

  // The selection's flag as the designer has it, once no lift is on its way; a gesture sets
  // it as the layer moves (see drawGesture).
  useLayoutEffect(() => {
    if (selection.current && !lifted.current)
      selection.current.dataset.outside = String(selectedOutside);
  });

  const imageHref = (imageId: string) => images.get(imageId)?.url ?? '';
  /**
   * A new press while a lift's render is on its way: the result goes to the
   * designer now, urgently (sent again; the reducer takes it once), and the
   * press works on the layers as they are drawn.
   */
  const settleLift = (): Layer[] => {
    const held = lifted.current;
    if (!held || pointers.current.size > 0) return layers;
    lifted.current = null;
    drawGesture(null);
    dispatch({ type: 'gesture', id: held.id, patch: held.patch });
    dispatch({ type: 'endGesture' });
    return patchLayer(layers, held.id, held.patch);
  };
  /** A press's pointer in print-area millimetres: the first of a gesture reads where the canvas sits. */
  const pressAt = (event: PointerEvent): PointMm => {
    if (pointers.current.size === 0)
      place.current = overlay.current?.getBoundingClientRect() ?? null;
    const at = pointerMm(event);
    pointers.current.set(event.pointerId, at);
    return at;
  };
  /** The pointer in print-area millimetres. */
  const pointerMm = (event: PointerEvent): PointMm => {
    const rect = place.current;
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
    at: PointMm,
    hits: Layer[] = [layer],
  ) => {
    overlay.current?.setPointerCapture?.(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      layer,
      drawn: layer,
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
    const shown = settleLift().find((candidate) => candidate.id === layer.id) ?? layer;
    begin(mode, shown, event, pressAt(event));
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
    const shown = settleLift();
    const at = pressAt(event);
    const current = drag.current;
    if (pointers.current.size === 2 && current?.mode !== 'pinch') {
      const id = current?.layer.id ?? state.selectedId;
      const found = shown.find((candidate) => candidate.id === id);
      const [first, second] = [...pointers.current.entries()];
      if (!found || !first || !second) return;
      // The pinch carries on from where the first finger has moved the layer so far.
      const layer = current?.patch ? ({ ...found, ...current.patch } as Layer) : found;
      overlay.current?.setPointerCapture?.(event.pointerId);
      drag.current = {
        mode: 'pinch',
        layer,
        drawn: found,
        pointerIds: [first[0], second[0]],
        from: [first[1], second[1]],
        patch: current?.patch ?? null,
      };
      return;
    }
    if (pointers.current.size > 1) return;
    const hits = layersAt(shown, at, HANDLE_PX * mmPerPx);
    const target = hits.find((layer) => layer.id === state.selectedId) ?? hits[0];
    if (!target) {
      dispatch({ type: 'select', id: null });
      return;
    }
    begin('move', target, event, at, hits);
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

  /**
   * The gesture as it stands, drawn without React: the selected layer's art
   * and its box moved by their layers' transform, the box flagged in red as
   * it leaves the print area (the contract's `layersOutsidePrintArea` on that
   * one layer) and the centre lines it snaps to shown. `null` puts the art
   * and the box back where the designer has them (the lift's render moves them).
   */
  const drawGesture = (current: PointerDrag | Pinch | null) => {
    const moved = current?.patch ? ({ ...current.drawn, ...current.patch } as Layer) : null;
    const transform = current && moved ? gestureTransform(current.drawn, moved, printArea) : '';
    for (const element of [selectedArt.current, selection.current]) {
      if (element) element.style.transform = transform;
    }
    if (moved && selection.current) {
      const flag = String(layersOutsidePrintArea([moved], printArea).length > 0);
      // Written only when it changes: the box's looks hang on it (a restyle of the selection).
      if (selection.current.dataset.outside !== flag) selection.current.dataset.outside = flag;
    }
    const snapped = current?.mode === 'move' ? current : null;
    showSnapLine(snapLineX.current, snapped?.snappedX ?? false);
    showSnapLine(snapLineY.current, snapped?.snappedY ?? false);
  };

  /** The gesture as it stands, drawn once a frame however many moves it had. */
  const applyGesture = () => {
    frame.current = null;
    const current = drag.current;
    if (!current) return;
    const patch = gesturePatch(current);
    if (!patch) return;
    current.patch = patch;
    drawGesture(current);
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

  /**
   * The gesture's result to the designer: one render of it and one undo step,
   * as a transition, so the lift's frame and those after it are drawn while it
   * renders. The art and the box stay where the gesture put them until it
   * lands (the effect above puts them back then).
   */
  const finish = (current: PointerDrag | Pinch) => {
    drag.current = null;
    const { patch } = current;
    if (!patch) {
      drawGesture(null);
      return;
    }
    showSnapLine(snapLineX.current, false);
    showSnapLine(snapLineY.current, false);
    const id = current.layer.id;
    lifted.current = { id, patch };
    startLift(() => {
      dispatch({ type: 'gesture', id, patch });
      dispatch({ type: 'endGesture' });
    });
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

  const handleMm = HANDLE_PX * mmPerPx;
  const editing = layers.find((layer) => layer.id === editingId);
  const areaBox = printAreaBox(printArea);
  const drawnArt = (layer: Layer) => (
    <g
      key={layer.id}
      transform={`translate(${layer.xMm} ${layer.yMm}) rotate(${layer.rotationDeg})`}
    >
      <LayerArt
        layer={layer}
        printArea={printArea}
        imageHref={imageHref(layer.type === 'image' ? layer.imageId : '')}
      />
    </g>
  );
  const snapLine = { stroke: '#db2777', strokeWidth: mmPerPx, className: 'invisible' };

  return (
    <div
      className="relative aspect-(--mockup-aspect) w-full select-none max-sm:overflow-hidden max-sm:aspect-(--crop-aspect) max-sm:h-[42svh] max-sm:w-auto"
      style={phoneCrop(printArea)}
      data-testid="design-canvas"
    >
      <div className="absolute inset-0 max-sm:inset-auto max-sm:top-(--crop-top) max-sm:left-(--crop-left) max-sm:aspect-(--mockup-aspect) max-sm:w-(--crop-width)">
        <GarmentMockup garment={garment} side={state.side} hex={garmentHex} printArea={printArea} />
        <div className="absolute" style={areaBox} aria-hidden="true" data-testid="design-preview">
          <PrintAreaSvg area={printArea}>
            {(selected ? layers.slice(0, selectedIndex) : layers).map(drawnArt)}
          </PrintAreaSvg>
          {selected ? (
            <div
              ref={selectedArt}
              className="absolute inset-0 will-change-transform"
              style={{ transformOrigin: pivot(selected, printArea) }}
              data-testid="selected-art"
            >
              <PrintAreaSvg area={printArea}>{drawnArt(selected)}</PrintAreaSvg>
            </div>
          ) : null}
          <PrintAreaSvg area={printArea}>
            {(selected ? layers.slice(selectedIndex + 1) : []).map(drawnArt)}
            {lettering.map(drawnArt)}
          </PrintAreaSvg>
        </div>
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
            <line
              ref={snapLineX}
              x1={printArea.widthMm / 2}
              x2={printArea.widthMm / 2}
              y1={0}
              y2={printArea.heightMm}
              {...snapLine}
              data-testid="snap-line-x"
            />
            <line
              ref={snapLineY}
              x1={0}
              x2={printArea.widthMm}
              y1={printArea.heightMm / 2}
              y2={printArea.heightMm / 2}
              {...snapLine}
              data-testid="snap-line-y"
            />
            {layers.map((layer) => {
              const { widthMm, heightMm } = layerBox(layer);
              // The selected layer's box is drawn by the selection's own layer.
              const flagged = layer !== selected && outside.has(layer.id);
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
                    stroke={flagged ? OUTSIDE_STROKE : 'none'}
                    strokeWidth={2 * mmPerPx}
                    strokeDasharray={flagged ? `${6 * mmPerPx} ${4 * mmPerPx}` : undefined}
                    style={{ cursor: 'move' }}
                    data-testid={`layer-${layer.id}`}
                  />
                </g>
              );
            })}
          </g>
        </svg>
        {selected ? (
          <div
            ref={selection}
            className="group pointer-events-none absolute will-change-transform"
            style={{ ...areaBox, transformOrigin: pivot(selected, printArea) }}
            aria-hidden="true"
            data-testid="selection"
          >
            <PrintAreaSvg area={printArea}>
              <SelectionHandles
                layer={selected}
                handleMm={handleMm}
                mmPerPx={mmPerPx}
                onScale={startHandle('scale', selected)}
                onRotate={startHandle('rotate', selected)}
              />
            </PrintAreaSvg>
          </div>
        ) : null}
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

/** A centre line shown while a moved layer snaps to it, written only when that changes. */
function showSnapLine(line: SVGLineElement | null, shown: boolean) {
  const visibility = shown ? 'visible' : '';
  if (line && line.style.visibility !== visibility) line.style.visibility = visibility;
}

/** An SVG over the print area in its millimetres, drawing past its edges (a layer may reach outside). */
function PrintAreaSvg({ area, children }: { area: PrintArea; children: ReactNode }) {
  return (
    <svg
      viewBox={`0 0 ${area.widthMm} ${area.heightMm}`}
      className="absolute inset-0 size-full overflow-visible"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const SELECTED_STROKE = '#4f46e5';
const OUTSIDE_STROKE = '#dc2626';

interface SelectionHandlesProps {
  layer: Layer;
  handleMm: number;
  mmPerPx: number;
  onScale: (event: PointerEvent) => void;
  onRotate: (event: PointerEvent) => void;
}

/**
 * The selected layer's box, in blue, or dashed red while it reaches outside
 * the print area (the selection's `data-outside`), and its handles.
 */
function SelectionHandles({ layer, handleMm, mmPerPx, onScale, onRotate }: SelectionHandlesProps) {
  const { widthMm, heightMm } = layerBox(layer);
  // Each handle is drawn about half its size, within a transparent hit area a finger covers.
  const radius = handleMm / 2;
  const rotateY = -heightMm / 2 - handleMm * 1.2;
  const stroke = { stroke: SELECTED_STROKE, strokeWidth: radius / 8 };
  const box = { x: -widthMm / 2, y: -heightMm / 2, width: widthMm, height: heightMm, fill: 'none' };
  return (
    <g transform={`translate(${layer.xMm} ${layer.yMm}) rotate(${layer.rotationDeg})`}>
      <rect
        {...box}
        stroke={SELECTED_STROKE}
        strokeWidth={2 * mmPerPx}
        className="group-data-[outside=true]:invisible"
      />
      <rect
        {...box}
        stroke={OUTSIDE_STROKE}
        strokeWidth={2 * mmPerPx}
        strokeDasharray={`${6 * mmPerPx} ${4 * mmPerPx}`}
        className="invisible group-data-[outside=true]:visible"
        data-testid="selection-outside"
      />
      <line x1={0} x2={0} y1={-heightMm / 2} y2={rotateY} {...stroke} />
      <circle cx={0} cy={rotateY} r={radius * 0.55} fill="#ffffff" {...stroke} />
      <circle
        cx={0}
        cy={rotateY}
        r={radius}
        fill="transparent"
        className="pointer-events-auto"
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
        className="pointer-events-auto"
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
