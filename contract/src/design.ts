import { z } from 'zod';
import { DESIGN_SIDES } from './cart-line-rules.ts';
import { IdParamsSchema, IdSchema, TimestampSchema } from './common.ts';
import { DESIGN_FONTS } from './design-fonts.ts';
import { DESIGN_PALETTE } from './design-palette.ts';
import { defineEndpoint } from './endpoint.ts';
import { shortOrderNumber } from './format.ts';
import { GARMENT_KINDS } from './garments.ts';
import { textSchema } from './text.ts';

/**
 * A shopper's design (D27, issue 12): layers of text and uploaded images on
 * the front and back print areas of a garment. Positions are millimetres in
 * the print area: (0, 0) is its top-left corner and a layer's x/y is its
 * centre. The web editor, the cart, checkout and the print file all read this
 * one description; the server validates it with these schemas. The fonts
 * (design-fonts.ts), the palette (design-palette.ts), how layers are measured
 * (design-layout.ts) and drawn (design-render.ts) are files of their own.
 */

export const DesignSideSchema = z.enum(DESIGN_SIDES, {
  error: `side must be one of ${DESIGN_SIDES.join(', ')}`,
});
export type DesignSide = z.infer<typeof DesignSideSchema>;

export const DESIGN_LIMITS = {
  layersPerSide: 10,
  textMaxLength: 60,
  textMaxLines: 4,
  fontSizeMm: { min: 4, max: 150 },
  imageSizeMm: { min: 5, max: 600 },
  /** Layer centres stay near the print area; reaching outside it is refused separately. */
  positionMm: { min: -600, max: 1200 },
  rotationDeg: { min: -180, max: 180 },
  /**
   * The angle arched text spans: + arches up (a hill), − down (a smile); 0 is
   * straight, and an arc is at least `minArc`° either way (a slighter one
   * has a circle too large to measure).
   */
  arcDegrees: { min: -300, max: 300, minArc: 1 },
  /** An image printing below this many dots per inch at its size is warned about. */
  minPrintDpi: 150,
  /** Print files are rendered at this resolution. */
  printDpi: 300,
  savedDesignNameMaxLength: 80,
  savedDesignsPerUser: 200,
} as const;

/** The garment mock-up's size: print areas are placed on it, in millimetres. */
export const MOCKUP_SIZE_MM = { widthMm: 600, heightMm: 700 } as const;

/** The garment a design is drawn on (garments.ts says which a product is). */
export const GarmentKindSchema = z.enum(GARMENT_KINDS);

const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

