import {
  defaultSortFor,
  type ListProductsQuery,
  type Product,
  type ProductFacets,
  type ProductFacetsQuery,
  type ProductFilters,
  type ProductPage,
  RELATED_PRODUCTS_LIMIT,
  SIZES,
  type Size,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { notFound } from '#server/lib/app-error.ts';
import { isUuid } from '#server/lib/ids.ts';
import { rupeesToPaise } from '#server/lib/money.ts';
import { pageCount, pageWindow } from '#server/lib/paging.ts';
import { toProductFilters, toProducts } from './catalogue.mapper.ts';
import {
  deleteProduct,
  findAdminProductPage,
  findAnyProduct,
  findStylePriceBreaks,
  insertProduct,
  insertProducts,
  lockProduct,
  replaceProductImages,
  replaceProductStock,
  setProductArchived,
  setProductRating,
  setStylePriceBreaks,
  styleExists,
  updateProduct,
} from './catalogue-admin.repository.ts';
import { stockTakeTags, UNITS_SOLD_TAG } from './catalogue-cache.ts';
import { findFacetCodes, findFacetCounts, noFacets } from './catalogue-facets.repository.ts';
import {
  countProducts,
  findFilterValues,
  findKnownFacetValues,
  findLiveProductDates,
  findProduct,
  findProductDetails,
  findProductHsns,
  findProductPage,
  findProductsInOrder,
  findRelatedProducts,
  findSearchTerms,
  findStyleColors,
  searchAndPriceWhere,
} from './catalogue-listing.repository.ts';
import { bumpCatalogueVersion } from './catalogue-version.repository.ts';
import {
  findUnitsSold,
  returnStock,
  type StockLine,
  takeStockFor,
  tallyUnitsSold,
} from './stock.repository.ts';

/**
 * The mapper's shapes other features need (decision 011: the service is the feature's one
 * public surface): products on a cart line or an owner's page, and the stock rows that
 * `replaceProductStock` takes.
 */
export { toCustomisation, toProducts, toStockLevels } from './catalogue.mapper.ts';

/** Lower case words without hyphens or apostrophes, as the search vector is stored. */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .toLowerCase()
    .replace(/[-'\u2019]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * A write to what the catalogue shows, made to bump the catalogue version in
 * the same executor (the caller's transaction), so that no writer can forget
 * to invalidate the read caches (decision 026).
 */
function bumpingVersion<Args extends unknown[], Result>(
  write: (db: Database, ...args: Args) => Promise<Result>,
): (db: Database, ...args: Args) => Promise<Result> {
  return async (db, ...args) => {
    const result = await write(db, ...args);
    await bumpCatalogueVersion(db);
    return result;
  };
}

const pricePaise = (rupees: number | undefined) =>
  rupees === undefined ? undefined : rupeesToPaise(rupees);

/** Sizes of products whose stock went up: they may be back in stock. */
export type StockReturned = (
  executor: Database,
  sizes: { productId: string; size: Size }[],
) => Promise<void>;

export interface CatalogueHooks {
  /**
   * Called in the writing transaction whenever stock goes up (a cancelled
   * order, a return, the owner's edit), so that back-in-stock requests are
   * answered in the same commit (D33).
   */
  stockReturned?: StockReturned;
}

/**
 * Rows read per 'You may also like' card: a style's colours come as several
 * rows, and the row shows one of each (a style of more colours than this
 * crowding the best rated is rare; the row is then shorter, never repeated).
 */
const RELATED_ROWS_PER_CARD = 6;

export function createCatalogueService(db: Database, hooks: CatalogueHooks = {}) {
  const stockReturned: StockReturned = hooks.stockReturned ?? (async () => undefined);

  /** The products of these ids, in their order: rows, stock, pictures and their styles' colours asked at once. */
  async function productsWithDetails(ids: string[]): Promise<Product[]> {
    const [rows, { stock, images }, colors] = await Promise.all([
      findProductsInOrder(db, ids),
      findProductDetails(db, ids),
      findStyleColors(db, ids),
    ]);
    return toProducts(rows, stock, images, colors);
  }

  return {
    async listProducts(query: ListProductsQuery): Promise<ProductPage> {
      const words = searchWords(query.search);
      const terms = await findSearchTerms(db, words);
      const page = { page: query.page, limit: query.limit };
      // A word like nothing in the catalogue matches no product: no need to look.
      if (terms.some((group) => group.length === 0)) {
        return { results: [], total: 0, pages: 0, moreThanTotal: false, ...page };
      }
      const { ids, total, moreThanTotal } = await findProductPage(db, {
        terms,
        genders: query.gender,
        categories: query.category,
        sizes: query.size,
        colors: query.color,
        minPricePaise: pricePaise(query.minPrice),
        maxPricePaise: pricePaise(query.maxPrice),
        minRating: query.rating,
        customisable: query.customisable,
        sortBy: query.sortBy ?? defaultSortFor(words.length > 0),
        ...pageWindow(query),
      });
      return {
        results: await productsWithDetails(ids),
        total,
        // Past the count's cap, card total + 1 is known to exist: its page is the last one known.
        pages: pageCount(moreThanTotal ? total + 1 : total, query.limit),
        moreThanTotal,
        ...page,
      };
    },

    /** How many products each filter option would show (issue 16, decision 024). */
    async getProductFacets(query: ProductFacetsQuery): Promise<ProductFacets> {
      const terms = await findSearchTerms(db, searchWords(query.search));
      const where = searchAndPriceWhere({
        terms,
        minPricePaise: pricePaise(query.minPrice),
        maxPricePaise: pricePaise(query.maxPrice),
      });
      const known = await findKnownFacetValues(db);
      const codes = await findFacetCodes(db);
      return terms.some((group) => group.length === 0)
        ? noFacets(known)
        : await findFacetCounts(db, where, query, known, codes);
    },

    /**
     * 'You may also like' for a product on sale (issue 16): one colour per
     * style, its best, as the listing shows one card per style (decision 018);
     * the other colours are a click away on that card's page.
     */
    async listRelatedProducts(id: string): Promise<Product[]> {
      const row = isUuid(id) ? await findProduct(db, id) : undefined;
      if (!row) throw notFound('Product not found');
      const candidates = await findRelatedProducts(
        db,
        row,
        RELATED_PRODUCTS_LIMIT * RELATED_ROWS_PER_CARD,
      );
      const styles = new Set<string>();
      const oneOfEachStyle = candidates.filter(({ styleId }) => {
        if (styles.has(styleId)) return false;
        styles.add(styleId);
        return true;
      });
      return productsWithDetails(
        oneOfEachStyle.slice(0, RELATED_PRODUCTS_LIMIT).map((product) => product.id),
      );
    },

    async getProductFilters(): Promise<ProductFilters> {
      return toProductFilters(await findFilterValues(db, SIZES));
    },

    async getProduct(id: string): Promise<Product> {
      const [product] = isUuid(id) ? await productsWithDetails([id]) : [];
      if (!product) throw notFound('Product not found');
      return product;
    },

    /** The products on sale among these ids, in the order given (a wishlist). */
    async getProducts(ids: string[]): Promise<Product[]> {
      return productsWithDetails(ids);
    },

    /** Whether a product is on sale: its page exists (a real 404 otherwise, issue 14). */
    async isOnSale(id: string): Promise<boolean> {
      return isUuid(id) && (await findProduct(db, id)) !== undefined;
    },

    /** Every product on sale and when it last changed (the sitemap). */
    async listLiveProductDates(): Promise<{ id: string; updatedAt: Date }[]> {
      return findLiveProductDates(db);
    },

    // What other features may read and write of the catalogue. Each takes the
    // executor first, so that it runs inside the caller's transaction.

    /** A product on sale and its stock and pictures (the cart). */
    findProduct,
    findProductDetails,
    /** Products' HSN codes, read in the caller's transaction: an order's tax invoice (issue 26). */
    findProductHsns,
    /** The colours on sale of the products' styles (decision 018). */
    findStyleColors,
    /** Whether any product has this style (a new colour joins only a style that exists). */
    styleExists,
    /**
     * The stock ledger (checkout, cancel): units out in lock order, or back.
     * A take's version names what it touched (decision 026): its products'
     * stock and what it sold out; answers showing none of it keep.
     */
    async takeStockFor<Line extends StockLine>(executor: Database, lines: Line[]) {
      const productIds = lines.map((line) => line.productId);
      const untouched = {
        productIds,
        soldOutSizes: [],
        emptiedProductIds: [],
        sizesGone: [],
        stockLeftTags: [],
      };
      const { shortage, soldOut, versionBumped } = await takeStockFor(executor, lines, {
        kind: 'tagged',
        tags: stockTakeTags(untouched),
      });
      if (!versionBumped) {
        const tags = stockTakeTags({
          productIds,
          soldOutSizes: soldOut.sizes.map((line) => line.size),
          emptiedProductIds: soldOut.emptiedProductIds,
          sizesGone: soldOut.sizesGone,
          stockLeftTags: soldOut.stockLeftTags,
        });
        await bumpCatalogueVersion(executor, { kind: 'tagged', tags });
      }
      return shortage;
    },
    /**
     * Folds the units sold ledger into the products' counts (decision
     * 026); when a count moved, the version
     * names the answers ordered by units sold. Answers how many moved.
     */
    tallyUnitsSold: () =>
      db.transaction(async (tx) => {
        const tallied = await tallyUnitsSold(tx);
        if (tallied > 0) {
          await bumpCatalogueVersion(tx, { kind: 'tagged', tags: [UNITS_SOLD_TAG] });
        }
        return tallied;
      }),
    /** Units sold as the owner sees them: tallied, and still in the ledger. */
    findUnitsSold,
    returnStock: bumpingVersion(async (executor: Database, lines: StockLine[]) => {
      await returnStock(executor, lines);
      await stockReturned(executor, lines);
    }),
    /** The reviews' average and count (D28), in the transaction that changed them. */
    setRating: bumpingVersion(setProductRating),
    /** The owner's reads and writes (D25), and the bulk loads of the seed and the bench. */
    countProducts,
    insertProduct: bumpingVersion(insertProduct),
    insertProducts: bumpingVersion(insertProducts),
    findAdminProductPage,
    findAnyProduct,
    lockProduct,
    updateProduct: bumpingVersion(updateProduct),
    findStylePriceBreaks,
    setStylePriceBreaks: bumpingVersion(setStylePriceBreaks),
    replaceProductStock: bumpingVersion(
      async (executor: Database, productId: string, stock: { size: Size; stock: number }[]) => {
        await replaceProductStock(executor, productId, stock);
        const inStock = stock.filter((line) => line.stock > 0);
        await stockReturned(
          executor,
          inStock.map((line) => ({ productId, size: line.size })),
        );
      },
    ),
    replaceProductImages: bumpingVersion(replaceProductImages),
    setProductArchived: bumpingVersion(setProductArchived),
    deleteProduct: bumpingVersion(deleteProduct),
    /** For the one bulk writer outside these methods: the CLI's `empty`. */
    catalogueChanged: (executor: Database) => bumpCatalogueVersion(executor),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
