import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { AddressSchema, CartItemSchema, OrderSchema, type Size } from '#contract';
import type { Database } from '#server/db/client.ts';
import { productStock } from '#server/db/schema/catalogue.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { expectResult } from '#server-test/http.ts';
import type { SignedUp } from '#server-test/users.ts';

/** Helpers the checkout tests share: a cart line, an address, a checkout call, stock as stored. */

export const addressBody = {
  name: 'Asha Rao',
  phone: '+91 98765 43210',
  pincode: '560001',
  city: 'Bengaluru',
  state: 'Karnataka',
  fullAddress: '12 MG Road, Ashok Nagar',
};

/** A Visa card (last4 4242) the test gateway approves, valid until next year. */
export const visaCard = {
  name: 'Asha Shopper',
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 1,
  cvv: '737',
};

/** The same card as a shopper types it, in groups of four. */
export const visaCardAsTyped = { ...visaCard, number: '4242 4242 4242 4242' };

export const addLine = (
  app: FastifyInstance,
  user: SignedUp,
  productId: string,
  size: string,
  quantity = 1,
) =>
  expectResult(
    app,
    {
      method: 'POST',
      url: '/api/v1/cart/create',
      headers: user.auth,
      payload: { productId, size, quantity },
    },
    CartItemSchema,
    201,
  );

export const addAddress = (
  app: FastifyInstance,
  user: SignedUp,
  overrides: Record<string, string> = {},
) =>
  expectResult(
    app,
    {
      method: 'POST',
      url: '/api/v1/address/add',
      headers: user.auth,
      payload: { ...addressBody, ...overrides },
    },
    AddressSchema,
    201,
  );

export function checkoutRequest(
  user: SignedUp | undefined,
  payload: unknown = {},
  key?: string,
): InjectOptions {
  return {
    method: 'POST',
    url: '/api/v1/order/checkout',
    headers: { ...user?.auth, ...(key !== undefined && { 'Idempotency-Key': key }) },
    payload: payload as object,
  };
}

/** Checks the cart's selected lines out, paid by cash or by `visaCard`, and answers the order. */
export const checkOut = (
  app: FastifyInstance,
  user: SignedUp,
  paymentMethod: 'cash' | 'debit-card',
) =>
  expectResult(
    app,
    checkoutRequest(user, {
      paymentMethod,
      ...(paymentMethod === 'debit-card' && { card: visaCard }),
    }),
    OrderSchema,
    201,
  );

export async function stockOf(
  db: Database,
  productId: string,
  size: Size,
): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: productStock.stock })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  return row?.stock;
}

/** A product's units sold as its owner sees them: tallied, and still in the ledger. */
export async function unitsSoldOf(db: Database, productId: string): Promise<number | undefined> {
  return (await createCatalogueService(db).findUnitsSold(db, [productId])).get(productId);
}
