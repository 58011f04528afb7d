import { type Dispatch, memo, type PointerEvent, useEffect, useRef, useState } from 'react';
import { DESIGN_LIMITS, type Layer, MOCKUP_SIZE_MM, type PrintArea, textGeometry } from '#contract';
import { renderDesignSvg } from '#contract/design-render';
import { prefixSvgIds } from '#web/components/ui/design-thumbnail.tsx';
import { type EditorAction, type EditorState, round, snapToCentre } from '../utils/editor-state.ts';
import type { DesignImageInfo } from '../utils/guard-rails.ts';
import { GarmentMockup } from './garment-mockup.tsx';

const { widthMm: MOCKUP_W, heightMm: MOCKUP_H } = MOCKUP_SIZE_MM;
/** Handles are this many CSS pixels across whatever the mock-up's size (a fingertip on touch). */
const HANDLE_PX = 28;

type DragMode = 'move' | 'scale' | 'rotate';

interface Drag {
  mode: DragMode;
  pointerId: number;
  layer: Layer;
  /** Pointer minus the layer's centre at the start (move), in print-area mm. */
  offsetXMm: number;
  offsetYMm: number;
  /** Pointer's distance from the centre at the start (scale). */
  startDistanceMm: number;
}

/** A layer's box before rotation, centred on its x/y (text: the contract's estimate). */
export function layerBox(layer: Layer): { widthMm: number; heightMm: number } {
  return layer.type === 'image' ? layer : textGeometry(layer);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The layer after a scale gesture by `ratio`: text by font size, images by size, aspect kept. */
export function scaledLayer(layer: Layer, ratio: number): Partial<Layer> {
  if (layer.type === 'text') {
    const { min, max } = DESIGN_LIMITS.fontSizeMm;
    return { fontSizeMm: round(clamp(layer.fontSizeMm * ratio, min, max)) };
  }
  const { min, max } = DESIGN_LIMITS.imageSizeMm;
  const bounded = clamp(
    ratio,
    min / Math.min(layer.widthMm, layer.heightMm),
    max / Math.max(layer.widthMm, layer.heightMm),
  );
  return { widthMm: round(layer.widthMm * bounded), heightMm: round(layer.heightMm * bounded) };
}

/** The rotation that points the layer's top handle at (dx, dy) from its centre, snapped to right angles within 4°. */
export function rotationTowards(dxMm: number, dyMm: number): number {
  const degrees = Math.round((Math.atan2(dyMm, dxMm) * 180) / Math.PI + 90);
  const normalised = ((((degrees + 180) % 360) + 360) % 360) - 180;
  const nearestRight = Math.round(normalised / 90) * 90;
  return Math.abs(normalised - nearestRight) <= 4 ? nearestRight : normalised;
}

interface DesignCanvasProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  printArea: PrintArea;
  garment: string;
  images: ReadonlyMap<string, DesignImageInfo>;
  /** Layers reaching outside the print area (flagged in red). */
  outside: ReadonlySet<string>;
}

/**
 * The mock-up with the side's design drawn by the contract's renderer (the
 * same SVG the print file is made from) and, on top, the selection: drag a
 * layer to move it (snapping to the centre lines), the corner handle to scale,
 * the top handle to rotate. Mouse, pen and touch alike (pointer events).
 */
