import type { TextLayer } from './design.ts';

/**
 * The designer's fonts (D27): the approved families bundled with the shop, the
 * face a text layer is drawn with, and the characters text layers may use.
 */

/** Where the web serves the font files (web/public/fonts) and the server reads them. */
export const DESIGN_FONTS_PATH = '/fonts/';

/** A font's files by face; a face a font lacks is drawn with its regular face (never faked). */
export interface DesignFontFaces {
  regular: string;
  bold?: string;
  italic?: string;
  boldItalic?: string;
}

export interface DesignFont {
  id: string;
  label: string;
  /** The family name inside the files: resvg matches on it, and the web's @font-face uses it too. */
  family: string;
  faces: DesignFontFaces;
  /**
   * What the metrics cannot know, as a share of the font size, which the guard
   * rail adds around a text layer's ink: resvg draws an arc in short curves
   * (0.01 em), and Lobster, a script font, picks contextual glyphs (0.06 em).
   * print-file.test.ts measures it against resvg.
   */
  shapingAllowanceEm: number;
}

/** The approved fonts: files bundled with the shop (web/public/fonts, licences beside them). */
export const DESIGN_FONTS = [
  {
    id: 'inter',
    label: 'Inter',
    family: 'Inter',
    faces: {
      regular: 'Inter-Regular.otf',
      bold: 'Inter-Bold.otf',
      italic: 'Inter-Italic.otf',
      boldItalic: 'Inter-BoldItalic.otf',
    },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'lato',
    label: 'Lato',
    family: 'Lato',
    faces: { regular: 'Lato-Regular.ttf', bold: 'Lato-Bold.ttf' },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'roboto-slab',
    label: 'Roboto Slab',
    family: 'Roboto Slab',
    faces: { regular: 'RobotoSlab-Regular.otf', bold: 'RobotoSlab-Bold.otf' },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'liberation-serif',
    label: 'Serif',
    family: 'Liberation Serif',
    faces: {
      regular: 'LiberationSerif-Regular.ttf',
      bold: 'LiberationSerif-Bold.ttf',
      italic: 'LiberationSerif-Italic.ttf',
      boldItalic: 'LiberationSerif-BoldItalic.ttf',
    },
    shapingAllowanceEm: 0.02,
  },
  {
    id: 'lobster',
    label: 'Lobster',
    family: 'Lobster Two',
    faces: { regular: 'Lobster-Regular.otf' },
    shapingAllowanceEm: 0.08,
  },
  {
    id: 'bebas-neue',
    label: 'Bebas Neue',
    family: 'Bebas Neue',
    faces: { regular: 'BebasNeue-Regular.otf' },
    shapingAllowanceEm: 0.02,
  },
] as const satisfies readonly DesignFont[];
export type DesignFontId = (typeof DESIGN_FONTS)[number]['id'];

/** Every bundled font file's name, for the server's rasteriser and the web's @font-face rules. */
export const DESIGN_FONT_FILES: readonly string[] = DESIGN_FONTS.flatMap((font) =>
  Object.values(font.faces as DesignFontFaces),
);

export function designFont(id: string): DesignFont {
  return DESIGN_FONTS.find((font) => font.id === id) ?? DESIGN_FONTS[0];
}

/** The face a text layer is drawn with: a face its font lacks is never faked, so print matches preview. */
export function designFontFace(layer: Pick<TextLayer, 'fontId' | 'bold' | 'italic'>): {
  file: string;
  bold: boolean;
  italic: boolean;
} {
  const { faces } = designFont(layer.fontId) as DesignFont;
  const choices = [
    { file: faces.boldItalic, bold: true, italic: true },
    { file: faces.bold, bold: true, italic: false },
    { file: faces.italic, bold: false, italic: true },
  ];
  const face = choices.find(
    (choice) =>
      choice.file !== undefined && (!choice.bold || layer.bold) && (!choice.italic || layer.italic),
  );
  return face?.file
    ? { ...face, file: face.file }
    : { file: faces.regular, bold: false, italic: false };
}

/**
 * The characters text layers may use: printable ASCII, Latin-1 and common
 * typographic marks, each only in the fonts that draw it (the font metrics
 * table lists them), so every character is measured exactly and printed as
 * previewed (no machine fallback font).
 */
export const DESIGN_TEXT_CHARACTERS: readonly string[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, index) => String.fromCharCode(0xa0 + index)),
  ...'ŒœŠšŽžŸ‘’‚“”„–—…•€₹™',
];