function rangedNumber(label: string, { min, max }: { min: number; max: number }, unit = '') {
  return z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}${unit}`)
    .max(max, `${label} must be at most ${max}${unit}`);
}

const LayerIdSchema = textSchema('Layer id').min(1, 'Layer id is required').max(40);
const PositionSchema = (axis: string) => rangedNumber(axis, DESIGN_LIMITS.positionMm, ' mm');
const RotationSchema = rangedNumber('Rotation', DESIGN_LIMITS.rotationDeg, '°');

export const ARC_TOO_SLIGHT_MESSAGE = `Arc must be 0 (straight) or at least ${DESIGN_LIMITS.arcDegrees.minArc}° either way`;

export const TextLayerSchema = z.object({
  id: LayerIdSchema,
  type: z.literal('text'),
  text: textSchema('Text', { multiLine: true })
    .refine((text) => text.trim() !== '', 'Text must not be empty')
    .refine(
      (text) => [...text].length <= DESIGN_LIMITS.textMaxLength,
      `Text must be at most ${DESIGN_LIMITS.textMaxLength} characters`,
    )
    .refine(
      (text) => text.split('\n').length <= DESIGN_LIMITS.textMaxLines,
      `Text must be at most ${DESIGN_LIMITS.textMaxLines} lines`,
    ),
  fontId: z.enum(
    DESIGN_FONTS.map((font) => font.id),
    { error: `Font must be one of ${DESIGN_FONTS.map((font) => font.id).join(', ')}` },
  ),
  colorId: z.enum(
    DESIGN_PALETTE.map((color) => color.id),
    { error: `Colour must be one of ${DESIGN_PALETTE.map((color) => color.id).join(', ')}` },
  ),
  fontSizeMm: rangedNumber('Font size', DESIGN_LIMITS.fontSizeMm, ' mm'),
  bold: z.boolean({ error: 'bold must be true or false' }),
  italic: z.boolean({ error: 'italic must be true or false' }),
  align: z.enum(TEXT_ALIGNS, { error: `align must be one of ${TEXT_ALIGNS.join(', ')}` }),
  arcDegrees: rangedNumber('Arc', DESIGN_LIMITS.arcDegrees, '°').refine(
    (degrees) => degrees === 0 || Math.abs(degrees) >= DESIGN_LIMITS.arcDegrees.minArc,
    ARC_TOO_SLIGHT_MESSAGE,
  ),
  xMm: PositionSchema('x'),
  yMm: PositionSchema('y'),
  rotationDeg: RotationSchema,
});
export type TextLayer = z.infer<typeof TextLayerSchema>;

export const unprintableCharacterMessage = (fontLabel: string, character: string) =>
  `The font ${fontLabel} cannot print “${character}”: use letters, digits and common punctuation`;

export const ImageLayerSchema = z.object({
  id: LayerIdSchema,
  type: z.literal('image'),
  imageId: z.uuid({ error: 'imageId must be the _id of an uploaded design image' }),
  xMm: PositionSchema('x'),
  yMm: PositionSchema('y'),
  widthMm: rangedNumber('Image width', DESIGN_LIMITS.imageSizeMm, ' mm'),
  heightMm: rangedNumber('Image height', DESIGN_LIMITS.imageSizeMm, ' mm'),
  rotationDeg: RotationSchema,
});
export type ImageLayer = z.infer<typeof ImageLayerSchema>;

export const LayerSchema = z.discriminatedUnion('type', [TextLayerSchema, ImageLayerSchema], {
  error: 'A layer must be of type text or image',
});
export type Layer = z.infer<typeof LayerSchema>;

const SideLayersSchema = z
  .array(LayerSchema, { error: 'A side must be a list of layers' })
  .max(DESIGN_LIMITS.layersPerSide, `A side may have at most ${DESIGN_LIMITS.layersPerSide} layers`)
  .refine(
    (layers) => new Set(layers.map((layer) => layer.id)).size === layers.length,
    'Each layer id may appear only once on a side',
  )
  .refine(
    (layers) =>
      layers.every(
        (layer) => layer.type !== 'text' || layer.arcDegrees === 0 || !layer.text.includes('\n'),
      ),
    'Arched text must be a single line',
  );

export const EMPTY_DESIGN_MESSAGE = 'The design is empty: add text or an image first';

/**
 * Names and numbers on the back (issue 29): the font and colour every piece's
 * own name and number are lettered in; the pieces' names and numbers travel
 * with their cart lines and order items (names-and-numbers.ts draws them).
 */
export const NamesAndNumbersSchema = z.object({
  fontId: TextLayerSchema.shape.fontId,
  colorId: TextLayerSchema.shape.colorId,
});
export type NamesAndNumbers = z.infer<typeof NamesAndNumbersSchema>;

/**
 * Array order is z-order: the last layer is drawn on top. A side with no
 * layers is not printed, except a personalised piece's back; a design of
 * names and numbers alone is not empty (each piece's lettering is its print).
 */
export const DesignSchema = z
  .object(
    {
      front: SideLayersSchema,
      back: SideLayersSchema,
      namesAndNumbers: NamesAndNumbersSchema.optional(),
    },
    { error: 'design must be an object' },
  )
  .refine(
    (design) =>
      design.front.length + design.back.length > 0 || design.namesAndNumbers !== undefined,
    EMPTY_DESIGN_MESSAGE,
  );
export type Design = z.infer<typeof DesignSchema>;

// ---------------------------------------------------------------- products

/** A print area on the mock-up ({@link MOCKUP_SIZE_MM}): its top-left corner and size, in mm. */
export const PrintAreaSchema = z
  .object({
    xMm: rangedNumber('Print area x', { min: 0, max: MOCKUP_SIZE_MM.widthMm }, ' mm'),
    yMm: rangedNumber('Print area y', { min: 0, max: MOCKUP_SIZE_MM.heightMm }, ' mm'),
    widthMm: rangedNumber('Print area width', { min: 50, max: MOCKUP_SIZE_MM.widthMm }, ' mm'),
    heightMm: rangedNumber('Print area height', { min: 50, max: MOCKUP_SIZE_MM.heightMm }, ' mm'),
  })
  .refine(
    (area) =>
      area.xMm + area.widthMm <= MOCKUP_SIZE_MM.widthMm &&
      area.yMm + area.heightMm <= MOCKUP_SIZE_MM.heightMm,
    `A print area must lie on the ${MOCKUP_SIZE_MM.widthMm} × ${MOCKUP_SIZE_MM.heightMm} mm mock-up`,
  );
export type PrintArea = z.infer<typeof PrintAreaSchema>;

export const PrintAreasSchema = z.object({ front: PrintAreaSchema, back: PrintAreaSchema });
export type PrintAreas = z.infer<typeof PrintAreasSchema>;

const DecorationPriceSchema = (side: string) =>
  z
    .number({ error: `The ${side} decoration price must be a number` })
    .min(0, `The ${side} decoration price must be 0 or more`)
    .max(10_000, `The ${side} decoration price must be at most ₹10000`)
    .refine(
      (rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6,
      `The ${side} decoration price may have at most 2 decimals`,
    );

/** Whether shoppers may design on a product, where, and what each printed side adds to its price. */
export const ProductCustomisationSchema = z.object({
  customisable: z.boolean({ error: 'customisable must be true or false' }),
  printAreas: PrintAreasSchema,
  /** Rupees added per printed side (D4: exact to the paisa). */
  decorationPrice: z.object({
    front: DecorationPriceSchema('front'),
    back: DecorationPriceSchema('back'),
  }),
  /** Its photos show the bare garment the designer prints on (issue 28). */
  blank: z.boolean({ error: 'blank must be true or false' }),
});
export type ProductCustomisation = z.infer<typeof ProductCustomisationSchema>;

// ---------------------------------------------------------------- pure rules

export const NOT_CUSTOMISABLE_MESSAGE = 'This product cannot be customised';
export const outsidePrintAreaMessage = (side: DesignSide) =>
  `A layer on the ${side} reaches outside the print area`;

/** The dots per inch an image prints at when its `pixelWidth` pixels cover the layer's width. */
export function imagePrintDpi(layer: Pick<ImageLayer, 'widthMm'>, pixelWidth: number): number {
  return pixelWidth / (layer.widthMm / 25.4);
}

/** A print file's size in pixels: the print area at {@link DESIGN_LIMITS.printDpi}. */
export function printPixelSize(area: Pick<PrintArea, 'widthMm' | 'heightMm'>): {
  width: number;
  height: number;
} {
  const pixels = (mm: number) => Math.round((mm / 25.4) * DESIGN_LIMITS.printDpi);
  return { width: pixels(area.widthMm), height: pixels(area.heightMm) };
}

/** Every uploaded image a design uses. */
export function designImageIds(design: Design): string[] {
  const ids = DESIGN_SIDES.flatMap((side) =>
    design[side].flatMap((layer) => (layer.type === 'image' ? [layer.imageId] : [])),
  );
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- API

export const DESIGN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const DESIGN_IMAGE_MIN_SIDE = 32;
export const DESIGN_IMAGE_MAX_SIDE = 8000;
/** 36 megapixels: enough for a full 300 × 400 mm print area at 300 DPI (~17 MP), twice over. */
export const DESIGN_IMAGE_MAX_PIXELS = 36_000_000;
/** A signed-in shopper's upload that no cart line, saved design or order uses is removed after this. */
export const DESIGN_IMAGE_UNUSED_HOURS = 72;
/** A guest's upload that nothing uses is removed sooner: it costs the shop storage for nobody. */
export const DESIGN_IMAGE_GUEST_UNUSED_HOURS = 6;
/**
 * Uploads are stored at most this many pixels a side: what the longest an
 * image layer prints ({@link DESIGN_LIMITS.imageSizeMm}, 600 mm) needs at
 * 300 DPI. A larger picture is downscaled on upload; no print loses a dot.
 */
export const DESIGN_IMAGE_STORED_MAX_SIDE = printPixelSize({
  widthMm: DESIGN_LIMITS.imageSizeMm.max,
  heightMm: DESIGN_LIMITS.imageSizeMm.max,
}).width;

/** A guest address's uploads past its bytes for the day (429). */
export const guestUploadBudgetMessage = (bytesPerDay: number) =>
  `Guests may upload ${Math.round((bytesPerDay / 1024 / 1024) * 10) / 10} MB of images a day from one address, and this one has: sign in to upload more, or try again tomorrow`;
/** The shop holds as many unclaimed guest uploads as it allows (503 until some expire or are used). */
export const GUEST_UPLOADS_FULL_MESSAGE = `The shop is holding as many guests' images as it can just now: sign in to upload, or try again in a few hours`;

