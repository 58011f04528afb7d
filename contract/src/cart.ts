import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart-line-rules.ts';
import {
  PriceBreakSchema,
  ProductColorSchema,
  ProductImageSchema,
  ProductSizesSchema,
  SizeSchema,
} from './catalogue.ts';
import { IdParamsSchema, IdSchema, RupeesSchema } from './common.ts';
import { DesignSchema, GarmentKindSchema, ProductCustomisationSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { GIFT_MESSAGE_MAX_LENGTH, PaymentMethodSchema } from './orders.ts';
import { CashOnDeliverySchema } from './payment-settings.ts';
import { PersonalisationSchema, ROSTER_LIMITS, RosterRowSchema } from './roster.ts';
import { textSchema } from './text.ts';

/** An order arrives this many days after it is placed (the cart's 'Express delivery in 3 days', D11). */
export const DELIVERY_DAYS = 3;

/** Gift wrap costs ₹20 (D16). */
export const GIFT_WRAP_PRICE = 20;

const QuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/** The product as a cart line carries it ("populated", SPEC §3). */
export const CartProductSchema = z.object({
  _id: IdSchema,
  title: z.string(),
  images: z.array(ProductImageSchema),
  gender: z.string(),
  /** The garment's colour: a designed line is drawn on it. */
  color: ProductColorSchema,
  /** The garment its category makes it (issue 28): what a designed line is drawn on. */
  garment: GarmentKindSchema,
  price: RupeesSchema,
  sizes: ProductSizesSchema,
  customisation: ProductCustomisationSchema,
  /** Its style and breaks: lines of one style and design are priced by their pieces together (issue 29). */
  styleId: IdSchema,
  priceBreaks: z.array(PriceBreakSchema),
});
export type CartProduct = z.infer<typeof CartProductSchema>;

export const CartItemSchema = z.object({
  _id: IdSchema,
  productId: CartProductSchema,
  size: SizeSchema,
  quantity: z.number().int(),
  selected: z.boolean(),
  /**
   * The shopper's design, or null for a plain line; a customised line is its
   * own line even beside a plain one of the same product and size (D9, D27).
   */
  design: DesignSchema.nullable(),
  /**
   * One personalised piece's name and number (issue 29), printed over the
   * shared design: such a line is one piece of a roster, quantity 1.
   */
  personalisation: PersonalisationSchema.nullable(),
  /**
   * One unit as charged: the list price below after the price break its group
   * reached (issue 29: the selected lines of one style and design, counted
   * together; an unselected line as if it were selected).
   */
  unitPrice: RupeesSchema,
  /** One unit before any break: the product's price plus each printed side's decoration price (customisedUnitPrice). */
  listUnitPrice: RupeesSchema,
  /** The break applied to unitPrice, or null. */
  priceBreak: PriceBreakSchema.nullable(),
  /** The next break: how many more pieces of the group reach it, and a unit's price then; null when none is left. */
  nextBreak: z
    .object({ piecesToGo: z.number().int().positive(), unitPrice: RupeesSchema })
    .nullable(),
  /** unitPrice × quantity, from the database prices (D4). */
  totalPrice: RupeesSchema,
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const AddCartItemBodySchema = z.object({
  productId: textSchema('productId').min(1, 'productId is required').max(64),
  size: SizeSchema,
  quantity: QuantitySchema,
  /** A design for a customisable product: the line is then its own line, priced with its printed sides. */
  design: DesignSchema.optional(),
});
export type AddCartItemBody = z.infer<typeof AddCartItemBodySchema>;

export const CREATE_MANY_ONE_OF_MESSAGE = 'Send quantities by size or a roster, not both';
export const CREATE_MANY_EMPTY_MESSAGE = 'Choose at least one piece';
/**
 * Many pieces of one product and design at once (issue 29): quantities by size
 * (the size matrix) or a roster of personalised pieces. All or nothing.
 */
export const CreateManyCartItemsBodySchema = z
  .object({
    productId: textSchema('productId').min(1, 'productId is required').max(64),
    design: DesignSchema.optional(),
    quantities: z.partialRecord(SizeSchema, QuantitySchema).optional(),
    roster: z
      .array(RosterRowSchema)
      .max(ROSTER_LIMITS.rows, `A roster may have at most ${ROSTER_LIMITS.rows} rows`)
      .optional(),
  })
  .refine((body) => !(body.quantities && body.roster), CREATE_MANY_ONE_OF_MESSAGE)
  .refine(
    (body) => Object.keys(body.quantities ?? {}).length > 0 || (body.roster?.length ?? 0) > 0,
    CREATE_MANY_EMPTY_MESSAGE,
  );
export type CreateManyCartItemsBody = z.infer<typeof CreateManyCartItemsBodySchema>;

export const UpdateCartItemBodySchema = z
  .object({ quantity: QuantitySchema.optional(), selected: z.boolean().optional() })
  .refine((body) => body.quantity !== undefined || body.selected !== undefined, {
    message: 'Send a quantity or selected',
  });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBodySchema>;

export const SelectAllBodySchema = z.object({
  selected: z.boolean({ error: 'selected must be true or false' }),
});
export type SelectAllBody = z.infer<typeof SelectAllBodySchema>;

/** A visitor's cart kept in the browser, merged in at sign-in (D17). */
export const MergeCartBodySchema = z.object({
  items: z
    .array(
      z.object({
        productId: IdSchema,
        size: SizeSchema,
        quantity: QuantitySchema,
        design: DesignSchema.optional(),
        /** A roster piece kept in the guest cart (issue 29). */
        personalisation: PersonalisationSchema.optional(),
      }),
    )
    .max(100, 'At most 100 lines can be merged'),
});
export type MergeCartBody = z.infer<typeof MergeCartBodySchema>;

/** D10: the code a new cart starts with (SPEC §2 Cart's default 'MAX500'). */
export const DEFAULT_COUPON_CODE = 'MAX500';

const CouponCodeSchema = textSchema('couponCode')
  .trim()
  .max(40, 'couponCode must be at most 40 characters');

/**
 * The coupon and gift wrap chosen for the cart, kept on the server with it so
 * every tab and device quotes and charges the same (D10, D16).
 */
export const CartOptionsSchema = z.object({
  /** The code asked for (the quote says whether it applies), or null when removed. */
  couponCode: z.string().nullable(),
  giftWrap: z.boolean(),
  giftMessage: z.string(),
});
export type CartOptions = z.infer<typeof CartOptionsSchema>;

/** Changes only the choices sent, so two tabs changing different choices do not undo each other. */
export const UpdateCartOptionsBodySchema = z
  .object({
    /** A known, active code; null or '' removes the coupon. */
    couponCode: CouponCodeSchema.nullable().optional(),
    giftWrap: z.boolean({ error: 'giftWrap must be true or false' }).optional(),
    giftMessage: textSchema('Gift message', {
      multiLine: true,
      required: 'giftMessage must be text',
    })
      .trim()
      .max(
        GIFT_MESSAGE_MAX_LENGTH,
        `Gift message must be at most ${GIFT_MESSAGE_MAX_LENGTH} characters`,
      )
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send a couponCode, giftWrap or giftMessage',
  });
export type UpdateCartOptionsBody = z.infer<typeof UpdateCartOptionsBodySchema>;

/**
 * What the selected lines cost, computed as checkout will charge it (D4, D10,
 * D16). Without parameters: with the cart's stored choices; a parameter sent
 * prices that choice instead, for this answer only (couponCode '' = none).
 * A paymentMethod prices paying that way (cash adds the owner's fee); without
 * one, no payment's fee is added.
 */
export const QuoteQuerySchema = z.object({
  couponCode: CouponCodeSchema.optional(),
  giftWrap: z.stringbool({ error: 'giftWrap must be true or false' }).optional(),
  paymentMethod: PaymentMethodSchema.optional(),
});
export type QuoteQuery = z.infer<typeof QuoteQuerySchema>;

export const CouponSchema = z.object({
  code: z.string(),
  description: z.string(),
});

export const QuoteSchema = z.object({
  lines: z.array(
    z.object({
      _id: IdSchema,
      title: z.string(),
      quantity: z.number().int(),
      lineTotal: RupeesSchema,
    }),
  ),
  itemCount: z.number().int(),
  subtotal: RupeesSchema,
  coupon: CouponSchema.nullable(),
  /** Why the requested coupon does not apply, when it does not. */
  couponError: z.string().nullable(),
  discount: RupeesSchema,
  giftWrap: RupeesSchema,
  delivery: RupeesSchema,
  /** The cash on delivery fee, when the quote is for paying in cash and cash is offered; else 0. */
  codFee: RupeesSchema,
  total: RupeesSchema,
  /** Whether checkout offers cash for this order, and its fee (the owner's rules, issue 25). */
  cashOnDelivery: CashOnDeliverySchema,
  /** When an order placed now arrives: today + 3 days, as YYYY-MM-DD in India (D11). */
  estimatedDelivery: z.iso.date(),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const getCart = defineEndpoint({
  name: 'getCart',
  method: 'GET',
  path: '/cart/get-all',
  tag: 'cart',
  summary: "The signed-in shopper's cart lines, oldest first",
  auth: 'user',
  result: z.array(CartItemSchema),
});

export const addCartItem = defineEndpoint({
  name: 'addCartItem',
  method: 'POST',
  path: '/cart/create',
  tag: 'cart',
  summary:
    'Add a product in a size, plain or with a design; the same product and size twice as plain lines is a 409',
  auth: 'user',
  body: AddCartItemBodySchema,
  result: CartItemSchema,
});

export const updateCartItem = defineEndpoint({
  name: 'updateCartItem',
  method: 'PUT',
  path: '/cart/update/:id',
  tag: 'cart',
  summary: 'Change a line’s quantity (never past stock, D9) or whether it is selected',
  auth: 'user',
  params: IdParamsSchema,
  body: UpdateCartItemBodySchema,
  result: CartItemSchema,
});

export const selectAllCartItems = defineEndpoint({
  name: 'selectAllCartItems',
  method: 'PUT',
  path: '/cart/update-many',
  tag: 'cart',
  summary: 'Select or unselect every line',
  auth: 'user',
  body: SelectAllBodySchema,
  result: z.array(CartItemSchema),
});

export const removeCartItem = defineEndpoint({
  name: 'removeCartItem',
  method: 'DELETE',
  path: '/cart/remove-product/:id',
  tag: 'cart',
  summary: 'Remove a line',
  auth: 'user',
  params: IdParamsSchema,
  result: z.null(),
});

export const createManyCartItems = defineEndpoint({
  name: 'createManyCartItems',
  method: 'POST',
  path: '/cart/create-many',
  tag: 'cart',
  summary:
    'Add many pieces of one product and design: a line per size (a plain line already there grows) or a line per roster row; all or nothing, a 409 names the size short of stock',
  auth: 'user',
  body: CreateManyCartItemsBodySchema,
  result: z.array(CartItemSchema),
});

export const mergeCart = defineEndpoint({
  name: 'mergeCart',
  method: 'POST',
  path: '/cart/merge',
  tag: 'cart',
  summary:
    "Merge a visitor's browser cart in at sign-in: duplicates skipped, quantities capped at stock (D17)",
  auth: 'user',
  body: MergeCartBodySchema,
  result: z.array(CartItemSchema),
});

export const getCartQuote = defineEndpoint({
  name: 'getCartQuote',
  method: 'GET',
  path: '/cart/quote',
  tag: 'cart',
  summary:
    'Price the selected lines with the cart’s coupon and gift wrap (or those sent), exactly as checkout will',
  auth: 'user',
  query: QuoteQuerySchema,
  result: QuoteSchema,
});

export const getCartOptions = defineEndpoint({
  name: 'getCartOptions',
  method: 'GET',
  path: '/cart/options',
  tag: 'cart',
  summary: 'The coupon and gift wrap chosen for the cart; a new cart has MAX500 applied (D10)',
  auth: 'user',
  result: CartOptionsSchema,
});

export const updateCartOptions = defineEndpoint({
  name: 'updateCartOptions',
  method: 'PUT',
  path: '/cart/options',
  tag: 'cart',
  summary:
    'Choose the coupon (validated) and gift wrap for the cart; the quote and checkout use them',
  auth: 'user',
  body: UpdateCartOptionsBodySchema,
  result: CartOptionsSchema,
});
