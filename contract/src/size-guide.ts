import type { Size } from './catalogue.ts';

/**
 * The size guide's measurements (issue 16), kept as data: per category the
 * shop sells, per size, the garment's girth (chest round for tops, waist for
 * joggers) and length, in centimetres. A category missing here shows no guide.
 */
export type SizeChart = Readonly<Partial<Record<Size, { girth: number; length: number }>>>;

export interface SizeGuideEntry {
  /** What the girth column measures. */
  girthLabel: 'Chest' | 'Waist';
  sizes: SizeChart;
}

export const SIZE_GUIDE: Readonly<Record<string, SizeGuideEntry>> = {
  'T-Shirts': {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 86, length: 66 },
      S: { girth: 92, length: 69 },
      M: { girth: 98, length: 71 },
      L: { girth: 104, length: 74 },
      XL: { girth: 112, length: 76 },
      XXL: { girth: 120, length: 79 },
    },
  },
  'Tank Tops': {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 84, length: 64 },
      S: { girth: 90, length: 67 },
      M: { girth: 96, length: 70 },
      L: { girth: 102, length: 73 },
      XL: { girth: 110, length: 75 },
      XXL: { girth: 118, length: 78 },
    },
  },
  'Polo Shirts': {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 90, length: 67 },
      S: { girth: 96, length: 70 },
      M: { girth: 102, length: 72 },
      L: { girth: 108, length: 75 },
      XL: { girth: 116, length: 77 },
      XXL: { girth: 124, length: 80 },
    },
  },
  Shirts: {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 94, length: 72 },
      S: { girth: 100, length: 74 },
      M: { girth: 106, length: 76 },
      L: { girth: 112, length: 78 },
      XL: { girth: 120, length: 80 },
      XXL: { girth: 128, length: 82 },
    },
  },
  Sweatshirts: {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 96, length: 64 },
      S: { girth: 102, length: 67 },
      M: { girth: 108, length: 69 },
      L: { girth: 116, length: 72 },
      XL: { girth: 124, length: 74 },
      XXL: { girth: 132, length: 77 },
    },
  },
  Hoodies: {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 98, length: 65 },
      S: { girth: 104, length: 68 },
      M: { girth: 110, length: 70 },
      L: { girth: 118, length: 73 },
      XL: { girth: 126, length: 75 },
      XXL: { girth: 134, length: 78 },
    },
  },
  Jackets: {
    girthLabel: 'Chest',
    sizes: {
      XS: { girth: 100, length: 66 },
      S: { girth: 106, length: 68 },
      M: { girth: 112, length: 70 },
      L: { girth: 120, length: 72 },
      XL: { girth: 128, length: 74 },
      XXL: { girth: 136, length: 76 },
    },
  },
  Joggers: {
    girthLabel: 'Waist',
    sizes: {
      XS: { girth: 66, length: 96 },
      S: { girth: 72, length: 98 },
      M: { girth: 78, length: 100 },
      L: { girth: 84, length: 102 },
      XL: { girth: 92, length: 104 },
      XXL: { girth: 100, length: 106 },
    },
  },
};
