import type { APIRequestContext } from '@playwright/test';
import type {
  Address,
  AddressBody,
  CheckoutBody,
  Order,
  Product,
  ProductPage,
  Size,
} from '#contract';
import { addToCartViaApi, bearer, resultOf } from './api.ts';

export const TEST_ADDRESS: AddressBody = {
  name: 'Asha Rao',
  phone: '9876543210',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  fullAddress: '12 MG Road, Shanthala Nagar',
};

/** Adds a delivery address; an account's first address is the selected one. */
export async function addAddressViaApi(
  request: APIRequestContext,
  token: string,
  address: Partial<AddressBody> = {},
): Promise<Address> {
  return resultOf<Address>(
    await request.post('/api/v1/address/add', {
      headers: bearer(token),
      data: { ...TEST_ADDRESS, ...address },
    }),
  );
}

/** Orders the selected cart lines to the selected address (cash unless told otherwise). */
export async function checkoutViaApi(
  request: APIRequestContext,
  token: string,
  body: Partial<CheckoutBody> = {},
): Promise<Order> {
  return resultOf<Order>(
    await request.post('/api/v1/order/checkout', { headers: bearer(token), data: body }),
  );
}

export async function getOrderViaApi(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<Order> {
  return resultOf<Order>(await request.get(`/api/v1/order/${id}`, { headers: bearer(token) }));
}

export async function getProductViaApi(request: APIRequestContext, id: string): Promise<Product> {
  return resultOf<Product>(await request.get(`/api/v1/product/${id}`));
}

export interface OrderLine {
  product: Product;
  size: Size;
  quantity: number;
}

/**
 * Seed products for orders, taken from position `from` of the catalogue's
 * default order (the same on every call), each with a size that has at least
 * `minStock`. Specs that count stock (checkout) use the first products; order
 * specs start further down, so parallel tests never buy what another counts.
 */
export async function productsForOrders(
  request: APIRequestContext,
  { from, count, minStock = 3 }: { from: number; count: number; minStock?: number },
): Promise<OrderLine[]> {
  const page = await resultOf<ProductPage>(await request.get('/api/v1/product?limit=100'));
  const found: OrderLine[] = [];
  for (const product of page.results.slice(from)) {
    const size = (Object.entries(product.sizes) as [Size, number][]).find(
      ([, stock]) => stock >= minStock,
    )?.[0];
    if (size) found.push({ product, size, quantity: 1 });
    if (found.length === count) return found;
  }
  throw new Error(`Fewer than ${count} products from #${from} have ${minStock} in stock`);
}

/** Where `placeOrderViaApi` takes its products from when none are given: stock nobody counts. */
const ANY_PRODUCTS_FROM = 40;

/**
 * A whole order through the API: an address if the account has none yet, the
 * given lines (or `lineCount` seed products, 1 each) in the cart, then
 * checkout. Answers the order and the lines it was made of.
 */
export async function placeOrderViaApi(
  request: APIRequestContext,
  token: string,
  {
    lines,
    lineCount = 2,
    checkout = {},
  }: { lines?: OrderLine[]; lineCount?: number; checkout?: Partial<CheckoutBody> } = {},
): Promise<{ order: Order; lines: OrderLine[] }> {
  const addresses = await resultOf<Address[]>(
    await request.get('/api/v1/address/get', { headers: bearer(token) }),
  );
  if (addresses.length === 0) await addAddressViaApi(request, token);
  const ordered =
    lines ?? (await productsForOrders(request, { from: ANY_PRODUCTS_FROM, count: lineCount }));
  for (const { product, size, quantity } of ordered) {
    await addToCartViaApi(request, token, { productId: product._id, size, quantity });
  }
  return { order: await checkoutViaApi(request, token, checkout), lines: ordered };
}
