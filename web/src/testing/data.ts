import {
  type Address,
  AddressSchema,
  type BusinessSettings,
  BusinessSettingsSchema,
  type CartItem,
  CartItemSchema,
  DEFAULT_CUSTOMISATION,
  DEFAULT_INVOICE_PREFIX,
  type Order,
  OrderSchema,
  type Product,
  ProductSchema,
  type Profile,
  ProfileSchema,
  type SavedCard,
  SavedCardSchema,
  type Size,
  type TextLayer,
  toCartProduct,
} from '#contract';

let sequence = 0;

/** A valid product (checked against the contract), with the given fields replaced. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  const id = overrides._id ?? `product-${sequence}`;
  return ProductSchema.parse({
    _id: id,
    styleId: `style-${sequence}`,
    color: { name: 'Navy', hex: '#1e3a5f' },
    colors: [{ productId: id, name: 'Navy', hex: '#1e3a5f', inStock: true }],
    title: `Test Tee ${sequence}`,
    description: 'A soft cotton tee.',
    price: 499,
    rating: 4.3,
    reviewCount: 12,
    gender: 'Men',
    category: 'T-Shirts',
    images: [{ url: `/media/image-${sequence}` }, { url: `/media/image-${sequence}-back` }],
    sizes: { S: 3, M: 10, L: 0 },
    isNew: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    customisation: DEFAULT_CUSTOMISATION,
    priceBreaks: [],
    ...overrides,
  });
}

let lineSequence = 0;

export interface CartItemOptions {
  product?: Product;
  price?: number;
  sizes?: Product['sizes'];
  size?: Size;
  quantity?: number;
  selected?: boolean;
}

/** A valid server cart line (checked against the contract); totalPrice is price × quantity. */
export function makeCartItem({
  product = makeProduct(),
  price = product.price,
  sizes = product.sizes,
  size = 'M',
  quantity = 1,
  selected = true,
}: CartItemOptions = {}): CartItem {
  lineSequence += 1;
  return CartItemSchema.parse({
    _id: `line-${lineSequence}`,
    productId: { ...toCartProduct(product), price, sizes },
    size,
    quantity,
    selected,
    design: null,
    personalisation: null,
    unitPrice: price,
    listUnitPrice: price,
    priceBreak: null,
    nextBreak: null,
    totalPrice: Math.round(price * 100 * quantity) / 100,
  });
}

let orderSequence = 0;

type OrderItem = Order['items'][number];

/** A valid order (checked against the contract): pending, paid cash, with the given fields replaced. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  orderSequence += 1;
  const items: OrderItem[] = overrides.items ?? [makeOrderItem(), makeOrderItem({ quantity: 2 })];
  const subtotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return OrderSchema.parse({
    _id: `00000000-0000-4000-8000-0000abcd${String(orderSequence).padStart(4, '0')}`,
    status: 'pending',
    items,
    subtotal,
    discount: 0,
    couponCode: null,
    giftWrap: 0,
    giftMessage: null,
    codFee: 0,
    totalPrice: subtotal,
    paymentMethod: 'cash',
    card: null,
    payment: null,
    address: {
      name: 'Asha Rao',
      phone: '9876543210',
      pincode: '560001',
      city: 'Bengaluru',
      state: 'Karnataka',
      fullAddress: '12 MG Road, Shanthala Nagar',
    },
    business: null,
    createdAt: '2026-11-21T06:30:00.000Z',
    estimateDeliveryDate: '2026-11-24',
    deliveredAt: null,
    events: [{ type: 'placed', at: '2026-11-21T06:30:00.000Z', note: null }],
    refunds: [],
    ...overrides,
  });
}

/** One order line: a tee at ₹499 unless told otherwise. */
export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  orderSequence += 1;
  return {
    _id: `order-item-${orderSequence}`,
    productId: `product-${orderSequence}`,
    name: `Ordered Tee ${orderSequence}`,
    image: `/media/ordered-${orderSequence}`,
    size: 'M',
    color: { name: 'Navy', hex: '#1e3a5f' },
    garment: 'tee',
    price: 499,
    quantity: 1,
    design: null,
    printAreas: null,
    personalisation: null,
    ...overrides,
  };
}

/** A valid delivery address (checked against the contract): Asha's, selected, with the given fields replaced. */
export function makeAddress(overrides: Partial<Address> = {}): Address {
  return AddressSchema.parse({
    _id: 'a1',
    name: 'Asha Rao',
    phone: '9876543210',
    pincode: '560001',
    city: 'Bengaluru',
    state: 'Karnataka',
    stateCode: '29',
    fullAddress: '12 MG Road',
    selected: true,
    ...overrides,
  });
}

/** The shop's business details as a new shop has them (checked against the contract): none, and no GSTIN. */
export function makeUnsetBusinessSettings(): BusinessSettings {
  return BusinessSettingsSchema.parse({
    legalName: '',
    tradeName: '',
    address: '',
    stateCode: null,
    gstin: null,
    invoicePrefix: DEFAULT_INVOICE_PREFIX,
  });
}

/** A valid shopper's profile (checked against the contract): Asha's, with the given fields replaced. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return ProfileSchema.parse({
    _id: '33333333-3333-4333-8333-333333333333',
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    role: 'shopper',
    pendingEmail: null,
    ...overrides,
  });
}

/** A valid saved card (checked against the contract): Asha's Visa ending 4242, with the given fields replaced. */
export function makeSavedCard(overrides: Partial<SavedCard> = {}): SavedCard {
  return SavedCardSchema.parse({
    _id: '11111111-1111-4111-8111-111111111111',
    name: 'Asha Rao',
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    ...overrides,
  });
}

/** A design's text layer: 'Hello' in Inter, black, 30 mm, centred on the print area, with the given fields replaced. */
export function makeTextLayer(overrides: Partial<TextLayer> = {}): TextLayer {
  return {
    id: 'text',
    type: 'text',
    text: 'Hello',
    fontId: 'inter',
    colorId: 'black',
    fontSizeMm: 30,
    bold: false,
    italic: false,
    align: 'center',
    arcDegrees: 0,
    xMm: 150,
    yMm: 200,
    rotationDeg: 0,
    ...overrides,
  };
}
