import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { products } from '#server/db/schema/catalogue.ts';
import { type ReviewRow, reviews } from '#server/db/schema/reviews.ts';

export type NewReview = typeof reviews.$inferInsert;
export interface ReviewContent {
  rating: number;
  title: string;
  text: string;
}
/** A review with who wrote it and of what, as the pages show it. */
export type ReviewWithAuthor = ReviewRow & {
  authorName: string;
  authorEmail: string;
  productTitle: string;
};

const withAuthorColumns = {
  review: reviews,
  authorName: users.name,
  authorEmail: users.email,
  productTitle: products.title,
};

const flatten = (row: { review: ReviewRow } & Omit<ReviewWithAuthor, keyof ReviewRow>) => ({
  ...row.review,
  authorName: row.authorName,
  authorEmail: row.authorEmail,
  productTitle: row.productTitle,
});

const visible = isNull(reviews.hiddenAt);

/**
 * Inserts the review, or nothing when the shopper already reviewed the
 * product: the unique key decides, so two racing requests make one review.
 */
export async function insertReview(
  db: Database,
  review: NewReview,
): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(review).onConflictDoNothing().returning();
  return row;
}

export async function findUserReview(
  db: Database,
  userId: string,
  productId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row;
}

export async function updateUserReview(
  db: Database,
  userId: string,
  productId: string,
  content: ReviewContent,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ ...content, updatedAt: new Date() })
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .returning();
  return row;
}

export async function deleteUserReview(
  db: Database,
  userId: string,
  productId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .delete(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
    .returning();
  return row;
}

export async function setReviewHidden(
  db: Database,
  id: string,
  hidden: boolean,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

export async function findReviewWithAuthor(
  db: Database,
  id: string,
): Promise<ReviewWithAuthor | undefined> {
  const [row] = await db
    .select(withAuthorColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  return row && flatten(row);
}

async function findReviewPage(
  db: Database,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(withAuthorColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(reviews).where(where),
  ]);
  return { rows: rows.map(flatten), total: counted?.total ?? 0 };
}

/** A product's visible reviews, newest first. */
export function findProductReviewPage(
  db: Database,
  productId: string,
  page: { offset: number; limit: number },
) {
  return findReviewPage(db, and(eq(reviews.productId, productId), visible), page);
}

/** Every review for the owner, newest first; `hidden` narrows them. */
export function findAdminReviewPage(
  db: Database,
  hidden: boolean | undefined,
  page: { offset: number; limit: number },
) {
  const where = hidden === undefined ? undefined : hidden ? isNotNull(reviews.hiddenAt) : visible;
  return findReviewPage(db, where, page);
}

/** How many visible reviews of the product gave each number of stars. */
export async function countProductStars(
  db: Database,
  productId: string,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ stars: reviews.rating, count: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), visible))
    .groupBy(reviews.rating);
  return new Map(rows.map((row) => [row.stars, row.count]));
}

/**
 * Serialises the review changes of one product until the transaction ends,
 * so the average written last counts every review committed before it.
 */
export async function lockProductReviews(db: Database, productId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reviews:${productId}`}))`);
}
