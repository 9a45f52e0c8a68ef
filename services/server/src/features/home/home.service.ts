import { and, asc, desc, eq } from 'drizzle-orm';
import type { HairColor, HotStyle, Language, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { hairColors } from '../../db/schema/index.js';
import { selectHotStyles } from './home.repo.js';

const nameColumn = { ko: 'nameKo', en: 'nameEn', ja: 'nameJa' } as const;

export async function listHotHairColors(
  db: Database,
  language: Language,
  limit: number,
): Promise<HairColor[]> {
  const rows = await db
    .select()
    .from(hairColors)
    .where(and(eq(hairColors.isHot, true)))
    .orderBy(desc(hairColors.popularity), asc(hairColors.sort), asc(hairColors.id))
    .limit(limit);
  return rows.map((row) => ({
    color_id: row.id,
    name: row[nameColumn[language]],
    hex: row.hex,
    tone: row.tone,
    is_hot: row.isHot,
    image_url: row.imageUrl,
  }));
}

/** Hot style-book photos of the market for the home page, most liked first; both genders unless one is asked. */
export function listHotStyles(
  db: Database,
  server: Server,
  language: Language,
  gender: 'w' | 'm' | undefined,
  limit: number,
): Promise<HotStyle[]> {
  return selectHotStyles(db, { server, language, gender, limit });
}
