import { type KeyboardEvent, useId, useState } from 'react';
import type { AdminStyle } from '#contract';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import { useAdminStyles } from '../api/catalogue-lists.ts';

/** The style chosen, as the picker shows it: its title and its colours' names. */
export interface ChosenStyle {
  styleId: string;
  title: string;
  colorNames: string[];
}

const describe = (style: ChosenStyle) =>
  `${style.title} (${style.colorNames.join(', ') || 'no colours yet'})`;

const chosenOf = (style: AdminStyle): ChosenStyle => ({
  styleId: style.styleId,
  title: style.title,
  colorNames: style.colors.map((color) => color.name),
});

interface StylePickerProps {
  /** The style chosen; null: the product starts a style of its own. */
  value: ChosenStyle | null;
  /** What the form started with (an edited product's own style): the reset goes back to it. */
  initial: ChosenStyle | null;
  onChange: (style: ChosenStyle | null) => void;
  error?: string | undefined;
}

/**
 * The style a colour joins (decision 018), found by its name: a combobox
 * (ARIA 1.2, list autocomplete) over the styles whose title holds the words
 * typed, each named with its colours, so the owner never pastes an id.
 */
export function StylePicker({ value, initial, onChange, error }: StylePickerProps) {
  const id = useId();
  const listId = `${id}-styles`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const styles = useAdminStyles(text.trim(), open);
  const options = open ? (styles.data ?? []) : [];
  const activeOption = options[Math.min(active, options.length - 1)];

  const choose = (style: AdminStyle) => {
    onChange(chosenOf(style));
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-800">
        Style
      </label>
      <p className="mb-2 text-sm text-ink-900" aria-live="polite">
        {value ? (
          <>
            {value.styleId === initial?.styleId ? 'Its style: ' : 'Joins '}
            <span className="font-semibold">{describe(value)}</span>
          </>
        ) : (
          'A new style of its own'
        )}
        {value?.styleId !== initial?.styleId ? (
          <>
            {' '}
            <button
              type="button"
              onClick={() => onChange(initial)}
              className="font-semibold text-brand-700 underline"
            >
              {initial ? 'Keep its own style' : 'Start a new style instead'}
            </button>
          </>
        ) : null}
      </p>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            open && activeOption ? `${listId}-${activeOption.styleId}` : undefined
          }
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : hintId}
          autoComplete="off"
          placeholder="Search styles by title"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={`${inputStyles(Boolean(error))} h-11`}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Styles"
          hidden={options.length === 0}
          className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-xl border border-ink-200 bg-white py-1 shadow-lg"
        >
          {options.map((style, index) => (
            <div
              key={style.styleId}
              tabIndex={-1}
              id={`${listId}-${style.styleId}`}
              role="option"
              aria-selected={style === activeOption}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(style);
              }}
              onMouseEnter={() => setActive(index)}
              className={`cursor-pointer px-4 py-2 text-sm ${style === activeOption ? 'bg-ink-100' : ''}`}
            >
              {describe(chosenOf(style))}
            </div>
          ))}
        </div>
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700">
          <span aria-hidden="true">⚠</span>
          {error}
        </p>
      ) : (
        <p id={hintId} className="mt-1.5 text-xs text-ink-600">
          Colours of one garment share a style: find another colour's style by its title.
        </p>
      )}
    </div>
  );
}
