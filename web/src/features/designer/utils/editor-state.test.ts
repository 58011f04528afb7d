import { describe, expect, it } from 'vitest';
import type { ImageLayer, Layer, TextLayer } from '#contract';
import { makeTextLayer } from '#web/testing/data.ts';
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  HISTORY_LIMIT,
  initialEditorState,
  NUDGE_MM,
  nudgeFor,
  SNAP_MM,
  selectedLayer,
  snapToCentre,
} from './editor-state.ts';

const text = (id: string, overrides: Partial<TextLayer> = {}): TextLayer =>
  makeTextLayer({ id, ...overrides });

const image = (id: string): ImageLayer => ({
  id,
  type: 'image',
  imageId: '00000000-0000-4000-8000-000000000001',
  xMm: 100,
  yMm: 100,
  widthMm: 80,
  heightMm: 60,
  rotationDeg: 0,
});

const run = (actions: EditorAction[], state: EditorState = initialEditorState()) =>
  actions.reduce(editorReducer, state);

const ids = (layers: Layer[]) => layers.map((layer) => layer.id);

describe('editorReducer', () => {
  it('adds a layer on the side on show and selects it', () => {
    const state = run([
      { type: 'setSide', side: 'back' },
      { type: 'add', layer: text('a') },
    ]);
    expect(ids(state.design.back)).toEqual(['a']);
    expect(state.design.front).toEqual([]);
    expect(selectedLayer(state)?.id).toBe('a');
  });

  it('undoes and redoes each change, and a new change drops what could be redone', () => {
    let state = run([
      { type: 'add', layer: text('a') },
      { type: 'update', id: 'a', patch: { bold: true } },
    ]);
    state = editorReducer(state, { type: 'undo' });
    expect((state.design.front[0] as TextLayer).bold).toBe(false);
    state = editorReducer(state, { type: 'undo' });
    expect(state.design.front).toEqual([]);
    expect(state.selectedId).toBeNull();
    state = editorReducer(state, { type: 'redo' });
    expect(ids(state.design.front)).toEqual(['a']);
    state = editorReducer(state, { type: 'update', id: 'a', patch: { italic: true } });
    expect(state.future).toEqual([]);
    expect(editorReducer(state, { type: 'redo' })).toBe(state);
  });

  it('makes a run of typing or sliding one undo step, and a different edit its own', () => {
    let state = run([
      { type: 'add', layer: text('a', { text: '' }) },
      { type: 'update', id: 'a', patch: { text: 'H' }, mergeKey: 'text' },
      { type: 'update', id: 'a', patch: { text: 'Hi' }, mergeKey: 'text' },
      { type: 'update', id: 'a', patch: { arcDegrees: 20 }, mergeKey: 'arc' },
      { type: 'update', id: 'a', patch: { arcDegrees: 40 }, mergeKey: 'arc' },
    ]);
    state = editorReducer(state, { type: 'undo' });
    expect(state.design.front[0]).toMatchObject({ text: 'Hi', arcDegrees: 0 });
    state = editorReducer(state, { type: 'undo' });
    expect(state.design.front[0]).toMatchObject({ text: '' });
  });

  it('makes a whole drag one undo step, and a drag that moved nothing none', () => {
    let state = run([
      { type: 'add', layer: text('a') },
      { type: 'gesture', id: 'a', patch: { xMm: 160 } },
      { type: 'gesture', id: 'a', patch: { xMm: 170, yMm: 210 } },
      { type: 'endGesture' },
    ]);
    expect(state.design.front[0]).toMatchObject({ xMm: 170, yMm: 210 });
    expect(state.past).toHaveLength(2);
    // A press and release without a move: nothing to undo, and no new state to render.
    expect(editorReducer(state, { type: 'endGesture' })).toBe(state);
    // A lift's result sent again (the canvas settles a pending lift at the next press): no second step.
    const again = editorReducer(state, { type: 'gesture', id: 'a', patch: { xMm: 170, yMm: 210 } });
    expect(again).toBe(state);
    expect(editorReducer(again, { type: 'endGesture' })).toBe(state);
    state = editorReducer(state, { type: 'undo' });
    expect(state.design.front[0]).toMatchObject({ xMm: 150, yMm: 200 });
  });

  it('nudges the selected layer, Shift by the bigger step, and a run of nudges undoes at once', () => {
    const moved = run([
      { type: 'add', layer: text('a') },
      { type: 'nudge', ...(nudgeFor('ArrowRight', false) ?? { dxMm: 0, dyMm: 0 }) },
      { type: 'nudge', ...(nudgeFor('ArrowDown', true) ?? { dxMm: 0, dyMm: 0 }) },
    ]);
    expect(moved.design.front[0]).toMatchObject({
      xMm: 150 + NUDGE_MM.step,
      yMm: 200 + NUDGE_MM.big,
    });
    expect(editorReducer(moved, { type: 'undo' }).design.front[0]).toMatchObject({
      xMm: 150,
      yMm: 200,
    });
    const none = run([
      { type: 'add', layer: text('a') },
      { type: 'select', id: null },
    ]);
    expect(editorReducer(none, { type: 'nudge', dxMm: 1, dyMm: 0 })).toBe(none);
  });

  it('brings forward and sends back within the side, and stops at the ends', () => {
    let state = run([
      { type: 'add', layer: text('a') },
      { type: 'add', layer: image('b') },
      { type: 'add', layer: text('c') },
      { type: 'select', id: 'a' },
      { type: 'bringForward' },
    ]);
    expect(ids(state.design.front)).toEqual(['b', 'a', 'c']);
    state = run([{ type: 'bringForward' }], state);
    expect(ids(state.design.front)).toEqual(['b', 'c', 'a']);
    expect(editorReducer(state, { type: 'bringForward' })).toBe(state);
    state = run([{ type: 'sendBackward' }, { type: 'sendBackward' }], state);
    expect(ids(state.design.front)).toEqual(['a', 'b', 'c']);
    expect(editorReducer(state, { type: 'sendBackward' })).toBe(state);
  });

  it('deletes the selected layer and undo brings it back selected', () => {
    let state = run([
      { type: 'add', layer: text('a') },
      { type: 'add', layer: text('b') },
      { type: 'remove' },
    ]);
    expect(ids(state.design.front)).toEqual(['a']);
    expect(state.selectedId).toBeNull();
    state = editorReducer({ ...state, selectedId: 'b' }, { type: 'undo' });
    expect(ids(state.design.front)).toEqual(['a', 'b']);
    expect(state.selectedId).toBe('b');
  });

  it('refuses more layers than a side may have', () => {
    let state = initialEditorState();
    for (let index = 0; index < 10; index += 1) {
      state = editorReducer(state, { type: 'add', layer: text(`t${index}`) });
    }
    expect(editorReducer(state, { type: 'add', layer: text('extra') })).toBe(state);
  });

  it('keeps at most HISTORY_LIMIT steps', () => {
    let state = run([{ type: 'add', layer: text('a') }]);
    for (let index = 0; index < HISTORY_LIMIT + 20; index += 1) {
      state = editorReducer(state, {
        type: 'update',
        id: 'a',
        patch: { fontSizeMm: 10 + (index % 50) },
      });
    }
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it('opens a loaded design on the side that has layers, with no history', () => {
    const state = run([
      { type: 'add', layer: text('a') },
      { type: 'load', design: { front: [], back: [text('b')] } },
    ]);
    expect(state.side).toBe('back');
    expect(state.past).toEqual([]);
  });
});

describe('snapToCentre', () => {
  const area = { xMm: 150, yMm: 150, widthMm: 300, heightMm: 400 };

  it('pulls a centre within the snap distance onto the centre lines', () => {
    expect(snapToCentre(150 + SNAP_MM, 200 - SNAP_MM, area)).toEqual({
      xMm: 150,
      yMm: 200,
      snappedX: true,
      snappedY: true,
    });
  });

  it('leaves a centre further away where it is, to a tenth of a millimetre', () => {
    expect(snapToCentre(150 + SNAP_MM + 0.04, 123.456, area)).toEqual({
      xMm: 154,
      yMm: 123.5,
      snappedX: false,
      snappedY: false,
    });
  });
});

describe('nudgeFor', () => {
  it('maps the arrow keys and nothing else', () => {
    expect(nudgeFor('ArrowLeft', false)).toEqual({ dxMm: -NUDGE_MM.step, dyMm: 0 });
    expect(nudgeFor('ArrowUp', true)).toEqual({ dxMm: 0, dyMm: -NUDGE_MM.big });
    expect(nudgeFor('a', false)).toBeNull();
  });
});
