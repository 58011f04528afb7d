import {
  DESIGN_LIMITS,
  DESIGN_SIDES,
  type Design,
  type DesignImage,
  type DesignSide,
  designFont,
  EMPTY_DESIGN_MESSAGE,
  imagePrintDpi,
  layersOutsidePrintArea,
  outsidePrintAreaMessage,
  type PrintArea,
  unprintableCharacter,
  unprintableCharacterMessage,
} from '#contract';

/** An uploaded image as the designer knows it: where to fetch it and its pixel size. */
export type DesignImageInfo = Pick<DesignImage, '_id' | 'url' | 'width' | 'height'>;

export const GUARD_MESSAGES = {
  empty: EMPTY_DESIGN_MESSAGE,
  /** The server's refusal, with what to do about it. */
  outside: (side: DesignSide) =>
    `${outsidePrintAreaMessage(side)}. Move it inside or make it smaller.`,
  outsideLayer: 'Outside the print area',
  lowDpi: (dpi: number) =>
    `This image would print at ${dpi} DPI, below ${DESIGN_LIMITS.minPrintDpi}: it may look blurry. Make it smaller or upload a larger image.`,
} as const;

export interface GuardRails {
  /** Ids of layers reaching outside their side's print area. */
  outside: Set<string>;
  /** Image layers that would print below the minimum DPI, with their DPI. */
  lowDpi: Map<string, number>;
  /** Why the design cannot be added to the cart, or null when it can. */
  blocker: string | null;
}

/**
 * What the shopper is told while working (issue 12 item 6): a layer outside
 * the print area blocks ordering, and so does a character the layer's font
 * cannot draw; an image below 150 DPI is a warning, and an empty design
 * cannot be added.
 */
export function checkGuardRails(
  design: Design,
  printAreas: Record<DesignSide, PrintArea>,
  images: ReadonlyMap<string, DesignImageInfo>,
): GuardRails {
  const outside = new Set<string>();
  const lowDpi = new Map<string, number>();
  let blocker: string | null = null;
  for (const side of DESIGN_SIDES) {
    const outsideIds = layersOutsidePrintArea(design[side], printAreas[side]);
    for (const id of outsideIds) outside.add(id);
    if (outsideIds.length > 0) blocker ??= GUARD_MESSAGES.outside(side);
    for (const layer of design[side]) {
      if (layer.type === 'text') {
        const character = unprintableCharacter(layer);
        if (character !== undefined) {
          blocker ??= unprintableCharacterMessage(designFont(layer.fontId).label, character);
        }
        continue;
      }
      const image = images.get(layer.imageId);
      if (!image) continue;
      const dpi = Math.floor(imagePrintDpi(layer, image.width));
      if (dpi < DESIGN_LIMITS.minPrintDpi) lowDpi.set(layer.id, dpi);
    }
  }
  if (!design.namesAndNumbers && DESIGN_SIDES.every((side) => design[side].length === 0)) {
    blocker = GUARD_MESSAGES.empty;
  }
  return { outside, lowDpi, blocker };
}
