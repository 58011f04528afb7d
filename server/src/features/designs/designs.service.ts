import {
  type CreateSavedDesignBody,
  DESIGN_LIMITS,
  DESIGN_SIDES,
  type Design,
  type DesignSide,
  designFont,
  designImageIds,
  type GarmentKind,
  type Layer,
  layersOutsidePrintArea,
  NOT_CUSTOMISABLE_MESSAGE,
  outsidePrintAreaMessage,
  type Personalisation,
  type PrintArea,
  type PrintAreas,
  type SavedDesign,
  type UpdateSavedDesignBody,
  unprintableCharacter,
  unprintableCharacterMessage,
} from '#contract';
import { personalisedDesign } from '#contract/names-and-numbers';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema/catalogue.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { MediaService } from '#server/features/media/media.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toSavedDesign } from './designs.mapper.ts';
import {
  countSavedDesigns,
  deleteSavedDesign,
  findSavedDesign,
  findSavedDesigns,
  insertSavedDesign,
  lockSavedDesigns,
  touchDesignImages,
  updateSavedDesign,
} from './designs.repository.ts';
import { type PrintImage, renderGarmentPicture, renderPrintFile } from './print-file.ts';

export const SAVED_DESIGN_NOT_FOUND = 'Design not found';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const IMAGE_NOT_UPLOADED =
  'An image in the design is not one uploaded here, or it has expired: upload it again';
export const TOO_MANY_SAVED_DESIGNS = `You can keep at most ${DESIGN_LIMITS.savedDesignsPerUser} designs: delete one first`;
export const SIDE_NOT_PRINTED = 'This line has nothing printed on that side';

export interface DesignsDependencies {
  media: Pick<MediaService, 'getImage'>;
  catalogue: Pick<CatalogueService, 'findProduct'>;
}

/** The frozen design of an ordered line, as checkout copied it (decision 020). */
export interface OrderedDesign {
  design: Design | null;
  printAreas: PrintAreas | null;
  /** A personalised piece's name and number (issue 29), lettered on its back. */
  personalisation?: Personalisation | null;
}

/**
 * What an ordered line prints: its design, with a personalised piece's name
 * and number lettered on the back (issue 29). Print files, the emails'
 * pictures and anything else drawing a line read it from here.
 */
export function printedDesign(ordered: OrderedDesign): Design | null {
  if (!ordered.design || !ordered.printAreas) return ordered.design;
  return personalisedDesign(ordered.design, ordered.personalisation, ordered.printAreas.back);
}

