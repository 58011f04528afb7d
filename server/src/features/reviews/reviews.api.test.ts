import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminOrderSchema,
  AdminReviewPageSchema,
  AdminReviewSchema,
  MyReviewSchema,
  OrderSchema,
  type OrderStatus,
  ProductPageSchema,
  ProductReviewsPageSchema,
  ProductSchema,
  REVIEW_ALREADY_WRITTEN,
  REVIEW_NOT_ELIGIBLE,
  REVIEW_NOT_FOUND,
  ReviewSchema,
} from '#contract';
import { createTestAppWithAdmin } from '#server-test/admins.ts';
import type { TestApp } from '#server-test/app.ts';
import { createProduct } from '#server-test/catalogue-fixtures.ts';
import { addAddress, addLine, checkoutRequest } from '#server-test/checkout-fixtures.ts';
import { call, expectFailure, expectResult } from '#server-test/http.ts';
import { type SignedUp, signUp } from '#server-test/users.ts';

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(() => t.close());

const review = (rating: number, title = 'Great tee', text = 'Soft and true to size.') => ({
  rating,
  title,
  text,
});

/** A product nobody reviewed yet; a category of its own lets the listing find it alone. */
async function newProduct() {
  const category = `Reviewed ${crypto.randomUUID().slice(0, 8)}`;
  const id = await createProduct(t.db, { category, rating: 0, stock: { M: 20 } });
  return { id, category };
}

