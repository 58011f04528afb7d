import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import {
  customisedUnitPrice,
  DESIGN_FONTS,
  DESIGN_LIMITS,
  DESIGN_PALETTE,
  DESIGN_SIDES,
  type Design,
  type DesignSide,
  designColorHex,
  formatRupees,
  type ImageLayer,
  type Layer,
  type Product,
  type ProductCustomisation,
  printedSides,
  SIZES,
  type Size,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { ensureDesignFonts } from '#web/lib/design-fonts.ts';
import { useUploadDesignImage } from '../api/upload-design-image.ts';
import {
  editorReducer,
  initialEditorState,
  nudgeFor,
  round,
  selectedLayer,
} from '../utils/editor-state.ts';
import { checkGuardRails, type DesignImageInfo, GUARD_MESSAGES } from '../utils/guard-rails.ts';
import { DesignCanvas } from './design-canvas.tsx';
import { contrastOn, garmentHex } from './garment-mockup.tsx';
import { LayerControls } from './layer-controls.tsx';

export const DESIGNER_MESSAGES = {
  previewNote:
    'The mock-up is a preview: printed colours may vary slightly from what your screen shows.',
  selectSize: 'Please select a size.',
  tooManyLayers: `A side may have at most ${DESIGN_LIMITS.layersPerSide} layers.`,
} as const;

const SIDE_LABEL: Record<DesignSide, string> = { front: 'Front', back: 'Back' };

const newId = () => globalThis.crypto.randomUUID();

/** A first text layer: centred, in the palette colour that reads best on the garment. */
function newTextLayer(area: { widthMm: number; heightMm: number }, garment: string): Layer {
  const colorId = contrastOn(garment) === '#f4f4f5' ? 'white' : 'black';
  return {
    id: newId(),
    type: 'text',
    text: 'Your text',
    fontId: DESIGN_FONTS[0].id,
    colorId: DESIGN_PALETTE.some((colour) => colour.id === colorId) ? colorId : 'black',
    fontSizeMm: 30,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: round(area.widthMm / 2),
    yMm: round(area.heightMm / 2),
    rotationDeg: 0,
  } as Layer;
}

/**
 * A new image layer, centred: as large as prints at the minimum DPI, but at
 * most 60% of the print area either way, aspect kept.
 */
export function newImageLayer(
  image: DesignImageInfo,
  area: { widthMm: number; heightMm: number },
): ImageLayer {
  const sharpWidthMm = (image.width / DESIGN_LIMITS.minPrintDpi) * 25.4;
  const aspect = image.height / image.width;
  const widthMm = Math.max(
    DESIGN_LIMITS.imageSizeMm.min,
    Math.min(sharpWidthMm, area.widthMm * 0.6, (area.heightMm * 0.6) / aspect),
  );
  // Rounded down, so an image started at its sharpest size is not warned about.
  const startWidthMm = Math.floor(widthMm * 10) / 10;
  return {
    id: newId(),
    type: 'image',
    imageId: image._id,
    xMm: round(area.widthMm / 2),
    yMm: round(area.heightMm / 2),
    widthMm: startWidthMm,
    heightMm: round(startWidthMm * aspect),
    rotationDeg: 0,
  };
}

/** A layer's name in the list: its text, or 'Image n' counting the side's images. */
function layerName(layer: Layer, layers: readonly Layer[]): string {
  if (layer.type === 'text') return `Text: ${layer.text || '(empty)'}`;
  const images = layers.filter((other) => other.type === 'image');
  return `Image ${images.indexOf(layer) + 1}`;
}

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable);

export interface DesignerProps {
  product: Product;
  customisation: ProductCustomisation;
  /** A design to start from (a saved one, copied) and the images it uses. */
  initialDesign?: Design;
  initialImages?: readonly DesignImageInfo[];
  /** Adds the design in a size; resolves to true when the line was added. */
  onAddToCart: (design: Design, size: Size) => Promise<boolean>;
  /** The signed-in shopper's save controls, given the design as it stands. */
  renderSave?: (design: Design) => ReactNode;
}

/**
 * The tee designer (D27, issue 12): the garment's front and back with their
 * print areas, text and image layers, handles and keys to place them, undo
 * and redo, the guard rails and the live price.
 */
