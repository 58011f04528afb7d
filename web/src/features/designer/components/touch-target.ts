/**
 * At least 44 × 44 CSS px (WCAG 2.5.5) on a phone-wide screen or under a
 * finger (coarse pointer); a desktop with a mouse keeps the compact sizes.
 */
export const TOUCH_TARGET =
  'max-sm:min-h-11 max-sm:min-w-11 pointer-coarse:min-h-11 pointer-coarse:min-w-11';
