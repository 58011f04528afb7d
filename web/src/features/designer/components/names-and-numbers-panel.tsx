import { type Dispatch, useId, useState } from 'react';
import { type NamesAndNumbers, ROSTER_LIMITS } from '#contract';
import {
  parseRoster,
  type RosterEntry,
  type RosterProblem,
  rosterProblems,
} from '#contract/names-and-numbers';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { inputStyles } from '#web/components/ui/form-field.tsx';
import type { EditorAction } from '../utils/editor-state.ts';
import { FontAndColour } from './layer-controls.tsx';
import { TOUCH_TARGET } from './touch-target.ts';

/** A roster row as the table edits it: its key survives edits and removals of other rows. */
export interface RosterDraftRow extends RosterEntry {
  key: string;
}

export const NAMES_AND_NUMBERS_MESSAGES = {
  sample: 'Sample (NAME 10)',
  pastedAll: (count: number) => `Added ${count} ${count === 1 ? 'row' : 'rows'}.`,
} as const;

const newKey = () => globalThis.crypto.randomUUID();

/** The rows as the cart takes them: keys dropped, names trimmed. */
export const rosterEntries = (rows: readonly RosterDraftRow[]): RosterEntry[] =>
  rows.map(({ size, name, number }) => ({ size, name: name.trim(), number }));

/** The roster's problems, numbered as the table shows its rows. */
export const rosterDraftProblems = (
  rows: readonly RosterDraftRow[],
  sizes: readonly string[],
  lettering: NamesAndNumbers,
): RosterProblem[] => rosterProblems(rosterEntries(rows), sizes, lettering);

const SMALL_BUTTON = (variant: 'outline' | 'danger') =>
  buttonStyles({ variant, size: 'sm', className: `px-3 ${TOUCH_TARGET}` });

/**
 * Names and numbers (issue 29), on the back: the lettering's font and colour,
 * the roster (a row per piece: size, name, number) typed in a table or pasted
 * from a spreadsheet with every bad line named, and which row the preview shows.
 */
