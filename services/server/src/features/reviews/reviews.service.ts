import type { BookingReview, Language, ReviewItem, ReviewSummary, Server } from '@carol/contracts';
import { catalogs } from '@carol/i18n';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import type { MediaStorage } from '../../lib/storage.js';
import { bookingForReview } from '../booking/booking-history.service.js';
import {
  insertReview,
  listReviews,
  summarize,
  targetExists,
  type ReviewTarget,
} from './reviews.repo.js';
import {
  encodeReviewPhotos,
  removeStoredPhotos,
  storeReviewPhotos,
  type StoredPhoto,
} from './review-photos.js';

/**
 * "김하늘" → "김**", "Kim Minji" → "K**": the first letter of the name and two stars whatever
 * the length, so the mask doesn't leak how long the name is.
 */
export function maskAuthor(familyName: string, givenName: string): string {
  const first = Array.from(familyName.trim() || givenName.trim())[0];
  return `${first ?? '*'}**`;
}

export function summaryOf(rows: ReadonlyArray<{ rating: number; n: number }>): ReviewSummary {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let count = 0;
  let sum = 0;
  for (const { rating, n } of rows) {
    const key = String(rating) as keyof typeof distribution;
    if (!(key in distribution)) continue;
    distribution[key] += n;
    count += n;
    sum += rating * n;
  }
  return { average: count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count, distribution };
}

export async function reviewListOf(
  db: Database,
  server: Server,
  language: Language,
  query: { shopId?: number; designerId?: number; page: number; pageSize: number },
): Promise<{
  review_list: ReviewItem[];
  summary: ReviewSummary;
  total: number;
  page: number;
  has_next: boolean;
}> {
  const hasShop = query.shopId !== undefined;
  const hasDesigner = query.designerId !== undefined;
  if (hasShop === hasDesigner) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ field: hasShop ? 'designer_id' : 'shop_id', code: 'VALIDATION_FAILED' }],
    });
  }
  const target: ReviewTarget =
    query.shopId !== undefined ? { shopId: query.shopId } : { designerId: query.designerId! };
  if (!(await targetExists(db, server, target))) throw new AppError('NOT_FOUND');
  const paging = { page: query.page, pageSize: query.pageSize };
  const [groups, { rows, photos }] = await Promise.all([
    summarize(db, target),
    listReviews(db, target, paging),
  ]);
  const summary = summaryOf(groups);
  const withdrawn = catalogs[language].reviews.withdrawnAuthor;
  return {
    review_list: rows.map((r) => {
      const isWithdrawn = r.memberStatus === 'withdrawn';
      return {
        review_id: r.id,
        rating: r.rating,
        body: r.body,
        created_at: r.createdAt.toISOString(),
        author: isWithdrawn ? withdrawn : maskAuthor(r.familyName, r.givenName),
        author_withdrawn: isWithdrawn,
        designer_id: r.designerId,
        designer_name: r.designerName,
        photos: photos
          .filter((p) => p.reviewId === r.id)
          .map((p) => ({ url: p.url, thumb_url: p.thumbUrl })),
      };
    }),
    summary,
    total: summary.count,
    page: paging.page,
    has_next: paging.page * paging.pageSize < summary.count,
  };
}

/** A review of the member's own visited booking, with up to the contract's photos. */
export async function addReviewFor(
  deps: { db: Database; storage: MediaStorage },
  memberId: number,
  input: { bookingId: number; rating: number; body: string; photos: ReadonlyArray<unknown> },
): Promise<{ review: BookingReview }> {
  const { db } = deps;
  const row = await bookingForReview(db, memberId, input.bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'visited') throw new AppError('REVIEW_NOT_ALLOWED');
  // Cheap early answer; the unique index below is what really keeps it to one.
  if (row.isReviewed) throw new AppError('REVIEW_ALREADY_WRITTEN');
  // Browsers send Blobs, the server receives Buffers: anything else is not a file part.
  const uploads = input.photos.map((p) => {
    if (!(p instanceof Uint8Array)) throw new AppError('VALIDATION_FAILED');
    return p;
  });
  const stored: StoredPhoto[] =
    uploads.length === 0
      ? []
      : await storeReviewPhotos(deps.storage, await encodeReviewPhotos(uploads));
  let review;
  try {
    review = await insertReview(db, {
      bookingId: row.id,
      memberId,
      shopId: row.shopId,
      designerId: row.designerId,
      rating: input.rating,
      body: input.body,
      photos: stored.map((p) => ({ url: p.url, thumbUrl: p.thumbUrl })),
    });
  } catch (error) {
    await removeStoredPhotos(deps.storage, stored);
    throw error;
  }
  if (!review) {
    await removeStoredPhotos(deps.storage, stored);
    throw new AppError('REVIEW_ALREADY_WRITTEN');
  }
  return {
    review: {
      review_id: review.id,
      rating: review.rating,
      body: review.body,
      created_at: review.createdAt.toISOString(),
      photos: stored.map((p) => ({ url: p.url, thumb_url: p.thumbUrl })),
    },
  };
}