export function createDesignsService(db: Database, { media, catalogue }: DesignsDependencies) {
  /** A printed side of an ordered line: its layers, its print area and the images they use. */
  async function printedSide(ordered: OrderedDesign, side: DesignSide) {
    const layers = printedDesign(ordered)?.[side] ?? [];
    if (!ordered.printAreas || layers.length === 0) throw notFound(SIDE_NOT_PRINTED);
    return { layers, area: ordered.printAreas[side], images: await imagesOf(layers) };
  }

  /** The stored images a side's layers draw. */
  async function imagesOf(layers: readonly Layer[]): Promise<Map<string, PrintImage>> {
    const images = new Map<string, PrintImage>();
    for (const layer of layers) {
      if (layer.type === 'image' && !images.has(layer.imageId)) {
        images.set(layer.imageId, await media.getImage(layer.imageId));
      }
    }
    return images;
  }

  /**
   * The rules a design must pass before it is kept with a cart line or saved
   * (D27), inside the caller's transaction: the product takes designs, each
   * text's font draws all its characters, no layer reaches outside its side's
   * print area, and every image is an upload still kept (whose clock restarts). Answers the images it uses. Each
   * refusal is a 400 naming `field`.
   */
  async function checkDesign(
    tx: Database,
    product: ProductRow,
    design: Design,
    field = 'design',
  ): Promise<string[]> {
    if (!product.customisable) {
      throw badRequest(NOT_CUSTOMISABLE_MESSAGE, [{ field, message: NOT_CUSTOMISABLE_MESSAGE }]);
    }
    for (const side of DESIGN_SIDES) {
      for (const layer of design[side]) {
        const character = layer.type === 'text' ? unprintableCharacter(layer) : undefined;
        if (layer.type === 'text' && character !== undefined) {
          const message = unprintableCharacterMessage(designFont(layer.fontId).label, character);
          throw badRequest(message, [{ field: `${field}.${side}`, message }]);
        }
      }
      if (layersOutsidePrintArea(design[side], product.printAreas[side]).length > 0) {
        const message = outsidePrintAreaMessage(side);
        throw badRequest(message, [{ field: `${field}.${side}`, message }]);
      }
    }
    const imageIds = designImageIds(design);
    const kept = await touchDesignImages(tx, imageIds);
    if (imageIds.some((id) => !kept.has(id))) {
      throw badRequest(IMAGE_NOT_UPLOADED, [{ field, message: IMAGE_NOT_UPLOADED }]);
    }
    return imageIds;
  }

  async function productFor(tx: Database, productId: string): Promise<ProductRow> {
    const product = isUuid(productId) ? await catalogue.findProduct(tx, productId) : undefined;
    if (!product) {
      throw badRequest(PRODUCT_NOT_FOUND, [{ field: 'productId', message: PRODUCT_NOT_FOUND }]);
    }
    return product;
  }

  /** Inside the transaction that inserts: 409 when the user keeps as many designs as allowed. */
  async function ensureRoomForSavedDesign(tx: Database, userId: string): Promise<void> {
    await lockSavedDesigns(tx, userId);
    if ((await countSavedDesigns(tx, userId)) >= DESIGN_LIMITS.savedDesignsPerUser) {
      throw conflict(TOO_MANY_SAVED_DESIGNS);
    }
  }

  async function savedDesignOf(userId: string, id: string) {
    const row = isUuid(id) ? await findSavedDesign(db, userId, id) : undefined;
    if (!row) throw notFound(SAVED_DESIGN_NOT_FOUND);
    return row;
  }

  return {
    checkDesign,

    async listSavedDesigns(userId: string): Promise<SavedDesign[]> {
      return (await findSavedDesigns(db, userId)).map(toSavedDesign);
    },

    async createSavedDesign(userId: string, body: CreateSavedDesignBody): Promise<SavedDesign> {
      const row = await db.transaction(async (tx) => {
        const product = await productFor(tx, body.productId);
        const imageIds = await checkDesign(tx, product, body.design);
        await ensureRoomForSavedDesign(tx, userId);
        return insertSavedDesign(tx, {
          userId,
          productId: product.id,
          name: body.name,
          design: body.design,
          imageIds,
        });
      });
      return toSavedDesign(row);
    },

    async getSavedDesign(userId: string, id: string): Promise<SavedDesign> {
      return toSavedDesign(await savedDesignOf(userId, id));
    },

    async updateSavedDesign(
      userId: string,
      id: string,
      body: UpdateSavedDesignBody,
    ): Promise<SavedDesign> {
      const current = await savedDesignOf(userId, id);
      const row = await db.transaction(async (tx) => {
        const changes: Parameters<typeof updateSavedDesign>[3] = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.design !== undefined) {
          const product = await productFor(tx, current.productId);
          changes.imageIds = await checkDesign(tx, product, body.design);
          changes.design = body.design;
        }
        return updateSavedDesign(tx, userId, current.id, changes);
      });
      if (!row) throw notFound(SAVED_DESIGN_NOT_FOUND);
      return toSavedDesign(row);
    },

    /** A copy named '… (copy)', its layers as they are (checked when saved, and again when ordered). */
    async duplicateSavedDesign(userId: string, id: string): Promise<SavedDesign> {
      const original = await savedDesignOf(userId, id);
      const row = await db.transaction(async (tx) => {
        await ensureRoomForSavedDesign(tx, userId);
        const name = `${original.name} (copy)`.slice(0, DESIGN_LIMITS.savedDesignNameMaxLength);
        return insertSavedDesign(tx, {
          userId,
          productId: original.productId,
          name,
          design: original.design,
          imageIds: original.imageIds,
        });
      });
      return toSavedDesign(row);
    },

    async deleteSavedDesign(userId: string, id: string): Promise<void> {
      const deleted = isUuid(id) && (await deleteSavedDesign(db, userId, id));
      if (!deleted) throw notFound(SAVED_DESIGN_NOT_FOUND);
    },

    /** The print file of one side of an ordered line, from its frozen design (D27). */
    async renderPrintFile(ordered: OrderedDesign, side: DesignSide): Promise<Buffer> {
      const { layers, area, images } = await printedSide(ordered, side);
      return renderPrintFile(layers, area, images);
    },

    /** A print file from a side's layers and print area as the print queue keeps them (decision 059). */
    async renderPrint(layers: readonly Layer[], area: PrintArea): Promise<Buffer> {
      return renderPrintFile(layers, area, await imagesOf(layers));
    },

    /**
     * One side of an ordered line drawn on its garment, in the colour it was
     * ordered in, as the small PNG an email shows (issue 28).
     */
    async renderGarmentPicture(
      ordered: OrderedDesign,
      side: DesignSide,
      garment: GarmentKind,
      garmentHex: string,
      widthPx: number,
    ): Promise<Buffer> {
      const { layers, area, images } = await printedSide(ordered, side);
      return renderGarmentPicture(layers, side, area, garment, garmentHex, images, widthPx);
    },
  };
}

export type DesignsService = ReturnType<typeof createDesignsService>;
