import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, genderValues, id, lengthValues, oneOf, ref, serverValues } from './columns.js';
import { designers } from './designers.js';
import { shops } from './shops.js';

/*
 * Style book: /stylebook/style/{gender}/{type}/{style}/{substyle}. Ids start at 1, so the
 * route's -1 / 0 ("all") never collide with a real row.
 */

export const catalogueTypes = pgTable(
  'catalogue_types',
  {
    id: id(),
    gender: text('gender', { enum: genderValues }).notNull(),
    length: text('length', { enum: lengthValues }).notNull(),
    code: text('code').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    nameJa: text('name_ja').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('catalogue_types_gender_code_uq').on(t.gender, t.code),
    index('catalogue_types_gender_sort_idx').on(t.gender, t.sort),
    check('catalogue_types_gender_check', oneOf(t.gender, genderValues)),
    check('catalogue_types_length_check', oneOf(t.length, lengthValues)),
  ],
);

export const catalogueStyles = pgTable(
  'catalogue_styles',
  {
    id: id(),
    typeId: ref('type_id')
      .notNull()
      .references(() => catalogueTypes.id, { onDelete: 'cascade' }),
    /** Set on a substyle: the style it refines. */
    parentStyleId: ref('parent_style_id').references((): AnyPgColumn => catalogueStyles.id, {
      onDelete: 'cascade',
    }),
    code: text('code').notNull(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    nameJa: text('name_ja').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('catalogue_styles_type_code_uq').on(t.typeId, t.code),
    index('catalogue_styles_parent_idx').on(t.parentStyleId),
    check(
      'catalogue_styles_not_own_parent_check',
      sql`${t.parentStyleId} is null or ${t.parentStyleId} <> ${t.id}`,
    ),
  ],
);

/**
 * A style photo belongs to one market (ADR 024): its title and description are written in that
 * market's language (kr: Korean, jp: Japanese), it is listed only under that market, and when it
 * credits a salon the salon is of the same market (composite foreign key on shop_id + server)
 * and the designer works at that salon (composite foreign key on designer_id + shop_id).
 */
export const cataloguePhotos = pgTable(
  'catalogue_photos',
  {
    id: id(),
    server: text('server', { enum: serverValues }).notNull(),
    /** The most specific style: a substyle when the photo has one. */
    styleId: ref('style_id')
      .notNull()
      .references(() => catalogueStyles.id, { onDelete: 'restrict' }),
    shopId: ref('shop_id'),
    designerId: ref('designer_id'),
    // Denormalised from the type so the home "style by length" and gender filters need no join.
    gender: text('gender', { enum: genderValues }).notNull(),
    length: text('length', { enum: lengthValues }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    imageUrl: text('image_url').notNull(),
    thumbUrl: text('thumb_url'),
    likeCount: integer('like_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('catalogue_photos_server_check', oneOf(t.server, serverValues)),
    // MATCH SIMPLE: an editorial photo (no shop) is checked by neither key.
    foreignKey({
      name: 'catalogue_photos_shop_market_fk',
      columns: [t.shopId, t.server],
      foreignColumns: [shops.id, shops.server],
    }).onDelete('cascade'),
    foreignKey({
      name: 'catalogue_photos_designer_shop_fk',
      columns: [t.designerId, t.shopId],
      foreignColumns: [designers.id, designers.shopId],
    }),
    check(
      'catalogue_photos_designer_needs_shop_check',
      sql`${t.designerId} is null or ${t.shopId} is not null`,
    ),
    check('catalogue_photos_gender_check', oneOf(t.gender, genderValues)),
    check('catalogue_photos_length_check', oneOf(t.length, lengthValues)),
    check('catalogue_photos_counts_check', sql`${t.likeCount} >= 0 and ${t.viewCount} >= 0`),
    index('catalogue_photos_style_idx').on(t.server, t.styleId, t.createdAt.desc()),
    index('catalogue_photos_gender_length_idx').on(
      t.server,
      t.gender,
      t.length,
      t.createdAt.desc(),
    ),
    index('catalogue_photos_hot_idx')
      .on(t.server, t.gender, t.likeCount.desc())
      .where(sql`${t.isHot}`),
    index('catalogue_photos_shop_idx').on(t.shopId),
    index('catalogue_photos_designer_idx').on(t.designerId),
  ],
);
