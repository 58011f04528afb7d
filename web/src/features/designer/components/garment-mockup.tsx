import { memo } from 'react';
import {
  type DesignSide,
  type GarmentKind,
  MOCKUP_SIZE_MM,
  type PrintArea,
  type Product,
} from '#contract';
import { GARMENT_OUTLINE_HEX, garmentPartFill, garmentParts } from '#contract/design-render';

/** The colour to draw the garment in: the product's own (decision 018). */
export function garmentHex(product: Pick<Product, 'color'>): string {
  return product.color.hex;
}

/** Black or white, whichever reads better on the garment (the print area's outline). */
export function contrastOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  const luminance = 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0);
  return luminance > 150 ? '#3f3f46' : '#f4f4f5';
}

interface GarmentMockupProps {
  garment: GarmentKind;
  side: DesignSide;
  hex: string;
  printArea: PrintArea;
}

/**
 * The garment drawn in its colour with the print area outlined, in mock-up
 * millimetres; drawn again only when one of those changes, not at every frame of a gesture.
 */
export const GarmentMockup = memo(function GarmentMockup({
  garment,
  side,
  hex,
  printArea,
}: GarmentMockupProps) {
  const line = contrastOn(hex);
  return (
    <svg
      viewBox={`0 0 ${MOCKUP_SIZE_MM.widthMm} ${MOCKUP_SIZE_MM.heightMm}`}
      className="absolute inset-0 size-full"
      aria-hidden="true"
      data-garment={garment}
    >
      {garmentParts(garment, side).map((part, index) => {
        const { fill, fillOpacity } = garmentPartFill(part, hex);
        return (
          <path
            // The parts of one garment and side are a fixed list: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, never reordered
            key={index}
            d={part.d}
            fill={fill}
            fillOpacity={fillOpacity}
            stroke={GARMENT_OUTLINE_HEX}
            strokeWidth={2}
            strokeLinejoin="round"
            strokeLinecap="round"
            data-testid={index === 0 ? 'garment' : undefined}
          />
        );
      })}
      <rect
        x={printArea.xMm}
        y={printArea.yMm}
        width={printArea.widthMm}
        height={printArea.heightMm}
        fill="none"
        stroke={line}
        strokeWidth={1.5}
        strokeDasharray="8 6"
        data-testid="print-area"
      />
    </svg>
  );
});
