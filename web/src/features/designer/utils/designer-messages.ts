import { DESIGN_LIMITS } from '#contract';

export const DESIGNER_MESSAGES = {
  previewNote:
    'The mock-up is a preview: printed colours may vary slightly from what your screen shows.',
  /** How to work the canvas, by what the shopper uses (issue 28). */
  canvasHint: {
    keys: 'The dashed line is the print area; drag a layer, its corner to resize, its round handle to rotate, or select it and use the arrow keys. Double-click text to edit it in place.',
    touch:
      'The dashed line is the print area. Drag a layer with one finger; pinch it with two to resize and turn it. Tap again to pick the layer underneath; double-tap text to edit it.',
  },
  selectSize: 'Please select a size.',
  emptyRoster: 'Add a row to the roster first: each row is a piece with its name and number.',
  rosterProblem: (row: number, problem: string) => `Roster row ${row}: ${problem}`,
  tooManyLayers: `A side may have at most ${DESIGN_LIMITS.layersPerSide} layers.`,
} as const;