export function Designer({
  product,
  customisation,
  initialDesign,
  initialImages = [],
  onAddToCart,
  renderSave,
}: DesignerProps) {
  const [state, dispatch] = useReducer(editorReducer, initialDesign, initialEditorState);
  const [images, setImages] = useState<ReadonlyMap<string, DesignImageInfo>>(
    () => new Map(initialImages.map((image) => [image._id, image])),
  );
  const [size, setSize] = useState<Size | null>(null);
  const [adding, setAdding] = useState(false);
  const [showBlocker, setShowBlocker] = useState(false);
  const textInputFocus = useRef(false);
  const upload = useUploadDesignImage();
  const garment = garmentHex(product);
  const area = customisation.printAreas[state.side];
  const layers = state.design[state.side];
  const selected = selectedLayer(state);
  const guard = useMemo(
    () => checkGuardRails(state.design, customisation.printAreas, images),
    [state.design, customisation.printAreas, images],
  );
  const price = customisedUnitPrice(product.price, customisation, state.design);
  const sizes = SIZES.filter((option) => product.sizes[option] !== undefined);
  const full = layers.length >= DESIGN_LIMITS.layersPerSide;

  useLayoutEffect(ensureDesignFonts, []);

  // After 'Add text', the 'Text' box takes the focus so the shopper types straight away.
  useEffect(() => {
    if (!textInputFocus.current || selected?.type !== 'text') return;
    textInputFocus.current = false;
    const input = document.querySelector<HTMLInputElement>('[data-designer-text]');
    input?.focus();
    input?.select();
  }, [selected]);

  const addText = () => {
    textInputFocus.current = true;
    dispatch({ type: 'add', layer: newTextLayer(area, garment) });
  };

  const onUpload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const side = state.side;
    upload.mutate(file, {
      onSuccess: (image) => {
        setImages((previous) => new Map(previous).set(image._id, image));
        if (side !== state.side) dispatch({ type: 'setSide', side });
        dispatch({ type: 'add', layer: newImageLayer(image, customisation.printAreas[side]) });
      },
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
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
  };

  const addToCart = async () => {
    if (guard.blocker) {
      setShowBlocker(true);
      toast.error(guard.blocker, { id: 'designer-blocker' });
      return;
    }
    if (!size) {
      toast.error(DESIGNER_MESSAGES.selectSize, { id: 'designer-size' });
      return;
    }
    setAdding(true);
    try {
      await onAddToCart(state.design, size);
    } finally {
      setAdding(false);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys (undo, nudge, delete) act on the whole designer
    <div onKeyDown={onKeyDown} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10">
      <section aria-label="Preview" className="min-w-0">
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
        <figure
          aria-label={`${SIDE_LABEL[state.side]} of the ${product.title}: design preview`}
          className="mx-auto mt-4 max-w-xl rounded-3xl bg-ink-100 p-2 sm:p-4"
        >
          <DesignCanvas
            state={state}
            dispatch={dispatch}
            printArea={area}
            garment={garment}
            images={images}
            outside={guard.outside}
          />
        </figure>
        <p className="mx-auto mt-3 max-w-xl text-center text-xs text-ink-600">
          {DESIGNER_MESSAGES.previewNote} The dashed line is the print area; drag a layer, its
          corner to resize, its round handle to rotate, or select it and use the arrow keys.
        </p>
      </section>

      <section aria-label="Design tools" className="space-y-6">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={addText}
            disabled={full}
            className={buttonStyles({ variant: 'outline' })}
          >
            Add text
          </button>
          <label
            className={`${buttonStyles({ variant: 'outline' })} cursor-pointer focus-within:outline-2 focus-within:outline-brand-600 ${full || upload.isPending ? 'pointer-events-none opacity-60' : ''}`}
          >
            {upload.isPending ? 'Uploading…' : 'Upload image'}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={onUpload}
              disabled={full || upload.isPending}
              aria-label="Upload image"
              className="sr-only"
            />
          </label>
        </div>
        {full ? <p className="text-sm text-ink-600">{DESIGNER_MESSAGES.tooManyLayers}</p> : null}

        {layers.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-ink-900">
              Layers on the {state.side} <span className="font-normal">(top last)</span>
            </h2>
            <ul className="mt-2 space-y-1.5">
              {layers.map((layer) => (
                <li key={layer.id}>
                  <button
                    type="button"
                    aria-pressed={layer.id === state.selectedId}
                    onClick={() =>
                      dispatch({
                        type: 'select',
                        id: layer.id === state.selectedId ? null : layer.id,
                      })
                    }
                    className={`flex w-full items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm ${
                      layer.id === state.selectedId
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
        ) : null}

        {selected ? (
          <div className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                onClick={() => dispatch({ type: 'bringForward' })}
                disabled={layers.at(-1)?.id === selected.id}
                className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
              >
                Bring forward
              </button>
              <button
                type="button"
                onClick={() => dispatch({ type: 'sendBackward' })}
                disabled={layers[0]?.id === selected.id}
                className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
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
                className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
              >
                Centre on print area
              </button>
              <button
                type="button"
                onClick={() => dispatch({ type: 'remove' })}
                className={buttonStyles({ variant: 'danger', size: 'sm', className: 'px-3' })}
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
        ) : null}

        <div className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4">
          <div aria-live="polite">
            <p className="text-sm text-ink-600">Price per tee</p>
            <p className="text-2xl font-bold text-ink-900" data-testid="designer-price">
              {formatRupees(price)}
            </p>
            <p className="text-xs text-ink-600">
              {formatRupees(product.price)} tee
              {printedSides(state.design).map(
                (side) => ` + ${formatRupees(customisation.decorationPrice[side])} ${side} print`,
              )}
            </p>
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-ink-900">
              Size{size ? <span className="font-normal text-ink-600">: {size}</span> : null}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {sizes.map((option) => {
                const soldOut = (product.sizes[option] ?? 0) === 0;
                return (
                  <button
                    key={option}
                    type="button"
                    disabled={soldOut}
                    aria-pressed={option === size}
                    onClick={() => setSize(option === size ? null : option)}
                    className={`inline-flex h-10 min-w-12 items-center justify-center rounded-xl border px-3 text-sm font-semibold ${
                      option === size
                        ? 'border-ink-900 bg-ink-900 text-white'
                        : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900'
                    } disabled:cursor-not-allowed disabled:border-ink-200 disabled:bg-ink-50 disabled:text-ink-500 disabled:line-through`}
                  >
                    {option}
                    {soldOut ? <span className="sr-only"> (sold out)</span> : null}
                  </button>
                );
              })}
            </div>
          </fieldset>
          {guard.outside.size > 0 || (showBlocker && guard.blocker) ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              {guard.blocker}
            </p>
          ) : null}
          <button
            type="button"
            onClick={addToCart}
            disabled={adding}
            aria-describedby={guard.blocker ? 'designer-blocker' : undefined}
            className={buttonStyles({ size: 'lg', className: 'w-full' })}
          >
            {adding ? 'Adding…' : 'Add to cart'}
          </button>
          {guard.blocker ? (
            <p id="designer-blocker" className="sr-only">
              {guard.blocker}
            </p>
          ) : null}
          {renderSave?.(state.design)}
        </div>
      </section>
    </div>
  );
}
