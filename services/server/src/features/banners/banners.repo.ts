import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Language, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { banners } from '../../db/schema/index.js';

export type BannerPosition = 'main' | 'middle';

/** Active banners for a market, in the reader's language or for every language. */
export async function findActiveBanners(
  db: Database,
  position: BannerPosition,
  server: Server,
  language: Language,
  now: Date,
) {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.position, position),
        eq(banners.server, server),
        eq(banners.isActive, true),
        or(isNull(banners.language), eq(banners.language, language)),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
}
