import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { designers, members, reviewPhotos, reviews, shops } from '../../db/schema/index.js';

export type ReviewTarget = { shopId: number } | { designerId: number };

const whereOf = (target: ReviewTarget): SQL =>
  'shopId' in target
    ? eq(reviews.shopId, target.shopId)
    : eq(reviews.designerId, target.designerId);

/** The target exists in the request's server (a designer who left still has their reviews). */
export async function targetExists(db: Database, server: Server, target: ReviewTarget) {
  const rows =
    'shopId' in target
      ? await db
          .select({ id: shops.id })
          .from(shops)
          .where(and(eq(shops.id, target.shopId), eq(shops.server, server)))
          .limit(1)
      : await db
          .select({ id: designers.id })
          .from(designers)
          .innerJoin(shops, eq(shops.id, designers.shopId))
          .where(and(eq(designers.id, target.designerId), eq(shops.server, server)))
          .limit(1);
  return rows.length > 0;
}

export async function summarize(db: Database, target: ReviewTarget) {
  return db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(whereOf(target))
    .groupBy(reviews.rating);
}

export async function listReviews(
  db: Database,
  target: ReviewTarget,
  paging: { page: number; pageSize: number },
) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      designerId: reviews.designerId,
      designerName: designers.name,
      familyName: members.familyName,
      givenName: members.givenName,
      memberStatus: members.status,
    })
    .from(reviews)
    .innerJoin(members, eq(members.id, reviews.memberId))
    .leftJoin(designers, eq(designers.id, reviews.designerId))
    .where(whereOf(target))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const ids = rows.map((r) => r.id);
  const photos =
    ids.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewPhotos.reviewId,
            url: reviewPhotos.url,
            thumbUrl: reviewPhotos.thumbUrl,
          })
          .from(reviewPhotos)
          .where(inArray(reviewPhotos.reviewId, ids))
          .orderBy(asc(reviewPhotos.sort), asc(reviewPhotos.id));
  return { rows, photos };
}

/**
 * Inserts the review and its photos in one transaction. Undefined when the booking already has
 * a review (the unique index decides, so two racing submissions cannot both land).
 */
export async function insertReview(
  db: Database,
  values: {
    bookingId: number;
    memberId: number;
    shopId: number;
    designerId: number;
    rating: number;
    body: string;
    photos: Array<{ url: string; thumbUrl: string }>;
  },
) {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .insert(reviews)
      .values({
        bookingId: values.bookingId,
        memberId: values.memberId,
        shopId: values.shopId,
        designerId: values.designerId,
        rating: values.rating,
        body: values.body,
      })
      .onConflictDoNothing({ target: reviews.bookingId })
      .returning();
    if (!review) return undefined;
    if (values.photos.length > 0) {
      await tx.insert(reviewPhotos).values(
        values.photos.map((p, sort) => ({
          reviewId: review.id,
          url: p.url,
          thumbUrl: p.thumbUrl,
          sort,
        })),
      );
    }
    return review;
  });
}
