import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  AdminOrderSchema,
  type AdminProduct,
  AdminProductSchema,
  BackupSchema,
  type Product,
  type Size,
  UploadedImageSchema,
} from '#contract';
import { expectResult } from '#server-test/http.ts';
import { imageBytes } from '#server-test/image-fixtures.ts';

/** Helpers the admin API tests share: an admin's request, a product body, an uploaded image. */

export const asUser = (
  user: { auth: { authorization: string } },
  options: InjectOptions,
): InjectOptions => ({ ...options, headers: { ...options.headers, ...user.auth } });

/** The owner ships then delivers an order (POST /admin/orders/{id}/status), and answers it delivered. */
export async function deliverAs(
  app: FastifyInstance,
  admin: { auth: { authorization: string } },
  orderId: string,
) {
  const move = (status: 'shipped' | 'delivered') =>
    expectResult(
      app,
      asUser(admin, {
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/status`,
        payload: { status },
      }),
      AdminOrderSchema,
    );
  await move('shipped');
  return move('delivered');
}

/** A word no other product has, so searches and filters find this test's product alone. */
export const uniqueWord = () =>
  `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

export const productBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Owner Tee ${uniqueWord()}`,
  description: 'A heavy cotton tee, printed in Bengaluru.',
  price: 649.5,
  gender: 'Unisex',
  category: 'T-Shirts',
  isNew: true,
  color: { name: 'Navy', hex: '#1e3a5f' },
  sizes: { S: 4, M: 10, L: 0 },
  imageIds: [] as string[],
  ...overrides,
});

/** The admin edit that keeps a shop product as it is but for its stock per size: the owner restocks. */
export const restockBody = (product: Product, sizes: Partial<Record<Size, number>>) => ({
  title: product.title,
  description: product.description,
  price: product.price,
  gender: product.gender,
  category: product.category,
  color: product.color,
  sizes,
});

export async function uploadPng(
  app: FastifyInstance,
  admin: { auth: { authorization: string } },
  width = 300,
  height = 300,
  rgb: [number, number, number] = [
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
  ],
) {
  return expectResult(
    app,
    asUser(admin, {
      method: 'POST',
      url: '/api/v1/admin/images',
      headers: { 'content-type': 'image/png' },
      payload: await imageBytes('png', width, height, { rgb }),
    }),
    UploadedImageSchema,
    201,
  );
}

export const addProduct = (
  app: FastifyInstance,
  admin: { auth: { authorization: string } },
  body: Record<string, unknown> = productBody(),
): Promise<AdminProduct> =>
  expectResult(
    app,
    asUser(admin, { method: 'POST', url: '/api/v1/admin/products', payload: body }),
    AdminProductSchema,
    201,
  );

export const editProduct = (
  app: FastifyInstance,
  admin: { auth: { authorization: string } },
  id: string,
  body: Record<string, unknown>,
): Promise<AdminProduct> =>
  expectResult(
    app,
    asUser(admin, { method: 'PUT', url: `/api/v1/admin/products/${id}`, payload: body }),
    AdminProductSchema,
  );

/** The owner backs the shop up now, as the dashboard's Back up now button does. */
export const backUp = (app: FastifyInstance, admin: { auth: { authorization: string } }) =>
  expectResult(
    app,
    asUser(admin, { method: 'POST', url: '/api/v1/admin/backups' }),
    BackupSchema,
    201,
  );
