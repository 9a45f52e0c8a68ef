import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildMenu, buildShop } from '../../test/factories.js';
import { menus, shops } from './schema/index.js';

// shops.min_price follows the shop's active menus through the triggers of migration 0007
// (docs/decisions/014-shop-min-price.md), whoever writes the menus.

let database: TestDatabase;
const db = () => database.db;

async function minPrice(shopId: number): Promise<number | null> {
  const [row] = await db()
    .select({ minPrice: shops.minPrice })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row!.minPrice;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('shops.min_price', () => {
  it('is null for a shop without menus and follows inserts (only a cheaper menu lowers it)', async () => {
    const shop = await buildShop(db());
    expect(await minPrice(shop.id)).toBeNull();
    await buildMenu(db(), shop.id, { basePrice: 30_000 });
    expect(await minPrice(shop.id)).toBe(30_000);
    await buildMenu(db(), shop.id, { basePrice: 45_000 });
    expect(await minPrice(shop.id)).toBe(30_000);
    await buildMenu(db(), shop.id, { basePrice: 22_000 });
    expect(await minPrice(shop.id)).toBe(22_000);
    // An inactive menu never counts.
    await buildMenu(db(), shop.id, { basePrice: 1_000, isActive: false });
    expect(await minPrice(shop.id)).toBe(22_000);
  });

  it('follows price changes up and down', async () => {
    const shop = await buildShop(db());
    const cheap = await buildMenu(db(), shop.id, { basePrice: 20_000 });
    await buildMenu(db(), shop.id, { basePrice: 35_000 });
    await db().update(menus).set({ basePrice: 50_000 }).where(eq(menus.id, cheap.id));
    expect(await minPrice(shop.id)).toBe(35_000);
    await db().update(menus).set({ basePrice: 9_000 }).where(eq(menus.id, cheap.id));
    expect(await minPrice(shop.id)).toBe(9_000);
  });

  it('follows deactivation and reactivation, and is null once no menu is active', async () => {
    const shop = await buildShop(db());
    const a = await buildMenu(db(), shop.id, { basePrice: 15_000 });
    const b = await buildMenu(db(), shop.id, { basePrice: 25_000 });
    await db().update(menus).set({ isActive: false }).where(eq(menus.id, a.id));
    expect(await minPrice(shop.id)).toBe(25_000);
    await db().update(menus).set({ isActive: false }).where(eq(menus.id, b.id));
    expect(await minPrice(shop.id)).toBeNull();
    await db().update(menus).set({ isActive: true }).where(eq(menus.id, a.id));
    expect(await minPrice(shop.id)).toBe(15_000);
  });

  it('follows deletes and a menu moving to another shop', async () => {
    const from = await buildShop(db());
    const to = await buildShop(db());
    const a = await buildMenu(db(), from.id, { basePrice: 10_000 });
    const b = await buildMenu(db(), from.id, { basePrice: 20_000 });
    await buildMenu(db(), to.id, { basePrice: 30_000 });
    await db().update(menus).set({ shopId: to.id }).where(eq(menus.id, a.id));
    expect([await minPrice(from.id), await minPrice(to.id)]).toEqual([20_000, 10_000]);
    await db().delete(menus).where(eq(menus.id, b.id));
    expect(await minPrice(from.id)).toBeNull();
  });

  it('handles many shops in one statement, and leaves other shops alone', async () => {
    const bystander = await buildShop(db());
    await buildMenu(db(), bystander.id, { basePrice: 12_345 });
    const many = await Promise.all([1, 2, 3].map(() => buildShop(db())));
    await db()
      .insert(menus)
      .values(
        many.flatMap((s, i) =>
          [40_000, 30_000 - i * 1_000].map((basePrice, j) => ({
            shopId: s.id,
            category: 'cut' as const,
            name: `bulk ${i}-${j}`,
            basePrice,
            currency: 'KRW' as const,
            durationMinutes: 60,
          })),
        ),
      );
    expect(await Promise.all(many.map((s) => minPrice(s.id)))).toEqual([30_000, 29_000, 28_000]);
    await db()
      .update(menus)
      .set({ basePrice: sql`${menus.basePrice} + 1000` })
      .where(
        inArray(
          menus.shopId,
          many.map((s) => s.id),
        ),
      );
    expect(await Promise.all(many.map((s) => minPrice(s.id)))).toEqual([31_000, 30_000, 29_000]);
    expect(await minPrice(bystander.id)).toBe(12_345);
  });

  it('is removed with its shop (menus cascade) without error, and cleared by a truncate of menus', async () => {
    const gone = await buildShop(db());
    await buildMenu(db(), gone.id, { basePrice: 5_000 });
    await db().delete(shops).where(eq(shops.id, gone.id));
    const kept = await buildShop(db());
    await buildMenu(db(), kept.id, { basePrice: 7_000 });
    await db().execute(sql`truncate table menus cascade`);
    expect(await minPrice(kept.id)).toBeNull();
  });
});
