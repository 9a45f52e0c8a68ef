import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cataloguePhotos } from './catalogue.js';
import { createdAt, ref } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { shops } from './shops.js';

// The composite key makes "favourite twice" a no-op (ON CONFLICT DO NOTHING) and serves the
// member's list; the second index serves "is this a favourite" counts from the target side.

export const favoriteShops = pgTable(
  'favorite_shops',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.shopId] }),
    index('favorite_shops_shop_idx').on(t.shopId),
  ],
);

export const favoriteDesigners = pgTable(
  'favorite_designers',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    designerId: ref('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.designerId] }),
    index('favorite_designers_designer_idx').on(t.designerId),
  ],
);

/** Style-book favourites (add_hair_book / sub_hair_book): a catalogue photo. */
export const favoriteStyles = pgTable(
  'favorite_styles',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    photoId: ref('photo_id')
      .notNull()
      .references(() => cataloguePhotos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.photoId] }),
    index('favorite_styles_photo_idx').on(t.photoId),
  ],
);
