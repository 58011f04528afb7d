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
import {
  DESIGN_LIMITS,
  type Design,
  garmentKind,
  type Product,
  type ProductCustomisation,
  printedPhotosNote,
  SIZES,
  type Size,
} from '#contract';
import {
  DEFAULT_NAMES_AND_NUMBERS,
  personalisedDesign,
  type RosterEntry,
} from '#contract/names-and-numbers';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { PriceBreaksTable } from '#web/components/ui/price-breaks-table.tsx';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { ensureDesignFonts } from '#web/lib/design-fonts.ts';
import { toast } from '#web/lib/toast.ts';
import { useUploadDesignImage } from '../api/upload-design-image.ts';
import { onDesignerKeyDown } from '../utils/designer-keys.ts';
import { DESIGNER_MESSAGES } from '../utils/designer-messages.ts';
import { editorReducer, initialEditorState, selectedLayer } from '../utils/editor-state.ts';
import { checkGuardRails, type DesignImageInfo } from '../utils/guard-rails.ts';
import { newImageLayer, newTextLayer } from '../utils/new-layers.ts';
import { PHONE_QUERY, useInputKind, useMediaQuery } from '../utils/use-input-kind.ts';
import { DesignCanvas } from './design-canvas.tsx';
import { DesignerPurchase } from './designer-purchase.tsx';
import { DesignerToolbar, SIDE_LABEL } from './designer-toolbar.tsx';
import { contrastOn, garmentHex } from './garment-mockup.tsx';
import { LayerList } from './layer-list.tsx';
import { NamesAndNumbersPanel, type RosterDraftRow } from './names-and-numbers-panel.tsx';
import { SelectedLayerPanel } from './selected-layer-panel.tsx';

export interface DesignerProps {
  product: Product;
  customisation: ProductCustomisation;
  /** A design to start from (a saved one, copied) and the images it uses. */
  initialDesign?: Design;
  initialImages?: readonly DesignImageInfo[];
  /** Adds the design in a size; resolves to true when the line was added. */
  onAddToCart: (design: Design, size: Size) => Promise<boolean>;
  /**
   * Adds one piece per roster row, each with its name and number (issue 29);
   * without it the designer offers no names and numbers.
   */
  onAddRosterToCart?: (design: Design, roster: RosterEntry[]) => Promise<boolean>;
  /** The signed-in shopper's save controls, given the design as it stands. */
  renderSave?: (design: Design) => ReactNode;
  /** 'Order for a group' with the design (issue 29), composed by the page. */
  renderGroupOrder?: (design: Design, blocker: string | null) => ReactNode;
  /** The size chosen on the product page (issue 28). */
  initialSize?: Size | undefined;
}

/** What the back's preview letters until a roster row is picked. */
const SAMPLE_PIECE = { name: 'NAME', number: 10 };

/**
 * The designer (D27, issue 12): the garment's (a tee's or a hoodie's) front
 * and back with their print areas, text and image layers, handles and keys to place them, undo
 * and redo, the guard rails and the live price.
 */
