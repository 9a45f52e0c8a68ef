import { and, asc, desc, eq } from 'drizzle-orm';
import type { HairColor, Language } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { hairColors } from '../../db/schema/index.js';

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
