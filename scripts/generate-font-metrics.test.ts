import { describe, expect, it } from 'vitest';
import { DESIGN_FONT_FILES } from '#contract';
import {
  DESIGN_FONT_METRICS,
  DESIGN_FONT_MISSING_CHARACTERS,
} from '../contract/src/design-font-metrics.ts';
import { measureFace } from './generate-font-metrics.ts';

describe('the font metrics table', () => {
  it('matches the bundled font files (run npm run design:font-metrics after changing one)', () => {
    for (const file of DESIGN_FONT_FILES) {
      const face = measureFace(file);
      expect(DESIGN_FONT_METRICS[file], file).toEqual({
        unitsPerEm: face.unitsPerEm,
        glyphs: face.glyphs,
      });
      expect(DESIGN_FONT_MISSING_CHARACTERS[file], file).toBe(face.missing);
    }
  });
});
