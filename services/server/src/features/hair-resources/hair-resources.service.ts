import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { HairResource } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { hairResources } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export async function pickRandomHairResource(
  db: Database,
  filter: { kind: 'style' | 'color'; gender?: 'w' | 'm' | undefined },
): Promise<HairResource> {
  const conditions: SQL[] = [eq(hairResources.isActive, true), eq(hairResources.kind, filter.kind)];
  if (filter.gender) conditions.push(eq(hairResources.gender, filter.gender));
  // The table holds tens of rows, so random() over the filtered set is the simple, fair choice.
  const [row] = await db
    .select()
    .from(hairResources)
    .where(and(...conditions))
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    resource_id: row.id,
    kind: row.kind,
    gender: row.gender,
    length: row.length,
    name: row.name,
    image_url: row.imageUrl,
    mask_url: row.maskUrl,
    anchor: row.anchor,
  };
}
