import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamptz } from './columns.js';
import { members } from './members.js';
import { shops } from './shops.js';

/**
 * Data linking between a member and a shop's customer record, keyed by the member's phone.
 * "One account links per shop": a member links a shop once, and a phone links to one member per shop.
 */
export const shopLinks = pgTable(
  'shop_links',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    linkedAt: timestamptz('linked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_links_member_shop_uq').on(t.memberId, t.shopId),
    // Leads with shop_id, so it also serves "links of this shop".
    uniqueIndex('shop_links_shop_phone_uq').on(t.shopId, t.phone),
  ],
);
