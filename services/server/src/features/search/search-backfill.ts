import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { designers, shops } from '../../db/schema/index.js';
import { searchColumnsOf } from '../../lib/search-normalize.js';

/**
 * Fills the search columns of rows that predate migration 0004 (SQL cannot decompose Hangul
 * into jamo, so the migration leaves them ''). Idempotent and cheap once done: only rows with
 * an empty search_text are read. Called after migrations on start.
 */
export async function backfillSearchColumns(db: Database, batch = 500): Promise<number> {
  let updated = 0;
  for (;;) {
    const rows = await db
      .select({
        id: shops.id,
        name: shops.name,
        nameEn: shops.nameEn,
        regionCity: shops.regionCity,
        regionDistrict: shops.regionDistrict,
        regionNeighbourhood: shops.regionNeighbourhood,
      })
      .from(shops)
      .where(eq(shops.searchText, ''))
      .limit(batch);
    const fillable = rows.filter((r) => searchColumnsOf(r).searchText !== '');
    for (const row of fillable)
      await db.update(shops).set(searchColumnsOf(row)).where(eq(shops.id, row.id));
    updated += fillable.length;
    if (rows.length < batch || fillable.length === 0) break;
  }
  for (;;) {
    const rows = await db
      .select({ id: designers.id, name: designers.name, nameEn: designers.nameEn })
      .from(designers)
      .where(eq(designers.searchText, ''))
      .limit(batch);
    const fillable = rows.filter((r) => searchColumnsOf(r).searchText !== '');
    for (const row of fillable)
      await db.update(designers).set(searchColumnsOf(row)).where(eq(designers.id, row.id));
    updated += fillable.length;
    if (rows.length < batch || fillable.length === 0) break;
  }
  return updated;
}