export function DesignCanvas({
  state,
  dispatch,
  printArea,
  garment,
  images,
  outside,
}: DesignCanvasProps) {
  const overlay = useRef<SVGSVGElement>(null);
  const drag = useRef<Drag | null>(null);
  const [snapped, setSnapped] = useState({ x: false, y: false });
  const [mmPerPx, setMmPerPx] = useState(1);
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
  const pointerMm = (event: PointerEvent) => {
    const rect = overlay.current?.getBoundingClientRect();
    const scale = rect && rect.width > 0 ? MOCKUP_W / rect.width : 1;
    return {
      xMm: (event.clientX - (rect?.left ?? 0)) * scale - printArea.xMm,
      yMm: (event.clientY - (rect?.top ?? 0)) * scale - printArea.yMm,
    };
  };

  const start = (mode: DragMode, layer: Layer) => (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    const at = pointerMm(event);
    overlay.current?.setPointerCapture?.(event.pointerId);
    drag.current = {
      mode,
      pointerId: event.pointerId,
      layer,
      offsetXMm: at.xMm - layer.xMm,
      offsetYMm: at.yMm - layer.yMm,
      startDistanceMm: Math.max(1, Math.hypot(at.xMm - layer.xMm, at.yMm - layer.yMm)),
    };
    if (state.selectedId !== layer.id) dispatch({ type: 'select', id: layer.id });
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const at = pointerMm(event);
    const { layer } = current;
    if (current.mode === 'move') {
      const next = snapToCentre(at.xMm - current.offsetXMm, at.yMm - current.offsetYMm, printArea);
      setSnapped({ x: next.snappedX, y: next.snappedY });
      dispatch({ type: 'gesture', id: layer.id, patch: { xMm: next.xMm, yMm: next.yMm } });
    } else if (current.mode === 'scale') {
      const ratio = Math.hypot(at.xMm - layer.xMm, at.yMm - layer.yMm) / current.startDistanceMm;
      dispatch({ type: 'gesture', id: layer.id, patch: scaledLayer(layer, ratio) });
    } else {
      const rotationDeg = rotationTowards(at.xMm - layer.xMm, at.yMm - layer.yMm);
      dispatch({ type: 'gesture', id: layer.id, patch: { rotationDeg } });
    }
  };

  const end = (event: PointerEvent) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    setSnapped({ x: false, y: false });
    dispatch({ type: 'endGesture' });
  };

  const handleMm = HANDLE_PX * mmPerPx;
  const selected = layers.find((layer) => layer.id === state.selectedId);

  return (
    <div
      className="relative w-full select-none"
      style={{ aspectRatio: `${MOCKUP_W} / ${MOCKUP_H}` }}
    >
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
        {layers.map((layer) => (
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
        ))}
      </svg>
      <svg
        ref={overlay}
        viewBox={`0 0 ${MOCKUP_W} ${MOCKUP_H}`}
        className="absolute inset-0 size-full"
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerDown={() => dispatch({ type: 'select', id: null })}
        aria-hidden="true"
        data-testid="design-overlay"
      >
        <g transform={`translate(${printArea.xMm} ${printArea.yMm})`}>
          {snapped.x ? (
            <line
              x1={printArea.widthMm / 2}
              x2={printArea.widthMm / 2}
              y1={0}
              y2={printArea.heightMm}
              stroke="#db2777"
              strokeWidth={mmPerPx}
            />
          ) : null}
          {snapped.y ? (
            <line
              x1={0}
              x2={printArea.widthMm}
              y1={printArea.heightMm / 2}
              y2={printArea.heightMm / 2}
              stroke="#db2777"
              strokeWidth={mmPerPx}
            />
          ) : null}
          {layers.map((layer) => {
            const { widthMm, heightMm } = layerBox(layer);
            const flagged = outside.has(layer.id);
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
                  style={{ cursor: 'move', touchAction: 'none' }}
                  onPointerDown={start('move', layer)}
                  data-testid={`layer-${layer.id}`}
                />
              </g>
            );
          })}
          {selected ? (
            <SelectionHandles
              layer={selected}
              handleMm={handleMm}
              onScale={start('scale', selected)}
              onRotate={start('rotate', selected)}
            />
          ) : null}
        </g>
      </svg>
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
  const radius = handleMm / 2;
  const rotateY = -heightMm / 2 - handleMm * 1.2;
  return (
    <g transform={`translate(${layer.xMm} ${layer.yMm}) rotate(${layer.rotationDeg})`}>
      <line
        x1={0}
        x2={0}
        y1={-heightMm / 2}
        y2={rotateY}
        stroke="#4f46e5"
        strokeWidth={radius / 7}
      />
      <circle
        cx={0}
        cy={rotateY}
        r={radius * 0.8}
        fill="#ffffff"
        stroke="#4f46e5"
        strokeWidth={radius / 5}
        style={{ cursor: 'grab', touchAction: 'none' }}
        onPointerDown={onRotate}
        data-testid="rotate-handle"
      />
      <rect
        x={widthMm / 2 - radius * 0.8}
        y={heightMm / 2 - radius * 0.8}
        width={radius * 1.6}
        height={radius * 1.6}
        fill="#ffffff"
        stroke="#4f46e5"
        strokeWidth={radius / 5}
        style={{ cursor: 'nwse-resize', touchAction: 'none' }}
        onPointerDown={onScale}
        data-testid="scale-handle"
      />
    </g>
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
