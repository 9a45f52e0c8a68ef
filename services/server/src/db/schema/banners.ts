import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, languageValues, oneOf, serverValues, timestamptz } from './columns.js';

export const bannerPositionValues = ['main', 'middle'] as const;

export const banners = pgTable(
  'banners',
  {
    id: id(),
    position: text('position', { enum: bannerPositionValues }).notNull(),
    server: text('server', { enum: serverValues }).notNull(),
    /** Null shows the banner in every language. */
    language: text('language', { enum: languageValues }),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    backgroundColor: text('background_color'),
    sort: integer('sort').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('banners_position_check', oneOf(t.position, bannerPositionValues)),
    check('banners_server_check', oneOf(t.server, serverValues)),
    check(
      'banners_language_check',
      sql`${t.language} is null or ${oneOf(t.language, languageValues)}`,
    ),
    check(
      'banners_window_check',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    index('banners_lookup_idx')
      .on(t.server, t.position, t.sort)
      .where(sql`${t.isActive}`),
  ],
);