export const DesignImageSchema = z.object({
  _id: IdSchema,
  url: z.string(),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type DesignImage = z.infer<typeof DesignImageSchema>;

export const uploadDesignImage = defineEndpoint({
  name: 'uploadDesignImage',
  method: 'POST',
  path: '/design-images',
  tag: 'designs',
  summary: `Upload an image for a design (guests too, rate limited): the body is the file's bytes with Content-Type image/png, image/jpeg or image/webp; at most ${DESIGN_IMAGE_MAX_BYTES / 1024 / 1024} MB and ${DESIGN_IMAGE_MAX_PIXELS / 1_000_000} megapixels; stored re-encoded without metadata, downscaled to at most ${DESIGN_IMAGE_STORED_MAX_SIDE} px a side; a guest's removed after ${DESIGN_IMAGE_GUEST_UNUSED_HOURS} h (a signed-in shopper's after ${DESIGN_IMAGE_UNUSED_HOURS} h) unless a cart line, saved design or order uses it. Guests have a byte budget per address per day (429) and share a room for unclaimed uploads (503 while full)`,
  auth: 'optional',
  consumes: ['image/png', 'image/jpeg', 'image/webp'],
  result: DesignImageSchema,
});

const SavedDesignNameSchema = textSchema('Name')
  .trim()
  .min(1, 'Name is required')
  .max(
    DESIGN_LIMITS.savedDesignNameMaxLength,
    `Name must be at most ${DESIGN_LIMITS.savedDesignNameMaxLength} characters`,
  );

export const SavedDesignSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  /** The product it was designed on. */
  productId: IdSchema,
  design: DesignSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** The path of its read-only link (`/d/{token}`) while the owner shares it (issue 29), else null. */
  sharePath: z.string().nullable(),
});
export type SavedDesign = z.infer<typeof SavedDesignSchema>;

