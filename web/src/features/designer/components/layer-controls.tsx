import { type Dispatch, type ReactNode, useId } from 'react';
import {
  DESIGN_FONTS,
  DESIGN_LIMITS,
  DESIGN_PALETTE,
  type DesignColorId,
  type DesignFontId,
  type ImageLayer,
  type Layer,
  type TextLayer,
} from '#contract';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import type { EditorAction, LayerPatch } from '../utils/editor-state.ts';
import { TOUCH_TARGET } from './touch-target.ts';

const TOGGLE = `${TOUCH_TARGET} inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`;
const toggleStyles = (pressed: boolean) =>
  `${TOGGLE} ${pressed ? 'border-ink-900 bg-ink-900 text-white' : 'border-ink-300 bg-white text-ink-900 hover:border-ink-900'}`;

interface RangeProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit: string;
  onChange: (value: number) => void;
}

/** A labelled slider that says its value (keyboard: arrows, Page Up/Down, Home/End). */
function Range({ label, value, min, max, step = 1, unit, onChange }: RangeProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <label htmlFor={id} className="font-medium text-ink-800">
          {label}
        </label>
        <output htmlFor={id} className="text-ink-600 tabular-nums">
          {value} {unit}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-1 w-full accent-brand-600 max-sm:h-11 pointer-coarse:h-11"
      />
    </div>
  );
}

/**
 * A font select and a row of colour swatches from the design's lists: a text
 * layer's, and the names and numbers' lettering.
 */
export function FontAndColour({
  fontLabel,
  colourLabel,
  colourName,
  fontId,
  colorId,
  onChange,
}: {
  fontLabel: string;
  colourLabel: string;
  /** A swatch's accessible name from its colour's label. */
  colourName: (colour: string) => string;
  fontId: DesignFontId;
  colorId: DesignColorId;
  onChange: (patch: { fontId: DesignFontId } | { colorId: DesignColorId }) => void;
}) {
  const selectId = useId();
  return (
    <>
      <div>
        <label htmlFor={selectId} className="text-sm font-medium text-ink-800">
          {fontLabel}
        </label>
        <select
          id={selectId}
          value={fontId}
          onChange={(event) => {
            const font = DESIGN_FONTS.find(({ id }) => id === event.target.value);
            if (font) onChange({ fontId: font.id });
          }}
          className={`${inputStyles(false)} mt-1.5 h-11`}
        >
          {DESIGN_FONTS.map((font) => (
            <option key={font.id} value={font.id}>
              {font.label}
            </option>
          ))}
        </select>
      </div>
      <Group label={colourLabel}>
        {DESIGN_PALETTE.map((colour) => (
          <button
            key={colour.id}
            type="button"
            aria-label={colourName(colour.label)}
            aria-pressed={colorId === colour.id}
            title={colour.label}
            onClick={() => onChange({ colorId: colour.id })}
            className={`${TOUCH_TARGET} size-9 rounded-full border border-ink-300 ring-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600 ${
              colorId === colour.id ? 'ring-2 ring-ink-900' : ''
            }`}
            style={{ backgroundColor: colour.hex }}
          />
        ))}
      </Group>
    </>
  );
}

export function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-800">{label}</legend>
      <div className="mt-1.5 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

interface LayerControlsProps {
  layer: Layer;
  dispatch: Dispatch<EditorAction>;
}

/** The selected layer's settings; each slider's run of changes is one undo step. */
export function LayerControls({ layer, dispatch }: LayerControlsProps) {
  const update = (patch: LayerPatch, mergeKey?: string) =>
    dispatch({ type: 'update', id: layer.id, patch, mergeKey });
  return (
    <div className="space-y-4">
      {layer.type === 'text' ? (
        <TextControls layer={layer} update={update} />
      ) : (
        <ImageControls layer={layer} update={update} />
      )}
      <Range
        label="Rotation"
        value={layer.rotationDeg}
        min={DESIGN_LIMITS.rotationDeg.min}
        max={DESIGN_LIMITS.rotationDeg.max}
        unit="°"
        onChange={(rotationDeg) => update({ rotationDeg }, 'rotation')}
      />
    </div>
  );
}

type Update = (patch: LayerPatch, mergeKey?: string) => void;

function TextControls({ layer, update }: { layer: TextLayer; update: Update }) {
  const textId = useId();
  return (
    <>
      <div>
        <label htmlFor={textId} className="text-sm font-medium text-ink-800">
          Text
        </label>
        <input
          id={textId}
          data-designer-text
          value={layer.text}
          maxLength={DESIGN_LIMITS.textMaxLength}
          onChange={(event) => update({ text: event.target.value }, 'text')}
          className={`${inputStyles(layer.text.trim() === '')} mt-1.5 h-11`}
        />
      </div>
      <FontAndColour
        fontLabel="Font"
        colourLabel="Colour"
        colourName={(colour) => colour}
        fontId={layer.fontId}
        colorId={layer.colorId}
        onChange={(patch) => update(patch)}
      />
      <Range
        label="Size"
        value={layer.fontSizeMm}
        min={DESIGN_LIMITS.fontSizeMm.min}
        max={DESIGN_LIMITS.fontSizeMm.max}
        unit="mm"
        onChange={(fontSizeMm) => update({ fontSizeMm }, 'size')}
      />
      <Group label="Style">
        <button
          type="button"
          aria-pressed={layer.bold}
          onClick={() => update({ bold: !layer.bold })}
          className={`${toggleStyles(layer.bold)} font-bold`}
        >
          Bold
        </button>
        <button
          type="button"
          aria-pressed={layer.italic}
          onClick={() => update({ italic: !layer.italic })}
          className={`${toggleStyles(layer.italic)} italic`}
        >
          Italic
        </button>
      </Group>
      <Group label="Alignment">
        {(['left', 'center', 'right'] as const).map((align) => (
          <button
            key={align}
            type="button"
            aria-pressed={layer.align === align}
            onClick={() => update({ align })}
            className={toggleStyles(layer.align === align)}
          >
            {align === 'center' ? 'Centre' : align === 'left' ? 'Left' : 'Right'}
          </button>
        ))}
      </Group>
      <Range
        label="Arc"
        value={layer.arcDegrees}
        min={DESIGN_LIMITS.arcDegrees.min}
        max={DESIGN_LIMITS.arcDegrees.max}
        unit="°"
        onChange={(arcDegrees) => update({ arcDegrees }, 'arc')}
      />
    </>
  );
}

function ImageControls({ layer, update }: { layer: ImageLayer; update: Update }) {
  const { min, max } = DESIGN_LIMITS.imageSizeMm;
  const aspect = layer.heightMm / layer.widthMm;
  const maxWidth = Math.floor(Math.min(max, max / aspect));
  const minWidth = Math.ceil(Math.max(min, min / aspect));
  return (
    <Range
      label="Width"
      value={Math.round(layer.widthMm)}
      min={minWidth}
      max={maxWidth}
      unit="mm"
      onChange={(widthMm) =>
        update({ widthMm, heightMm: Math.round(widthMm * aspect * 10) / 10 }, 'size')
      }
    />
  );
}
