import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.js';
import { createdAt, id, ref } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { shops } from './shops.js';

/** One review per booking; shop and designer are copied from it for listing without a join. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookingId: ref('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    designerId: ref('designer_id').references(() => designers.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking_uq').on(t.bookingId),
    index('reviews_shop_created_idx').on(t.shopId, t.createdAt.desc()),
    index('reviews_designer_created_idx').on(t.designerId, t.createdAt.desc()),
    index('reviews_member_idx').on(t.memberId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: id(),
    reviewId: ref('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('review_photos_review_sort_idx').on(t.reviewId, t.sort)],
);
