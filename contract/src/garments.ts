/**
 * The garments a design is drawn on (issue 28): a product's category says
 * which. Kept free of zod, as the guest cart builds its lines on a first load.
 */

export const GARMENT_KINDS = ['tee', 'hoodie'] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

/** The categories whose garment the shop knows, as their names are written in any case. */
const GARMENT_OF_CATEGORY: Readonly<Record<string, GarmentKind>> = {
  't-shirts': 'tee',
  hoodies: 'hoodie',
};

/** The garment a category names, or undefined for one the shop draws as no particular garment. */
export const namedGarment = (category: string): GarmentKind | undefined =>
  GARMENT_OF_CATEGORY[category.trim().toLowerCase()];

/** The garment a product of this category is drawn as: a tee unless its category names another. */
export const garmentKind = (category: string): GarmentKind => namedGarment(category) ?? 'tee';
