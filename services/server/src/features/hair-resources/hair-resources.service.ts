import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { HairResource, Language } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { hairResources } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

type Row = typeof hairResources.$inferSelect;

export interface HairResourceFilter {
  kind: 'style' | 'color';
  gender?: 'w' | 'm' | undefined;
  length?: Row['length'] | undefined;
}

const nameColumn = { ko: 'nameKo', en: 'nameEn', ja: 'nameJa' } as const;

function conditionsOf(filter: HairResourceFilter): SQL[] {
  const conditions: SQL[] = [eq(hairResources.isActive, true), eq(hairResources.kind, filter.kind)];
  if (filter.gender) conditions.push(eq(hairResources.gender, filter.gender));
  if (filter.length) conditions.push(eq(hairResources.length, filter.length));
  return conditions;
}

function toHairResource(row: Row, language: Language): HairResource {
  return {
    resource_id: row.id,
    kind: row.kind,
    gender: row.gender,
    length: row.length,
    name: row[nameColumn[language]],
    image_url: row.imageUrl,
    mask_url: row.maskUrl,
    anchor: row.anchor,
    hex: row.hex,
    origin: row.origin,
  };
}

export async function pickRandomHairResource(
  db: Database,
  language: Language,
  filter: HairResourceFilter,
): Promise<HairResource> {
  // The table holds tens of rows, so random() over the filtered set is the simple, fair choice.
  const [row] = await db
    .select()
    .from(hairResources)
    .where(and(...conditionsOf(filter)))
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toHairResource(row, language);
}

/** Every active resource of a kind in display order (tens of rows: no paging). */
export async function listHairResources(
  db: Database,
  language: Language,
  filter: HairResourceFilter,
): Promise<HairResource[]> {
  const rows = await db
    .select()
    .from(hairResources)
    .where(and(...conditionsOf(filter)))
    .orderBy(asc(hairResources.sort), asc(hairResources.id));
  return rows.map((row) => toHairResource(row, language));
}