export const CreateSavedDesignBodySchema = z.object({
  name: SavedDesignNameSchema,
  productId: textSchema('productId').min(1, 'productId is required').max(64),
  design: DesignSchema,
});
export type CreateSavedDesignBody = z.infer<typeof CreateSavedDesignBodySchema>;

export const UpdateSavedDesignBodySchema = z
  .object({ name: SavedDesignNameSchema.optional(), design: DesignSchema.optional() })
  .refine((body) => body.name !== undefined || body.design !== undefined, {
    message: 'Send a name or a design',
  });
export type UpdateSavedDesignBody = z.infer<typeof UpdateSavedDesignBodySchema>;

export const listSavedDesigns = defineEndpoint({
  name: 'listSavedDesigns',
  method: 'GET',
  path: '/designs',
  tag: 'designs',
  summary: "The signed-in shopper's saved designs, most recently changed first",
  auth: 'user',
  result: z.array(SavedDesignSchema),
});

export const createSavedDesign = defineEndpoint({
  name: 'createSavedDesign',
  method: 'POST',
  path: '/designs',
  tag: 'designs',
  summary: 'Save a design made on a customisable product',
  auth: 'user',
  body: CreateSavedDesignBodySchema,
  result: SavedDesignSchema,
});

export const getSavedDesign = defineEndpoint({
  name: 'getSavedDesign',
  method: 'GET',
  path: '/designs/:id',
  tag: 'designs',
  summary: 'One of the shopper’s saved designs (another shopper’s is a 404)',
  auth: 'user',
  params: IdParamsSchema,
  result: SavedDesignSchema,
});

export const updateSavedDesign = defineEndpoint({
  name: 'updateSavedDesign',
  method: 'PUT',
  path: '/designs/:id',
  tag: 'designs',
  summary:
    'Rename a saved design or replace its layers; orders keep the design they were placed with',
  auth: 'user',
  params: IdParamsSchema,
  body: UpdateSavedDesignBodySchema,
  result: SavedDesignSchema,
});

export const duplicateSavedDesign = defineEndpoint({
  name: 'duplicateSavedDesign',
  method: 'POST',
  path: '/designs/:id/duplicate',
  tag: 'designs',
  summary: "Copy a saved design ('… (copy)')",
  auth: 'user',
  params: IdParamsSchema,
  result: SavedDesignSchema,
});

export const deleteSavedDesign = defineEndpoint({
  name: 'deleteSavedDesign',
  method: 'DELETE',
  path: '/designs/:id',
  tag: 'designs',
  summary: 'Delete a saved design; orders placed with it keep their copy',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

export const PrintFileParamsSchema = z.object({
  id: textSchema('The id').max(64),
  itemId: textSchema('The item id').max(64),
  side: DesignSideSchema,
});
export type PrintFileParams = z.infer<typeof PrintFileParamsSchema>;

export const downloadPrintFile = defineEndpoint({
  name: 'downloadPrintFile',
  method: 'GET',
  path: '/admin/orders/:id/items/:itemId/print/:side',
  tag: 'admin',
  summary: `The print file of one printed side of an ordered line: a transparent PNG of the print area at ${DESIGN_LIMITS.printDpi} DPI, drawn from the design frozen at checkout`,
  auth: 'admin',
  params: PrintFileParamsSchema,
  produces: 'image/png',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

/**
 * A print file's name: the order as the shop numbers it, the line, and the
 * blank the print shop picks for it (size, garment colour), then the side:
 * 'order-9f2c41d0-line-1-L-forest-green-front.png'.
 */
export function printFileName(
  orderId: string,
  line: number,
  item: { size: string; color: { name: string } },
  side: DesignSide,
): string {
  const colour = item.color.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `order-${shortOrderNumber(orderId)}-line-${line}-${item.size}-${colour || 'colour'}-${side}.png`;
}

/** The print file's address under /api/v1, for a link the admin's browser downloads with its token. */
export const printFilePath = (orderId: string, itemId: string, side: DesignSide) =>
  `/admin/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/print/${side}`;
