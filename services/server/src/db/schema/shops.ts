import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  point,
  smallint,
  text,
  time,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  currencyValues,
  id,
  languageValues,
  oneOf,
  ref,
  serverValues,
  timestamptz,
  updatedAt,
} from './columns.js';

export const noticeTypeValues = ['news', 'update', 'coupon', 'details'] as const;
/** Who sees a notice: everyone (salon page, linked members' history) or only linked members. */
export const noticeAudienceValues = ['all', 'linked'] as const;

export const shops = pgTable(
  'shops',
  {
    id: id(),
    server: text('server', { enum: serverValues }).notNull(),
    name: text('name').notNull(),
    /** Romanized or English name: lets non-native keyboards find the shop. */
    nameEn: text('name_en'),
    representative: text('representative'),
    address: text('address').notNull(),
    addressDetail: text('address_detail'),
    regionCity: text('region_city'),
    regionDistrict: text('region_district'),
    regionNeighbourhood: text('region_neighbourhood'),
    phone: text('phone'),
    /** x = longitude, y = latitude. KNN (`<->`) prefilters; exact great-circle distance is computed after. */
    location: point('location', { mode: 'xy' }).notNull(),
    /** IANA zone; every day boundary for this shop (availability, holidays, "today") is computed in it. */
    timeZone: text('time_zone').notNull(),
    currency: text('currency', { enum: currencyValues }).notNull(),
    introduction: text('introduction'),
    isSmartSalon: boolean('is_smart_salon').notNull().default(false),
    isBookingOpen: boolean('is_booking_open').notNull().default(true),
    ratingAvg: numeric('rating_avg', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    reviewCount: integer('review_count').notNull().default(0),
    slotMinutes: smallint('slot_minutes').notNull().default(30),
    /** A member may move a booking until this many minutes before its start (ADR 057). */
    rescheduleCutoffMinutes: integer('reschedule_cutoff_minutes').notNull().default(60),
    /**
     * Where the salon is told when a member moves or cancels a booking (ADR 062); null: not
     * told by mail (the console's booking list still shows it).
     */
    noticeEmail: text('notice_email'),
    /** The language of those mails; null: the market's (ko in Korea, ja in Japan). */
    noticeLanguage: text('notice_language', { enum: languageValues }),
    /**
     * Lowest `base_price` of the shop's active menus (null: no active menu), in `currency`.
     * Kept in sync by triggers on `menus` (migration 0007, ADR 014) so the price filter and
     * sort of the search read an indexed column instead of aggregating menus per query.
     */
    minPrice: integer('min_price'),
    /**
     * Search columns, computed in TypeScript by `searchColumnsOf` (features/search) on every
     * insert path: normalised name + name_en + region names, its Hangul jamo decomposition and
     * its initial-consonant (초성) key. SQL cannot decompose jamo, so there is no trigger.
     */
    searchText: text('search_text').notNull().default(''),
    searchJamo: text('search_jamo').notNull().default(''),
    searchChosung: text('search_chosung').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shops_server_check', oneOf(t.server, serverValues)),
    // Target of catalogue_photos' (shop_id, server) key: a photo credits a salon of its market.
    uniqueIndex('shops_id_server_uq').on(t.id, t.server),
    check('shops_currency_check', oneOf(t.currency, currencyValues)),
    check('shops_rating_check', sql`${t.ratingAvg} between 0 and 5`),
    check('shops_review_count_check', sql`${t.reviewCount} >= 0`),
    check('shops_slot_minutes_check', sql`${t.slotMinutes} between 5 and 240`),
    check('shops_reschedule_cutoff_check', sql`${t.rescheduleCutoffMinutes} between 10 and 10080`),
    check(
      'shops_notice_email_check',
      sql`${t.noticeEmail} is null or (length(${t.noticeEmail}) <= 254 and ${t.noticeEmail} like '%_@_%')`,
    ),
    check(
      'shops_notice_language_check',
      sql`${t.noticeLanguage} is null or ${oneOf(t.noticeLanguage, languageValues)}`,
    ),
    index('shops_location_gist').using('gist', t.location),
    index('shops_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('shops_name_en_trgm').using('gin', t.nameEn.op('gin_trgm_ops')),
    index('shops_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('shops_search_jamo_trgm').using('gin', t.searchJamo.op('gin_trgm_ops')),
    index('shops_search_chosung_trgm').using('gin', t.searchChosung.op('gin_trgm_ops')),
    index('shops_server_region_idx').on(t.server, t.regionCity, t.regionDistrict),
    index('shops_server_created_idx').on(t.server, t.createdAt),
    index('shops_server_min_price_idx').on(t.server, t.minPrice),
    check('shops_min_price_check', sql`${t.minPrice} is null or ${t.minPrice} >= 0`),
  ],
);

export const shopBusinessHours = pgTable(
  'shop_business_hours',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 = Monday .. 7 = Sunday (the week runs Monday to Sunday). */
    weekday: smallint('weekday').notNull(),
    opensAt: time('opens_at'),
    closesAt: time('closes_at'),
    isDayOff: boolean('is_day_off').notNull().default(false),
  },
  (t) => [
    uniqueIndex('shop_business_hours_shop_weekday_uq').on(t.shopId, t.weekday),
    check('shop_business_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'shop_business_hours_times_check',
      sql`${t.isDayOff} or (${t.opensAt} is not null and ${t.closesAt} is not null and ${t.closesAt} > ${t.opensAt})`,
    ),
  ],
);

export const shopHolidays = pgTable(
  'shop_holidays',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** A calendar date in the shop's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('shop_holidays_shop_date_uq').on(t.shopId, t.date)],
);

export const shopImages = pgTable(
  'shop_images',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('shop_images_shop_sort_idx').on(t.shopId, t.sort)],
);

/** The staff console authenticates with a per-shop key; only its hash is stored. */
export const shopConsoleKeys = pgTable(
  'shop_console_keys',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('shop_console_keys_key_hash_uq').on(t.keyHash),
    index('shop_console_keys_shop_idx').on(t.shopId),
  ],
);

export const notices = pgTable(
  'notices',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    type: text('type', { enum: noticeTypeValues }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    audience: text('audience', { enum: noticeAudienceValues }).notNull().default('all'),
    /** Null while a draft; shown to members once set and in the past. */
    publishedAt: timestamptz('published_at'),
    /** Validity (coupons): shown until valid_until has passed; null = open-ended. */
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    createdAt: createdAt(),
  },
  (t) => [
    check('notices_type_check', oneOf(t.type, noticeTypeValues)),
    check('notices_audience_check', oneOf(t.audience, noticeAudienceValues)),
    check(
      'notices_validity_check',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} <= ${t.validUntil}`,
    ),
    index('notices_shop_published_idx').on(t.shopId, t.publishedAt.desc()),
  ],
);
