import type { Banner, Language, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { findActiveBanners, type BannerPosition } from './banners.repo.js';

export async function listBanners(
  db: Database,
  position: BannerPosition,
  server: Server,
  language: Language,
  now = new Date(),
): Promise<Banner[]> {
  const rows = await findActiveBanners(db, position, server, language, now);
  // A language-specific banner replaces the all-language one at the same slot.
  const bySort = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const current = bySort.get(row.sort);
    if (!current || (current.language === null && row.language !== null)) bySort.set(row.sort, row);
  }
  return [...bySort.values()].map((row) => ({
    banner_id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image_url: row.imageUrl,
    link_url: row.linkUrl,
    background_color: row.backgroundColor,
  }));
}