/** A shopper's order of the product, moved by the owner to `status` (D19). */
async function orderOf(productId: string, status: OrderStatus, shopper?: SignedUp) {
  const buyer = shopper ?? (await signUp(t.app, { name: 'Asha Rao' }));
  await addAddress(t.app, buyer);
  await addLine(t.app, buyer, productId, 'M', 1);
  const order = await expectResult(t.app, checkoutRequest(buyer), OrderSchema, 201);
  const path = ['shipped', 'delivered'] as const;
  for (const step of path.slice(0, path.indexOf(status as (typeof path)[number]) + 1)) {
    await expectResult(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/status`,
        headers: admin.auth,
        payload: { status: step },
      },
      AdminOrderSchema,
    );
  }
  return buyer;
}

const create = (user: SignedUp, productId: string, body: object): InjectOptions => ({
  method: 'POST',
  url: `/api/v1/product/${productId}/reviews`,
  headers: user.auth,
  payload: body,
});

const mine = (user: SignedUp, productId: string, method: 'GET' | 'PUT' | 'DELETE', body?: object) =>
  ({
    method,
    url: `/api/v1/product/${productId}/reviews/mine`,
    headers: user.auth,
    ...(body && { payload: body }),
  }) satisfies InjectOptions;

const reviewsOf = (productId: string, query = '') =>
  expectResult(t.app, `/api/v1/product/${productId}/reviews${query}`, ProductReviewsPageSchema);

const productOf = (productId: string) =>
  expectResult(t.app, `/api/v1/product/${productId}`, ProductSchema);

const moderate = (id: string, action: 'hide' | 'restore', user: SignedUp = admin) =>
  expectResult(
    t.app,
    { method: 'POST', url: `/api/v1/admin/reviews/${id}/${action}`, headers: user.auth },
    AdminReviewSchema,
  );

describe('who may review (D28)', () => {
  it('lets a shopper whose order line was delivered review once, with Verified purchase', async () => {
    const { id } = await newProduct();
    const buyer = await orderOf(id, 'delivered');
    const before = await expectResult(t.app, mine(buyer, id, 'GET'), MyReviewSchema);
    expect(before).toEqual({ canReview: true, reason: null, review: null });

    const created = await expectResult(
      t.app,
      create(buyer, id, review(4, '  Lovely  ')),
      ReviewSchema,
      201,
    );
    expect(created).toMatchObject({
      productId: id,
      rating: 4,
      title: 'Lovely',
      author: 'Asha',
      verifiedPurchase: true,
    });

    const again = await expectFailure(t.app, create(buyer, id, review(5)), 409);
    expect(again.message).toBe(REVIEW_ALREADY_WRITTEN);
    const after = await expectResult(t.app, mine(buyer, id, 'GET'), MyReviewSchema);
    expect(after).toEqual({ canReview: false, reason: null, review: created });
  });

  it.each([
    'pending',
    'shipped',
  ] as const)('refuses with 403 and why while the order is %s', async (status) => {
    const { id } = await newProduct();
    const buyer = await orderOf(id, status);
    const failure = await expectFailure(t.app, create(buyer, id, review(5)), 403);
    expect(failure.message).toBe(REVIEW_NOT_ELIGIBLE);
    expect(await expectResult(t.app, mine(buyer, id, 'GET'), MyReviewSchema)).toEqual({
      canReview: false,
      reason: REVIEW_NOT_ELIGIBLE,
      review: null,
    });
  });

  it("refuses a shopper whose only delivered order is someone else's or another product's", async () => {
    const { id } = await newProduct();
    const other = await newProduct();
    await orderOf(id, 'delivered');
    const stranger = await orderOf(other.id, 'delivered');
    const failure = await expectFailure(t.app, create(stranger, id, review(5)), 403);
    expect(failure.message).toBe(REVIEW_NOT_ELIGIBLE);
    expect((await reviewsOf(id)).total).toBe(0);
  });

  it('asks a guest to sign in, and answers 404 for a product that is not on sale', async () => {
    const { id } = await newProduct();
    const guest = await call(t.app, {
      method: 'POST',
      url: `/api/v1/product/${id}/reviews`,
      payload: review(5),
    });
    expect(guest.status).toBe(401);
    const shopper = await signUp(t.app);
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      await expectFailure(t.app, create(shopper, unknown, review(5)), 404);
      await expectFailure(t.app, `/api/v1/product/${unknown}/reviews`, 404);
    }
  });

  it.each([
    ['6 stars', review(6), 'Rating must be 1 to 5 stars'],
    ['0 stars', review(0), 'Rating must be 1 to 5 stars'],
    ['3.5 stars', review(3.5), 'Rating must be a whole number of stars'],
    ['a blank title', { ...review(4), title: '   ' }, 'Title is required'],
    [
      '2,001 characters',
      { ...review(4), text: 'x'.repeat(2001) },
      'Review must be at most 2000 characters',
    ],
    [
      'a control character in the text',
      { ...review(4), text: 'Soft\u0007 cotton' },
      'Review must not contain control characters',
    ],
    [
      'a line break in the title',
      { ...review(4), title: 'Great\ntee' },
      'Title must not contain control characters',
    ],
  ])('refuses %s with 400', async (_case, body, message) => {
    const { id } = await newProduct();
    const buyer = await orderOf(id, 'delivered');
    const failure = await expectFailure(t.app, create(buyer, id, body), 400);
    expect(failure.errors?.map((error) => error.message)).toContain(message);
  });

  it('keeps the line breaks of a review typed in paragraphs', async () => {
    const { id } = await newProduct();
    const buyer = await orderOf(id, 'delivered');
    const text = 'Soft cotton.\r\n\nShrank a little after the first wash.';
    const created = await expectResult(
      t.app,
      create(buyer, id, review(4, 'Good', text)),
      ReviewSchema,
      201,
    );
    expect(created.text).toBe(text);
  });
});

describe("a product's rating comes from its visible reviews (D28)", () => {
  it('moves the average, count and distribution on create, edit, hide, restore and delete', async () => {
    const { id } = await newProduct();
    const first = await orderOf(id, 'delivered');
    const second = await orderOf(id, 'delivered');
    expect(await productOf(id)).toMatchObject({ rating: 0, reviewCount: 0 });

    await expectResult(t.app, create(first, id, review(5)), ReviewSchema, 201);
    const secondReview = await expectResult(
      t.app,
      create(second, id, review(2)),
      ReviewSchema,
      201,
    );
    expect(await productOf(id)).toMatchObject({ rating: 3.5, reviewCount: 2 });
    const page = await reviewsOf(id);
    expect(page.summary).toEqual({
      average: 3.5,
      count: 2,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 0 },
      ],
    });
    expect(page.results.map((item) => item.rating)).toEqual([2, 5]);

    await expectResult(t.app, mine(second, id, 'PUT', review(4, 'Grew on me')), ReviewSchema);
    expect(await productOf(id)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    const hidden = await moderate(secondReview._id, 'hide');
    expect(hidden).toMatchObject({ hidden: true, title: 'Grew on me', authorEmail: second.email });
    expect(await productOf(id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await reviewsOf(id)).results.map((item) => item._id)).not.toContain(secondReview._id);

    await moderate(secondReview._id, 'restore');
    expect(await productOf(id)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    await call(t.app, mine(first, id, 'DELETE'));
    expect(await productOf(id)).toMatchObject({ rating: 4, reviewCount: 1 });
    await call(t.app, mine(second, id, 'DELETE'));
    expect(await productOf(id)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('lets a shopper edit and delete only their own review', async () => {
    const { id } = await newProduct();
    await orderOf(id, 'delivered').then((buyer) =>
      expectResult(t.app, create(buyer, id, review(5)), ReviewSchema, 201),
    );
    const other = await signUp(t.app);
    const edit = await expectFailure(t.app, mine(other, id, 'PUT', review(1)), 404);
    expect(edit.message).toBe(REVIEW_NOT_FOUND);
    await expectFailure(t.app, mine(other, id, 'DELETE'), 404);
    expect(await productOf(id)).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it("feeds the listing's rating filter and sort", async () => {
    const loved = await newProduct();
    const disliked = await createProduct(t.db, { category: loved.category, rating: 0 });
    await expectResult(
      t.app,
      create(await orderOf(loved.id, 'delivered'), loved.id, review(5)),
      ReviewSchema,
      201,
    );
    await expectResult(
      t.app,
      create(await orderOf(disliked, 'delivered'), disliked, review(2)),
      ReviewSchema,
      201,
    );

    const filtered = await expectResult(
      t.app,
      `/api/v1/product?category=${encodeURIComponent(loved.category)}&rating=4`,
      ProductPageSchema,
    );
    expect(filtered.results.map((product) => product._id)).toEqual([loved.id]);
    const sorted = await expectResult(
      t.app,
      `/api/v1/product?category=${encodeURIComponent(loved.category)}&sortBy=ratingAsc`,
      ProductPageSchema,
    );
    expect(sorted.results.map((product) => [product._id, product.reviewCount])).toEqual([
      [disliked, 1],
      [loved.id, 1],
    ]);
  });
});

describe('the review pages', () => {
  it("pages a product's reviews newest first", async () => {
    const { id } = await newProduct();
    for (const stars of [1, 2, 3]) {
      await expectResult(
        t.app,
        create(await orderOf(id, 'delivered'), id, review(stars)),
        ReviewSchema,
        201,
      );
    }
    const first = await reviewsOf(id, '?limit=2');
    expect(first).toMatchObject({ total: 3, pages: 2, page: 1, limit: 2 });
    expect(first.results.map((item) => item.rating)).toEqual([3, 2]);
    const second = await reviewsOf(id, '?limit=2&page=2');
    expect(second.results.map((item) => item.rating)).toEqual([1]);
    expect(second.summary.count).toBe(3);
  });

  it('lists reviews for the owner, hidden ones alone on request; shoppers get 403', async () => {
    const { id } = await newProduct();
    const created = await expectResult(
      t.app,
      create(await orderOf(id, 'delivered'), id, review(3, 'Rude words')),
      ReviewSchema,
      201,
    );
    await moderate(created._id, 'hide');
    const hidden = await expectResult(
      t.app,
      { url: '/api/v1/admin/reviews?hidden=true&limit=100', headers: admin.auth },
      AdminReviewPageSchema,
    );
    expect(hidden.results.find((item) => item._id === created._id)).toMatchObject({ hidden: true });
    const shown = await expectResult(
      t.app,
      { url: '/api/v1/admin/reviews?hidden=false&limit=100', headers: admin.auth },
      AdminReviewPageSchema,
    );
    expect(shown.results.every((item) => !item.hidden)).toBe(true);

    const shopper = await signUp(t.app);
    await expectFailure(t.app, { url: '/api/v1/admin/reviews', headers: shopper.auth }, 403);
    await expectFailure(
      t.app,
      {
        method: 'POST',
        url: `/api/v1/admin/reviews/${created._id}/restore`,
        headers: shopper.auth,
      },
      403,
    );
    await expectFailure(
      t.app,
      { method: 'POST', url: '/api/v1/admin/reviews/not-an-id/hide', headers: admin.auth },
      404,
    );
  });
});
