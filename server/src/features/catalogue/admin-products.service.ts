import type {
  AdminProduct,
  AdminProductBody,
  AdminProductPage,
  DeleteAdminProductResult,
  ListAdminProductsQuery,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { ProductRow } from '#server/db/schema/catalogue.ts';
import type { MediaService } from '#server/features/media/media.service.ts';
import type { OrdersService } from '#server/features/orders/orders.service.ts';
import { badRequest, notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { pageResult, pageWindow } from '#server/lib/paging.ts';
import { toAdminProducts, toStockLevels } from './catalogue.mapper.ts';
import type { CatalogueService } from './catalogue.service.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const unknownStyle = (id: string) =>
  `There is no style ${id}: use the styleId of a product of that style, or leave it out`;
export const unknownImage = (id: string) =>
  `There is no uploaded image ${id}: upload the image first and use the _id it answers`;

/** The owner's side of the catalogue (D25): every change shows in the shop at once. */
export interface AdminProductsDependencies {
  catalogue: CatalogueService;
  orders: Pick<OrdersService, 'isProductOrdered'>;
  media: Pick<MediaService, 'findStoredImageIds'>;
}

export function createAdminProductsService(
  db: Database,
  { catalogue, orders, media }: AdminProductsDependencies,
) {
  async function withDetails(tx: Database, rows: ProductRow[]): Promise<AdminProduct[]> {
    const ids = rows.map((row) => row.id);
    const [{ stock, images }, colors, unitsSold] = await Promise.all([
      catalogue.findProductDetails(tx, ids),
      catalogue.findStyleColors(tx, ids),
      catalogue.findUnitsSold(tx, ids),
    ]);
    // The owner sees every sale at once, tallied or not.
    const counted = rows.map((row) => ({
      ...row,
      unitsSold: unitsSold.get(row.id) ?? row.unitsSold,
    }));
    return toAdminProducts(counted, stock, images, colors);
  }

  async function one(tx: Database, row: ProductRow): Promise<AdminProduct> {
    const [product] = await withDetails(tx, [row]);
    if (!product) throw new Error('Mapping a product gave nothing');
    return product;
  }

  /** Every image named must have been uploaded: a product never points at nothing. */
  async function checkImages(tx: Database, imageIds: string[]): Promise<void> {
    const stored = await media.findStoredImageIds(tx, imageIds.filter(isUuid));
    const missing = imageIds.find((id) => !stored.has(id));
    if (missing !== undefined) {
      const message = unknownImage(missing);
      throw badRequest(message, [{ field: 'imageIds', message }]);
    }
  }

  /** A colour joins a style some product already has: an unknown one is a 400, not a new style. */
  async function checkStyle(tx: Database, styleId: string | undefined): Promise<void> {
    if (styleId === undefined) return;
    if (isUuid(styleId) && (await catalogue.styleExists(tx, styleId))) return;
    const message = unknownStyle(styleId);
    throw badRequest(message, [{ field: 'styleId', message }]);
  }

  const fieldsOf = (body: AdminProductBody) => ({
    title: body.title,
    description: body.description,
    pricePaise: rupeesToPaise(body.price),
    gender: body.gender,
    category: body.category,
    ...(body.hsn !== undefined && { hsn: body.hsn }),
    isNew: body.isNew,
    colorName: body.color.name,
    colorHex: body.color.hex,
    ...(body.styleId !== undefined && { styleId: body.styleId }),
  });

  /** Design settings (D27) in the product's columns; none sent: left as they are (or the defaults). */
  const customisationOf = ({ customisation }: AdminProductBody) =>
    customisation && {
      customisable: customisation.customisable,
      printAreas: customisation.printAreas,
      decorationFrontPaise: rupeesToPaise(customisation.decorationPrice.front),
      decorationBackPaise: rupeesToPaise(customisation.decorationPrice.back),
      blank: customisation.blank,
    };

  /**
   * A style's colours share one list of price breaks (issue 29): the breaks
   * sent are written to every colour of the product's style; none sent, a
   * colour that joins a style takes the style's, and an edit keeps them.
   */
  async function shareStylePriceBreaks(tx: Database, row: ProductRow, body: AdminProductBody) {
    const priceBreaks =
      body.priceBreaks ??
      (body.styleId === undefined
        ? undefined
        : await catalogue.findStylePriceBreaks(tx, body.styleId, row.id));
    if (priceBreaks !== undefined)
      await catalogue.setStylePriceBreaks(tx, row.styleId, priceBreaks);
  }

  /** A product to change, locked against checkouts until the change commits; 404 if none. */
  async function locked(tx: Database, id: string): Promise<ProductRow> {
    const row = isUuid(id) ? await catalogue.lockProduct(tx, id) : undefined;
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return row;
  }

  return {
    async listProducts(query: ListAdminProductsQuery): Promise<AdminProductPage> {
      const { rows, total } = await catalogue.findAdminProductPage(db, {
        search: query.search || undefined,
        archived: query.archived,
        ...pageWindow(query),
      });
      return pageResult(await withDetails(db, rows), total, query);
    },

    async getProduct(id: string): Promise<AdminProduct> {
      const row = isUuid(id) ? await catalogue.findAnyProduct(db, id) : undefined;
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      return one(db, row);
    },

    createProduct(body: AdminProductBody): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        await checkImages(tx, body.imageIds);
        await checkStyle(tx, body.styleId);
        const id = await catalogue.insertProduct(tx, {
          ...fieldsOf(body),
          customisation: customisationOf(body),
          rating: 0,
          stock: toStockLevels(body.sizes),
          imageIds: body.imageIds,
        });
        const inserted = await catalogue.findAnyProduct(tx, id);
        if (!inserted) throw new Error('The new product is not there');
        await shareStylePriceBreaks(tx, inserted, body);
        const row = await catalogue.findAnyProduct(tx, id);
        if (!row) throw new Error('The new product is not there');
        return one(tx, row);
      });
    },

    /** Replaces everything the owner writes; orders placed keep their own prices and names. */
    updateProduct(id: string, body: AdminProductBody): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        await locked(tx, id);
        await checkImages(tx, body.imageIds);
        await checkStyle(tx, body.styleId);
        const row = await catalogue.updateProduct(tx, id, {
          ...fieldsOf(body),
          ...customisationOf(body),
        });
        if (!row) throw notFound(PRODUCT_NOT_FOUND);
        await shareStylePriceBreaks(tx, row, body);
        await catalogue.replaceProductStock(tx, id, toStockLevels(body.sizes));
        await catalogue.replaceProductImages(tx, id, body.imageIds);
        const saved = await catalogue.findAnyProduct(tx, id);
        if (!saved) throw notFound(PRODUCT_NOT_FOUND);
        return one(tx, saved);
      });
    },

    /**
     * Deletes a product no order holds. One an order holds is archived
     * instead: it leaves the shop, and the order keeps its snapshot.
     */
    deleteProduct(id: string): Promise<DeleteAdminProductResult> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
        if (await orders.isProductOrdered(tx, id)) {
          const archived = row.archivedAt ? row : await catalogue.setProductArchived(tx, id, true);
          if (!archived) throw notFound(PRODUCT_NOT_FOUND);
          return { outcome: 'archived', product: await one(tx, archived) };
        }
        await catalogue.deleteProduct(tx, id);
        return { outcome: 'deleted', product: null };
      });
    },

    restoreProduct(id: string): Promise<AdminProduct> {
      return db.transaction(async (tx) => {
        const row = await locked(tx, id);
        const restored = row.archivedAt ? await catalogue.setProductArchived(tx, id, false) : row;
        if (!restored) throw notFound(PRODUCT_NOT_FOUND);
        return one(tx, restored);
      });
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
