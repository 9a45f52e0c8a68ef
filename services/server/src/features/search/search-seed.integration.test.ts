import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { designers, shops } from '../../db/schema/index.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { backfillSearchColumns } from './search-backfill.js';
import { searchColumnsOf } from '../../lib/search-normalize.js';

let database: TestDatabase;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-search-seed-'));
  database = await createTestDatabase();
  await seedDemoData(database.handle, { mediaDir, shops: 12, renderImages: false });
});
afterAll(async () => {
  await database.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('search columns of seeded rows', () => {
  it('are filled for every shop and designer, exactly as searchColumnsOf computes them', async () => {
    const db = database.db;
    const shopRows = await db.select().from(shops);
    expect(shopRows.length).toBe(12);
    for (const s of shopRows) {
      expect(s.searchText).not.toBe('');
      expect({
        searchText: s.searchText,
        searchJamo: s.searchJamo,
        searchChosung: s.searchChosung,
      }).toEqual(searchColumnsOf(s));
    }
    const designerRows = await db.select().from(designers);
    expect(designerRows.every((d) => d.searchText === searchColumnsOf(d).searchText)).toBe(true);
  });

  it('are backfilled for rows that predate them', async () => {
    const db = database.db;
    await db.execute(sql`update shops set search_text = '', search_jamo = '', search_chosung = ''`);
    await db.execute(sql`update designers set search_text = ''`);
    expect(await backfillSearchColumns(db, 5)).toBeGreaterThan(12);
    const [first] = await db.select().from(shops).where(eq(shops.searchText, ''));
    expect(first).toBeUndefined();
    expect(await backfillSearchColumns(db)).toBe(0);
  });
});
