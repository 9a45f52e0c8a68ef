import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.js';
import { shops } from './shops.js';

export const designers = pgTable(
  'designers',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** Job title shown on the profile, e.g. "Director", "원장". */
    position: text('position'),
    introduction: text('introduction'),
    profileImageUrl: text('profile_image_url'),
    careerYears: smallint('career_years'),
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Designers leave by deactivation, never deletion: bookings and reviews keep pointing at them. */
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Normalised name + name_en, jamo and 초성 key; see shops.searchText. */
    searchText: text('search_text').notNull().default(''),
    searchJamo: text('search_jamo').notNull().default(''),
    searchChosung: text('search_chosung').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('designers_rating_check', sql`${t.ratingAvg} between 0 and 5`),
    check('designers_review_count_check', sql`${t.reviewCount} >= 0`),
    check('designers_career_years_check', sql`${t.careerYears} is null or ${t.careerYears} >= 0`),
    index('designers_shop_sort_idx').on(t.shopId, t.sort),
    // Target of catalogue_photos' (designer_id, shop_id) key: the credited designer works there.
    uniqueIndex('designers_id_shop_uq').on(t.id, t.shopId),
    index('designers_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('designers_name_en_trgm').using('gin', t.nameEn.op('gin_trgm_ops')),
    index('designers_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('designers_search_jamo_trgm').using('gin', t.searchJamo.op('gin_trgm_ops')),
    index('designers_search_chosung_trgm').using('gin', t.searchChosung.op('gin_trgm_ops')),
  ],
);

export const designerWorkingHours = pgTable(
  'designer_working_hours',
  {
    id: id(),
    designerId: ref('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 = Monday .. 7 = Sunday. */
    weekday: smallint('weekday').notNull(),
    startsAt: time('starts_at'),
    endsAt: time('ends_at'),
    isOff: boolean('is_off').notNull().default(false),
  },
  (t) => [
    uniqueIndex('designer_working_hours_designer_weekday_uq').on(t.designerId, t.weekday),
    check('designer_working_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'designer_working_hours_times_check',
      sql`${t.isOff} or (${t.startsAt} is not null and ${t.endsAt} is not null and ${t.endsAt} > ${t.startsAt})`,
    ),
  ],
);

export const designerHolidays = pgTable(
  'designer_holidays',
  {
    id: id(),
    designerId: ref('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    /** A calendar date in the shop's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('designer_holidays_designer_date_uq').on(t.designerId, t.date)],
);