export function Designer({
  product,
  customisation,
  initialDesign,
  initialImages = [],
  onAddToCart,
  onAddRosterToCart,
  renderSave,
  renderGroupOrder,
  initialSize,
}: DesignerProps) {
  const [state, dispatch] = useReducer(editorReducer, initialDesign, initialEditorState);
  const [images, setImages] = useState<ReadonlyMap<string, DesignImageInfo>>(
    () => new Map(initialImages.map((image) => [image._id, image])),
  );
  const textInputFocus = useRef(false);
  const upload = useUploadDesignImage();
  const garment = garmentKind(product.category);
  const hex = garmentHex(product);
  const area = customisation.printAreas[state.side];
  const layers = state.design[state.side];
  const selected = selectedLayer(state);
  const guard = useMemo(
    () => checkGuardRails(state.design, customisation.printAreas, images),
    [state.design, customisation.printAreas, images],
  );
  const full = layers.length >= DESIGN_LIMITS.layersPerSide;
  const phone = useMediaQuery(PHONE_QUERY);
  const [roster, setRoster] = useState<RosterDraftRow[]>([]);
  const [previewKey, setPreviewKey] = useState<string | null>(null);
  const lettering = state.design.namesAndNumbers;
  const offeredSizes = useMemo(
    () => SIZES.filter((size) => product.sizes[size] !== undefined),
    [product.sizes],
  );
  // The back's preview letters the row picked (or a sample), drawn by the one lettering function.
  const previewLettering = useMemo(() => {
    if (!lettering || state.side !== 'back') return [];
    const row = roster.find((candidate) => candidate.key === previewKey) ?? SAMPLE_PIECE;
    const piece = row.name.trim() === '' && row.number === null ? SAMPLE_PIECE : row;
    return personalisedDesign({ front: [], back: [], namesAndNumbers: lettering }, piece, area)
      .back;
  }, [lettering, state.side, roster, previewKey, area]);
  const inputKind = useInputKind();

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
    dispatch({ type: 'add', layer: newTextLayer(area, hex) });
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

  const addNamesAndNumbers = () =>
    dispatch({
      type: 'setNamesAndNumbers',
      lettering: {
        ...DEFAULT_NAMES_AND_NUMBERS,
        colorId: contrastOn(hex) === '#f4f4f5' ? 'white' : 'black',
      },
    });

  const onKeyDown = (event: KeyboardEvent) => onDesignerKeyDown(event, selected, dispatch);

  const printedPhotos = printedPhotosNote({ ...product, customisation });
  const note = (
    <p className="mx-auto mt-3 max-w-xl text-center text-xs text-ink-600 max-sm:mt-0 max-sm:mb-4">
      {printedPhotos ? (
        <span className="block font-medium text-ink-800">{printedPhotos}</span>
      ) : null}
      {DESIGNER_MESSAGES.previewNote} {DESIGNER_MESSAGES.canvasHint[inputKind]}
    </p>
  );
  const priceBreaks = (
    <div className="mx-auto mt-3 flex max-w-xl justify-center">
      <PriceBreaksTable unitPrice={product.price} priceBreaks={product.priceBreaks} />
    </div>
  );

  return (
    // On a phone the designer fills the screen under the site header: the
    // canvas stays on top, the tools scroll in a sheet below it and the price
    // and 'Add to cart' sit in a bar at the bottom (issue 28).
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys (undo, nudge, delete) act on the whole designer
    <div
      onKeyDown={onKeyDown}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-10 max-sm:fixed max-sm:inset-x-0 max-sm:top-16 max-sm:bottom-0 max-sm:z-30 max-sm:flex max-sm:flex-col max-sm:gap-0 max-sm:bg-white"
      data-testid="designer"
    >
      <section aria-label="Preview" className="min-w-0 max-sm:shrink-0 max-sm:px-3 max-sm:pt-2">
        <DesignerToolbar state={state} dispatch={dispatch} />
        <figure
          aria-label={`${SIDE_LABEL[state.side]} of the ${product.title}: design preview`}
          className="mx-auto mt-4 max-w-xl rounded-3xl bg-ink-100 p-2 sm:p-4 max-sm:mt-2 max-sm:w-fit max-sm:rounded-xl max-sm:p-0"
        >
          <DesignCanvas
            state={state}
            dispatch={dispatch}
            printArea={area}
            garment={garment}
            garmentHex={hex}
            images={images}
            outside={guard.outside}
            lettering={previewLettering}
          />
        </figure>
        {phone ? null : (
          <>
            {note}
            {priceBreaks}
          </>
        )}
      </section>

      <section
        aria-label="Design tools"
        className="space-y-6 max-sm:mt-2 max-sm:min-h-0 max-sm:flex-1 max-sm:overflow-y-auto max-sm:overscroll-contain max-sm:rounded-t-2xl max-sm:border-t max-sm:border-ink-200 max-sm:px-4 max-sm:pt-4 max-sm:pb-24 max-sm:shadow-[0_-4px_12px_rgb(0_0_0/0.06)]"
      >
        {phone ? (
          <>
            {note}
            {priceBreaks}
          </>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={addText}
            disabled={full}
            className={buttonStyles({ variant: 'outline' })}
          >
            Add text
          </button>
          {onAddRosterToCart && !lettering ? (
            <button
              type="button"
              onClick={addNamesAndNumbers}
              className={buttonStyles({ variant: 'outline' })}
            >
              Add names and numbers
            </button>
          ) : null}
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

        <LayerList
          side={state.side}
          layers={layers}
          selectedId={state.selectedId}
          guard={guard}
          dispatch={dispatch}
        />

        {selected ? (
          <SelectedLayerPanel
            selected={selected}
            layers={layers}
            area={area}
            guard={guard}
            dispatch={dispatch}
          />
        ) : null}

        {lettering && state.side === 'front' ? (
          <button
            type="button"
            onClick={() => dispatch({ type: 'setSide', side: 'back' })}
            className={buttonStyles({ variant: 'outline' })}
          >
            Edit names and numbers (back)
          </button>
        ) : null}
        {lettering && state.side === 'back' ? (
          <NamesAndNumbersPanel
            lettering={lettering}
            sizes={offeredSizes}
            rows={roster}
            onRowsChange={setRoster}
            previewKey={previewKey}
            onPreviewKey={setPreviewKey}
            dispatch={dispatch}
          />
        ) : null}

        <DesignerPurchase
          product={product}
          customisation={customisation}
          design={state.design}
          guard={guard}
          roster={lettering ? roster : null}
          onAddToCart={onAddToCart}
          onAddRosterToCart={onAddRosterToCart}
          renderSave={renderSave}
          renderGroupOrder={renderGroupOrder}
          initialSize={initialSize}
        />
      </section>
    </div>
  );
}
