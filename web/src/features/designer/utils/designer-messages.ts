import { DESIGN_LIMITS } from '#contract';

export const DESIGNER_MESSAGES = {
  previewNote:
    'The mock-up is a preview: printed colours may vary slightly from what your screen shows.',
  selectSize: 'Please select a size.',
  tooManyLayers: `A side may have at most ${DESIGN_LIMITS.layersPerSide} layers.`,
} as const;