export function NamesAndNumbersPanel({
  lettering,
  sizes,
  rows,
  onRowsChange,
  previewKey,
  onPreviewKey,
  dispatch,
}: {
  lettering: NamesAndNumbers;
  /** The sizes the product is made in. */
  sizes: readonly string[];
  rows: readonly RosterDraftRow[];
  onRowsChange: (rows: RosterDraftRow[]) => void;
  /** The row the preview shows, or null for the sample. */
  previewKey: string | null;
  onPreviewKey: (key: string | null) => void;
  dispatch: Dispatch<EditorAction>;
}) {
  const fontId = useId();
  const previewId = useId();
  const pasteId = useId();
  const [pasted, setPasted] = useState('');
  const [pasteProblems, setPasteProblems] = useState<RosterProblem[]>([]);
  const [pasteNote, setPasteNote] = useState('');
  const problems = rosterDraftProblems(rows, sizes, lettering);
  const full = rows.length >= ROSTER_LIMITS.rows;

  const setLettering = (patch: Partial<NamesAndNumbers>) =>
    dispatch({ type: 'setNamesAndNumbers', lettering: { ...lettering, ...patch } });
  const updateRow = (key: string, patch: Partial<RosterEntry>) =>
    onRowsChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const removeRow = (key: string) => {
    onRowsChange(rows.filter((row) => row.key !== key));
    if (previewKey === key) onPreviewKey(null);
  };
  const addRow = () => {
    const row = { key: newKey(), size: sizes[0] ?? '', name: '', number: null };
    onRowsChange([...rows, row]);
    onPreviewKey(row.key);
  };

  const addPasted = () => {
    const { rows: good, problems: bad } = parseRoster(pasted, sizes, lettering);
    const room = ROSTER_LIMITS.rows - rows.length;
    const added = good.slice(0, room).map((row) => ({ ...row, key: newKey() }));
    onRowsChange([...rows, ...added]);
    if (added[0] && previewKey === null) onPreviewKey(added[0].key);
    const lines = pasted.split(/\r?\n/);
    // The bad lines stay in the box to be put right; their problems keep the pasted numbering.
    setPasteProblems(bad);
    setPasted(bad.map((problem) => lines[problem.line - 1] ?? '').join('\n'));
    setPasteNote(NAMES_AND_NUMBERS_MESSAGES.pastedAll(added.length));
  };

  return (
    <section
      aria-labelledby={`${fontId}-heading`}
      className="space-y-4 rounded-2xl border border-ink-200 bg-white p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${fontId}-heading`} className="text-base font-semibold text-ink-900">
          Names and numbers
        </h2>
        <button
          type="button"
          onClick={() => dispatch({ type: 'setNamesAndNumbers', lettering: null })}
          className={SMALL_BUTTON('danger')}
        >
          Remove names and numbers
        </button>
      </div>
      <p className="text-sm text-ink-600">
        Each piece gets its own name (up to {ROSTER_LIMITS.nameMaxLength} characters) and number (
        {ROSTER_LIMITS.number.min}–{ROSTER_LIMITS.number.max}) on the back.
      </p>
      <FontAndColour
        fontLabel="Lettering font"
        colourLabel="Lettering colour"
        colourName={(colour) => `Lettering ${colour.toLowerCase()}`}
        fontId={lettering.fontId}
        colorId={lettering.colorId}
        onChange={setLettering}
      />

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-left text-sm font-medium text-ink-800">
            Roster: {rows.length} {rows.length === 1 ? 'piece' : 'pieces'}
          </caption>
          <thead>
            <tr className="text-left text-xs text-ink-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                #
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Size
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Name
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Number
              </th>
              <th scope="col" className="sr-only">
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const line = index + 1;
              const bad = problems.some((problem) => problem.line === line);
              return (
                <tr key={row.key} data-testid="roster-row">
                  <td className="py-1 pr-2 text-ink-600 tabular-nums">{line}</td>
                  <td className="py-1 pr-2">
                    <select
                      aria-label={`Size, row ${line}`}
                      value={row.size}
                      onChange={(event) => updateRow(row.key, { size: event.target.value })}
                      className={`${inputStyles(bad && !sizes.includes(row.size))} h-11 w-20`}
                    >
                      {sizes.map((size) => (
                        <option key={size} value={size}>
                          {size}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      aria-label={`Name, row ${line}`}
                      value={row.name}
                      maxLength={ROSTER_LIMITS.nameMaxLength}
                      onChange={(event) => updateRow(row.key, { name: event.target.value })}
                      onFocus={() => onPreviewKey(row.key)}
                      className={`${inputStyles(bad)} h-11 min-w-28`}
                    />
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      aria-label={`Number, row ${line}`}
                      inputMode="numeric"
                      value={row.number ?? ''}
                      maxLength={2}
                      onChange={(event) => {
                        const typed = event.target.value.trim();
                        if (typed === '') updateRow(row.key, { number: null });
                        else if (/^\d{1,2}$/.test(typed))
                          updateRow(row.key, { number: Number(typed) });
                      }}
                      onFocus={() => onPreviewKey(row.key)}
                      className={`${inputStyles(bad)} h-11 w-16`}
                    />
                  </td>
                  <td className="py-1">
                    <button
                      type="button"
                      aria-label={`Remove row ${line}`}
                      onClick={() => removeRow(row.key)}
                      className={SMALL_BUTTON('outline')}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {problems.length > 0 ? (
        <ul role="status" aria-label="Roster problems" className="space-y-1 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.message}`}>
              Row {problem.line}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        onClick={addRow}
        disabled={full}
        className={buttonStyles({ variant: 'outline', className: TOUCH_TARGET })}
      >
        Add row
      </button>

      <div>
        <label htmlFor={pasteId} className="text-sm font-medium text-ink-800">
          Paste from a spreadsheet
        </label>
        <p id={`${pasteId}-hint`} className="text-xs text-ink-600">
          One piece a line: size, name, number (tab or comma separated; a header row is skipped).
        </p>
        <textarea
          id={pasteId}
          aria-describedby={`${pasteId}-hint`}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          rows={4}
          className={`${inputStyles(pasteProblems.length > 0)} mt-1.5 font-mono`}
        />
        <button
          type="button"
          onClick={addPasted}
          disabled={pasted.trim() === '' || full}
          className={buttonStyles({ variant: 'outline', className: `mt-2 ${TOUCH_TARGET}` })}
        >
          Add pasted rows
        </button>
        <p aria-live="polite" className="mt-1 text-sm text-ink-700">
          {pasteNote}
        </p>
        {pasteProblems.length > 0 ? (
          <ul
            role="alert"
            aria-label="Pasted lines not added"
            className="mt-1 space-y-1 text-sm text-red-800"
          >
            {pasteProblems.map((problem) => (
              <li key={`${problem.line}:${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div>
        <label htmlFor={previewId} className="text-sm font-medium text-ink-800">
          Show on the preview
        </label>
        <select
          id={previewId}
          value={previewKey ?? ''}
          onChange={(event) => onPreviewKey(event.target.value || null)}
          className={`${inputStyles(false)} mt-1.5 h-11`}
        >
          <option value="">{NAMES_AND_NUMBERS_MESSAGES.sample}</option>
          {rows.map((row, index) => (
            <option key={row.key} value={row.key}>
              Row {index + 1}: {row.size} {row.name} {row.number ?? ''}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}
