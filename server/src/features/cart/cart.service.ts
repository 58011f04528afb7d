import {
  type AddCartItemBody,
  ALREADY_ADDED_MESSAGE,
  availableQuantityMessage,
  type CartItem,
  type CartOptions,
  type CreateManyCartItemsBody,
  canonicalJson,
  DEFAULT_COUPON_CODE,
  type Design,
  type GarmentKind,
  isNamedPiece,
  type ManyProblem,
  type MergeCartBody,
  manyPiecesProblem,
  NAMED_PIECE_QUANTITY_MESSAGE,
  type PaymentMethod,
  type Personalisation,
  type PrintAreas,
  piecesOfMany,
  type Quote,
  type QuoteQuery,
  ROSTER_NEEDS_DESIGN_MESSAGE,
  SIZES,
  type Size,
  type UpdateCartItemBody,
  type UpdateCartOptionsBody,
} from '#contract';
import { unprintableRosterName } from '#contract/names-and-numbers';
import type { Database } from '#server/db/client.ts';
import type { StockRow } from '#server/db/schema/catalogue.ts';
import type { CatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import type { DesignsService } from '#server/features/designs/designs.service.ts';
import type { PaymentSettingsService } from '#server/features/payments/payment-settings.service.ts';
import type { PromotionsService } from '#server/features/promotions/promotions.service.ts';
import { badRequest, conflict, notFound } from '#server/lib/app-error.ts';
import { estimatedDelivery } from '#server/lib/dates.ts';
import { isUuid } from '#server/lib/ids.ts';
import { toCartItems, toCartOptions, toQuote, toSelectedLines } from './cart.mapper.ts';
import {
  addCartLines,
  type CartOptionsChange,
  deleteCartItem,
  deleteCartItems,
  deleteCartOptions,
  findCartLine,
  findCartLines,
  findCartOptions,
  findGroupEntriesInCart,
  findProductIdsOnSale,
  insertCartItem,
  insertCartItems,
  type NewCartItem,
  setAllSelected,
  updateCartItem,
  updateCartOptions,
} from './cart.repository.ts';
import { couponUnusable, type Price, priceLines } from './pricing.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const SIZE_NOT_AVAILABLE = 'This size is not available for this product';

/** One selected cart line as checkout orders it, priced from the database (D4). */
export interface SelectedLine {
  cartItemId: string;
  productId: string;
  title: string;
  /** The product's first picture, or '' when it has none. */
  image: string;
  size: Size;
  /** The garment's colour (decision 018: a product is one colour). */
  colorName: string;
  colorHex: string;
  /** The garment its category makes it: what the design is drawn on (issue 28). */
  garment: GarmentKind;
  /** One unit, decoration included. */
  pricePaise: number;
  quantity: number;
  design: Design | null;
  printAreas: PrintAreas | null;
  /** One roster piece's name and number (issue 29), copied onto its order item. */
  personalisation: Personalisation | null;
  imageIds: string[];
  /** The group entry whose piece this line is (decisions 060, 072), or null. */
  groupEntryId: string | null;
}

/** What a closed group order puts in its organiser's cart: one line per entry. */
export interface GroupPieces {
  productId: string;
  design: Design;
  imageIds: string[];
  /** One per entry: its id, size, and name and number when the group is personalised. */
  pieces: { entryId: string; size: Size; personalisation: Personalisation | null }[];
}

export interface CartDependencies {
  catalogue: Pick<CatalogueService, 'findProduct' | 'findProductDetails'>;
  designs: Pick<DesignsService, 'checkDesign'>;
  paymentSettings: Pick<PaymentSettingsService, 'cashOnDeliveryRules'>;
  promotions: Pick<PromotionsService, 'couponForShopper'>;
}

/**
 * What makes a merged line the same as another: a plain line by product and
 * size, a customised one by its design and its piece's name and number too.
 */
function mergeKey(line: {
  productId: string;
  size: string;
  design: Design | null;
  personalisation: Personalisation | null;
}): string {
  const { productId, size, design, personalisation } = line;
  return [
    productId,
    size,
    ...(design ? [canonicalJson(design), canonicalJson(personalisation)] : []),
  ].join('\u0000');
}

/** Stock of one size of a product, or undefined when the product has no such size. */
const stockOf = (stock: StockRow[], productId: string, size: string) =>
  stock.find((line) => line.productId === productId && line.size === size)?.stock;

/** A create-many problem as the envelope answers it. */
const manyError = ({ status, field, message }: ManyProblem) =>
  (status === 409 ? conflict : badRequest)(message, [{ field, message }]);

/** D10: a new cart (and the cart after an order) has MAX500 applied and no gift wrap. */
export const NEW_CART_OPTIONS: CartOptions = {
  couponCode: DEFAULT_COUPON_CODE,
  giftWrap: false,
  giftMessage: '',
};

/** The user's stored choices, or a new cart's. */
async function cartOptionsOf(db: Database, userId: string): Promise<CartOptions> {
  const row = await findCartOptions(db, userId);
  return row ? toCartOptions(row) : NEW_CART_OPTIONS;
}

/** Choices a call sends instead of the stored ones; a couponCode of '' or null means none. */
export interface ChoicesSent {
  couponCode?: string | null | undefined;
  giftWrap?: boolean | undefined;
  giftMessage?: string | undefined;
  /** How the shopper pays: cash adds the owner's fee (issue 25); none adds no payment's fee. */
  paymentMethod?: PaymentMethod | undefined;
}

/**
 * The user's selected lines (oldest first) and what they cost with the
 * cart's stored coupon and gift wrap, or those `sent` instead. The quote
 * shows it and checkout charges it, inside its own transaction: every query
 * runs on the `db` given (D4, D10, D16). Answers the choices priced too.
 */
async function priceSelection(
  { catalogue, paymentSettings, promotions }: CartDependencies,
  db: Database,
  userId: string,
  sent: ChoicesSent = {},
  { lockCoupon = false } = {},
): Promise<{ lines: SelectedLine[]; price: Price; options: CartOptions }> {
  const stored = await cartOptionsOf(db, userId);
  const options: CartOptions = {
    couponCode: sent.couponCode === undefined ? stored.couponCode : sent.couponCode?.trim() || null,
    giftWrap: sent.giftWrap ?? stored.giftWrap,
    giftMessage: sent.giftMessage ?? stored.giftMessage,
  };
  const rows = await findCartLines(db, userId, { selectedOnly: true });
  const { images } = await catalogue.findProductDetails(
    db,
    rows.map((row) => row.product.id),
  );
  const lines = toSelectedLines(rows, images);
  const { coupon, standing } = options.couponCode
    ? await promotions.couponForShopper(db, options.couponCode, userId, { lock: lockCoupon })
    : { coupon: null, standing: undefined };
  const price = priceLines({
    lines,
    coupon,
    ...(standing && { couponStanding: standing }),
    giftWrap: options.giftWrap,
    cashOnDelivery: {
      rules: await paymentSettings.cashOnDeliveryRules(db),
      chosen: sent.paymentMethod === 'cash',
    },
    now: new Date(),
  });
  return { lines, price, options };
}

export function createCartService(db: Database, dependencies: CartDependencies) {
  const { findProduct, findProductDetails } = dependencies.catalogue;
  const { checkDesign } = dependencies.designs;

  async function cartOf(userId: string): Promise<CartItem[]> {
    const lines = await findCartLines(db, userId);
    const { stock, images } = await findProductDetails(
      db,
      lines.map((line) => line.product.id),
    );
    return toCartItems(lines, stock, images);
  }

  /** One line of the cart as the cart shows it: its price depends on the lines of its group (issue 29). */
  async function lineOfCart(userId: string, id: string): Promise<CartItem> {
    const line = (await cartOf(userId)).find((item) => item._id === id);
    if (!line) throw notFound(CART_ITEM_NOT_FOUND);
    return line;
  }

  async function lineOf(userId: string, id: string) {
    const line = isUuid(id) ? await findCartLine(db, userId, id) : undefined;
    if (!line) throw notFound(CART_ITEM_NOT_FOUND);
    return line;
  }

  return {
    getCart: cartOf,

    async addCartItem(userId: string, body: AddCartItemBody): Promise<CartItem> {
      const product = isUuid(body.productId) ? await findProduct(db, body.productId) : undefined;
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const { stock } = await findProductDetails(db, [product.id]);
      const available = stockOf(stock, product.id, body.size);
      if (available === undefined) {
        throw badRequest(SIZE_NOT_AVAILABLE, [{ field: 'size', message: SIZE_NOT_AVAILABLE }]);
      }
      const item = await db.transaction(async (tx) => {
        const design = body.design ?? null;
        const imageIds = design ? await checkDesign(tx, product, design) : [];
        const row = await insertCartItem(tx, {
          userId,
          productId: product.id,
          size: body.size,
          quantity: body.quantity,
          design,
          imageIds,
        });
        if (!row) throw conflict(ALREADY_ADDED_MESSAGE);
        // Checked after the insert so a duplicate says so first; a refusal rolls the insert back.
        if (body.quantity > available) throw conflict(availableQuantityMessage(available));
        return row;
      });
      return lineOfCart(userId, item.id);
    },

    /**
     * Many pieces of one product and design at once (issue 29), all or
     * nothing: a line per size (a plain line already in the cart grows) or a
     * line per roster piece. Stock counts what the cart already holds of each
     * size; a size short is a 409 naming it. Answers the whole cart.
     */
    async createManyCartItems(userId: string, body: CreateManyCartItemsBody): Promise<CartItem[]> {
      const product = isUuid(body.productId) ? await findProduct(db, body.productId) : undefined;
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      const design = body.design ?? null;
      if (body.roster && !design) {
        throw badRequest(ROSTER_NEEDS_DESIGN_MESSAGE, [
          { field: 'design', message: ROSTER_NEEDS_DESIGN_MESSAGE },
        ]);
      }
      const { pieces, problem: rosterProblem } = piecesOfMany(body, SIZES);
      if (rosterProblem) throw manyError(rosterProblem);
      const unprintable = unprintableRosterName(body.roster ?? [], design?.namesAndNumbers);
      if (unprintable) {
        throw badRequest(unprintable.message, [
          { field: `roster.${unprintable.index}.name`, message: unprintable.message },
        ]);
      }
      const { stock } = await findProductDetails(db, [product.id]);
      await db.transaction(async (tx) => {
        const held = (await findCartLines(tx, userId))
          .map((line) => line.item)
          .filter((item) => item.productId === product.id);
        const problem = manyPiecesProblem(pieces, {
          stock: Object.fromEntries(
            stock.filter((row) => row.productId === product.id).map((row) => [row.size, row.stock]),
          ),
          holding: (size) =>
            held.filter((item) => item.size === size).reduce((sum, item) => sum + item.quantity, 0),
          plainHolding: (size) =>
            design ? 0 : (held.find((item) => item.size === size && !item.design)?.quantity ?? 0),
          roster: body.roster !== undefined,
        });
        if (problem) throw manyError(problem);
        const imageIds = design ? await checkDesign(tx, product, design) : [];
        await addCartLines(
          tx,
          pieces.map(({ size, quantity, personalisation }) => ({
            userId,
            productId: product.id,
            size,
            quantity,
            design,
            imageIds,
            personalisation,
          })),
        );
      });
      return cartOf(userId);
    },

    async updateCartItem(userId: string, id: string, body: UpdateCartItemBody): Promise<CartItem> {
      const line = await lineOf(userId, id);
      if (body.quantity !== undefined && body.quantity !== 1 && isNamedPiece(line.item)) {
        throw badRequest(NAMED_PIECE_QUANTITY_MESSAGE, [
          { field: 'quantity', message: NAMED_PIECE_QUANTITY_MESSAGE },
        ]);
      }
      const { stock } = await findProductDetails(db, [line.product.id]);
      if (body.quantity !== undefined) {
        const available = stockOf(stock, line.product.id, line.item.size) ?? 0;
        if (body.quantity > available) throw conflict(availableQuantityMessage(available));
      }
      const item = await updateCartItem(db, userId, line.item.id, {
        ...(body.quantity !== undefined && { quantity: body.quantity }),
        ...(body.selected !== undefined && { selected: body.selected }),
      });
      if (!item) throw notFound(CART_ITEM_NOT_FOUND);
      return lineOfCart(userId, item.id);
    },

    async selectAllCartItems(userId: string, selected: boolean): Promise<CartItem[]> {
      await setAllSelected(db, userId, selected);
      return cartOf(userId);
    },

    async removeCartItem(userId: string, id: string): Promise<void> {
      const removed = isUuid(id) && (await deleteCartItem(db, userId, id));
      if (!removed) throw notFound(CART_ITEM_NOT_FOUND);
    },

    /**
     * A visitor's browser cart joins the server cart at sign-in (D17): lines
     * of unknown or archived products, of sizes the product lacks or has none
     * of are skipped, as are lines already in the cart (a customised line:
     * one with the same design); quantities are capped at stock. A design
     * that no longer passes (the product stopped taking designs, an upload
     * expired) skips its line like the rest. Answers the whole cart.
     */
    async mergeCart(userId: string, body: MergeCartBody): Promise<CartItem[]> {
      const ids = [...new Set(body.items.map((line) => line.productId).filter(isUuid))];
      const onSale = await findProductIdsOnSale(db, ids);
      const { stock } = await findProductDetails(db, [...onSale]);
      await db.transaction(async (tx) => {
        const existing = await findCartLines(tx, userId);
        const seen = new Set(
          existing
            .filter((line) => line.item.design)
            .map((line) => mergeKey({ ...line.item, personalisation: line.item.personalisation })),
        );
        const lines: NewCartItem[] = [];
        for (const line of body.items) {
          const design = line.design ?? null;
          const personalisation = line.personalisation ?? null;
          const key = mergeKey({ ...line, design, personalisation });
          // A name and number are printed with a design: without one the piece cannot be made.
          if (!onSale.has(line.productId) || seen.has(key) || (personalisation && !design)) {
            continue;
          }
          seen.add(key);
          const available = stockOf(stock, line.productId, line.size) ?? 0;
          if (available === 0) continue;
          let imageIds: string[] = [];
          if (design) {
            const product = await findProduct(tx, line.productId);
            const checked = product && (await checkDesign(tx, product, design).catch(() => null));
            if (!checked) continue;
            imageIds = checked;
          }
          lines.push({
            userId,
            productId: line.productId,
            size: line.size,
            // A named piece is one piece, whatever a browser kept.
            quantity: isNamedPiece({ personalisation }) ? 1 : Math.min(line.quantity, available),
            design,
            imageIds,
            personalisation,
          });
        }
        await insertCartItems(tx, lines);
      });
      return cartOf(userId);
    },

    /**
     * A closed group order's pieces in its organiser's cart (decision 060),
     * inside the caller's transaction: one designed line each, marked with
     * its entry (decision 072), selected; a piece whose line is there already
     * is left as it is. Stock is checked at checkout, as for every line: a
     * group closes whatever the stock. Answers how many lines it added.
     */
    async addGroupPieces(tx: Database, userId: string, group: GroupPieces): Promise<number> {
      const inCart = await findGroupEntriesInCart(
        tx,
        userId,
        group.pieces.map(({ entryId }) => entryId),
      );
      const missing = group.pieces.filter(({ entryId }) => !inCart.has(entryId));
      await addCartLines(
        tx,
        missing.map(({ entryId, size, personalisation }) => ({
          userId,
          productId: group.productId,
          size,
          quantity: 1,
          design: group.design,
          imageIds: group.imageIds,
          personalisation,
          groupEntryId: entryId,
        })),
      );
      return missing.length;
    },

    /**
     * Checks the selected lines' designs again inside checkout's transaction:
     * the owner may have stopped the product taking designs or moved its
     * print areas since the line was added (D27). Their uploads' clocks restart.
     */
    async checkSelectedDesigns(tx: Database, userId: string): Promise<void> {
      for (const { item, product } of await findCartLines(tx, userId, { selectedOnly: true })) {
        if (item.design) await checkDesign(tx, product, item.design, 'cart');
      }
    },

    /**
     * The selection priced inside the caller's transaction (checkout): a
     * coupon with limits stays locked until it ends, so its uses are counted
     * one checkout after the other (issue 27).
     */
    priceSelection: (tx: Database, userId: string, sent: ChoicesSent) =>
      priceSelection(dependencies, tx, userId, sent, { lockCoupon: true }),

    async getCartQuote(userId: string, query: QuoteQuery): Promise<Quote> {
      const { lines, price } = await priceSelection(dependencies, db, userId, query);
      return toQuote(lines, price, estimatedDelivery(new Date()));
    },

    getCartOptions: (userId: string): Promise<CartOptions> => cartOptionsOf(db, userId),

    /**
     * Stores the choices sent; a coupon must exist and be usable by this
     * shopper now (its minimum order is the quote's business).
     */
    async updateCartOptions(userId: string, body: UpdateCartOptionsBody): Promise<CartOptions> {
      const change: CartOptionsChange = {};
      if (body.couponCode !== undefined) {
        const code = body.couponCode?.trim();
        const { coupon, standing } = code
          ? await dependencies.promotions.couponForShopper(db, code, userId)
          : { coupon: undefined, standing: undefined };
        const problem = code ? couponUnusable(coupon, new Date(), standing) : null;
        if (problem) throw badRequest(problem, [{ field: 'couponCode', message: problem }]);
        change.couponCode = coupon?.code ?? null;
      }
      if (body.giftWrap !== undefined) change.giftWrap = body.giftWrap;
      if (body.giftMessage !== undefined) change.giftMessage = body.giftMessage;
      return toCartOptions(await updateCartOptions(db, userId, NEW_CART_OPTIONS, change));
    },

    /** After an order (D18): its lines leave the cart and the choices start afresh (D10). */
    async clearCheckedOut(tx: Database, userId: string, cartItemIds: string[]): Promise<void> {
      await deleteCartItems(tx, userId, cartItemIds);
      await deleteCartOptions(tx, userId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
