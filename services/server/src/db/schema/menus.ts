import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { currencyValues, id, oneOf, ref } from './columns.js';
import { shops } from './shops.js';

export const menuCategoryValues = [
  'cut',
  'perm',
  'color',
  'clinic',
  'styling',
  'scalp',
  'other',
] as const;
export const targetGenderValues = ['w', 'm', 'all'] as const;

export const menus = pgTable(
  'menus',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    category: text('category', { enum: menuCategoryValues }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Minor unit of `currency` (KRW and JPY have none, so this is whole won / yen). */
    basePrice: integer('base_price').notNull(),
    currency: text('currency', { enum: currencyValues }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    targetGender: text('target_gender', { enum: targetGenderValues }).notNull().default('all'),
    sort: integer('sort').notNull().default(0),
    /** Menus are retired by deactivation so past booking items still resolve. */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('menus_category_check', oneOf(t.category, menuCategoryValues)),
    check('menus_currency_check', oneOf(t.currency, currencyValues)),
    check('menus_target_gender_check', oneOf(t.targetGender, targetGenderValues)),
    check('menus_base_price_check', sql`${t.basePrice} >= 0`),
    check('menus_duration_check', sql`${t.durationMinutes} > 0`),
    index('menus_shop_sort_idx').on(t.shopId, t.sort),
  ],
);
