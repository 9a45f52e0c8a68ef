import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, DbTransaction } from '../client.js';
import { designers, menus, shops } from '../schema/index.js';
import { Rng } from '../../lib/prng.js';

/** What the salon records' parts share: the database, the seeded streams, time and the salons. */

export type Executor = Database | DbTransaction;

/**
 * A seeded stream for a key. Keys here differ only in their last characters (a phone, a shop
 * id), and the first draws of such neighbouring streams come out alike (every customer had 7
 * visits), so a few are discarded first.
 */
export function stream(seed: number, key: string): Rng {
  const rng = Rng.derive(seed, key);
  for (let i = 0; i < 4; i++) rng.float();
  return rng;
}

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Both markets are UTC+9: 11:00 local is 02:00 UTC. */
export const OPEN_UTC_HOUR = 2;

export interface RecordsOptions {
  mediaDir: string;
  seed: number;
  epoch: Date;
  /** Write the photo, video and microscope files (false: rows only, bytes 0; for fast tests). */
  writeFiles: boolean;
}

export interface SalonInfo {
  id: number;
  server: 'kr' | 'jp';
  designerIds: number[];
  menus: { name: string; category: string; gender: string }[];
}

export async function salonInfo(
  db: Executor,
  shopIds: readonly number[],
): Promise<Map<number, SalonInfo>> {
  const out = new Map<number, SalonInfo>();
  if (shopIds.length === 0) return out;
  const shopRows = await db
    .select({ id: shops.id, server: shops.server })
    .from(shops)
    .where(inArray(shops.id, [...shopIds]));
  for (const s of shopRows)
    out.set(s.id, { id: s.id, server: s.server, designerIds: [], menus: [] });
  const ds = await db
    .select({ id: designers.id, shopId: designers.shopId })
    .from(designers)
    .where(and(inArray(designers.shopId, [...shopIds]), eq(designers.isActive, true)))
    .orderBy(asc(designers.id));
  for (const d of ds) out.get(d.shopId)?.designerIds.push(d.id);
  const ms = await db
    .select({
      shopId: menus.shopId,
      name: menus.name,
      category: menus.category,
      gender: menus.targetGender,
    })
    .from(menus)
    .where(and(inArray(menus.shopId, [...shopIds]), eq(menus.isActive, true)))
    .orderBy(asc(menus.id));
  for (const m of ms)
    out
      .get(m.shopId)
      ?.menus.push({ name: m.name, category: m.category, gender: m.gender ?? 'all' });
  return out;
}
