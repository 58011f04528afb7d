import { DESIGN_FONTS, DESIGN_FONTS_PATH, type DesignFontFaces } from '#contract';

const STYLE_ID = 'design-fonts';

const FACES: { key: keyof DesignFontFaces; weight: number; style: 'normal' | 'italic' }[] = [
  { key: 'regular', weight: 400, style: 'normal' },
  { key: 'bold', weight: 700, style: 'normal' },
  { key: 'italic', weight: 400, style: 'italic' },
  { key: 'boldItalic', weight: 700, style: 'italic' },
];

/** @font-face rules for every bundled design font: the same files the print file is drawn with. */
export function designFontFaceCss(): string {
  return DESIGN_FONTS.flatMap((font) =>
    FACES.flatMap(({ key, weight, style }) => {
      const file = (font.faces as DesignFontFaces)[key];
      return file
        ? [
            `@font-face{font-family:"${font.family}";src:url("${DESIGN_FONTS_PATH}${file}");font-weight:${weight};font-style:${style};font-display:swap}`,
          ]
        : [];
    }),
  ).join('\n');
}

/**
 * Adds the design fonts' @font-face rules to the page once, when a design is
 * first drawn: pages without designs never load them (issue 14's budget).
 */
export function ensureDesignFonts(): void {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = designFontFaceCss();
  document.head.append(style);
}
