import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref, timestamptz } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { shops } from './shops.js';

export const mediaKindValues = ['photo', 'video'] as const;
export const mediaSourceValues = ['gallery', 'styling_history', 'simulation'] as const;

/**
 * The member's gallery and saved simulations. A salon's styling history lives in records.ts
 * (visit_records / visit_media), keyed by the customer's phone at that salon. Deletion is soft
 * (deleted_at) so the stored files can be removed by a sweeper; the member reference RESTRICTs
 * so purging a member must deal with the files explicitly.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    shopId: ref('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    designerId: ref('designer_id').references(() => designers.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: mediaKindValues }).notNull().default('photo'),
    source: text('source', { enum: mediaSourceValues }).notNull(),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    personalMemo: text('personal_memo'),
    shopMemo: text('shop_memo'),
    isHidden: boolean('is_hidden').notNull().default(false),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
    createdAt: createdAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    check('media_kind_check', oneOf(t.kind, mediaKindValues)),
    check('media_source_check', oneOf(t.source, mediaSourceValues)),
    index('media_member_taken_idx')
      .on(t.memberId, t.takenAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('media_member_shop_taken_idx')
      .on(t.memberId, t.shopId, t.takenAt.desc())
      .where(sql`${t.deletedAt} is null`),
    index('media_shop_idx').on(t.shopId),
    index('media_designer_idx').on(t.designerId),
  ],
);
