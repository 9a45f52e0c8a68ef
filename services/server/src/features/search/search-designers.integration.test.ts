import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerSearchRequestSchema, type DesignerSearchItem } from '@carol/contracts';
import { designerHolidays, designerWorkingHours } from '../../db/schema/index.js';
import { buildDesigner, buildMenu, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { eq } from 'drizzle-orm';
import { findDesigners } from './search.service.js';

// getDesignerSearchInfo with the shop filters (applied to the designer's shop) and sorts.

let t: TestApp;
const ids: Record<string, number> = {};
const cityHall = { lat: 37.5665, lng: 126.978 };

interface DesignerPage {
  designer_list: DesignerSearchItem[];
  total: number;
  page: number;
  has_next: boolean;
}

async function search(fields: Record<string, string | number>, server: 'kr' | 'jp' = 'kr') {
  const res = await postForm(
    t.app,
    '/api/carol/designer/getDesignerSearchInfo',
    { ...cityHall, page_size: 100, ...fields },
    { server },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DesignerPage>();
}
const names = (page: DesignerPage) => page.designer_list.map((d) => d.name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Near City Hall: a smart salon with a cheap women's cut.
  const near = await buildShop(db, {
    name: '시청 살롱',
    location: { x: 126.979, y: 37.567 },
    isSmartSalon: true,
  });
  await buildMenu(db, near.id, { basePrice: 20_000, targetGender: 'w', category: 'cut' });
  // About 9 km away (Gangnam): an expensive men's perm.
  const far = await buildShop(db, { name: '강남 살롱', location: { x: 127.0276, y: 37.4979 } });
  await buildMenu(db, far.id, { basePrice: 80_000, targetGender: 'm', category: 'perm' });
  ids.ahn = (
    await buildDesigner(db, near.id, {
      name: '안소희',
      ratingAvg: 4.9,
      reviewCount: 3,
      createdAt: new Date('2025-01-01T00:00:00Z'),
    })
  ).id;
  ids.baek = (
    await buildDesigner(db, near.id, {
      name: '백지민',
      ratingAvg: 4.1,
      reviewCount: 50,
      createdAt: new Date('2026-06-01T00:00:00Z'),
    })
  ).id;
  ids.cho = (
    await buildDesigner(db, far.id, {
      name: '조하늘',
      ratingAvg: 4.5,
      reviewCount: 10,
      createdAt: new Date('2025-09-01T00:00:00Z'),
    })
  ).id;
  // Inactive designers are never listed, whatever the filters.
  await buildDesigner(db, near.id, { name: '퇴사자', isActive: false });
});
afterAll(async () => t.close());

describe('POST /api/carol/designer/getDesignerSearchInfo — filters', () => {
  it('lists every active designer nearest first without filters', async () => {
    const page = await search({});
    expect(names(page)).toEqual(['안소희', '백지민', '조하늘']);
    expect(page.total).toBe(3);
  });

  it('filter_distance keeps designers of shops within the radius', async () => {
    expect(names(await search({ filter_distance: 5 }))).toEqual(['안소희', '백지민']);
    expect((await search({ filter_distance: 20 })).total).toBe(3);
  });

  it('flag_smart_salon keeps designers of smart salons', async () => {
    expect(names(await search({ flag_smart_salon: 1 }))).toEqual(['안소희', '백지민']);
  });

  it('price range, gender and treatment follow the shop menus', async () => {
    expect(names(await search({ min_price: 50_000 }))).toEqual(['조하늘']);
    expect(names(await search({ max_price: 30_000 }))).toEqual(['안소희', '백지민']);
    expect(names(await search({ gender: 'm' }))).toEqual(['조하늘']);
    expect(names(await search({ treatment: 'cut' }))).toEqual(['안소희', '백지민']);
    expect(names(await search({ treatment: 'perm', sort: 'rating' }))).toEqual(['조하늘']);
  });

  it('combines a keyword with filters', async () => {
    expect(names(await search({ keyword: 'ㅈㅎㄴ', filter_distance: 5 }))).toEqual([]);
    expect(names(await search({ keyword: 'ㅈㅎㄴ' }))).toEqual(['조하늘']);
    expect(names(await search({ keyword: '백지', flag_smart_salon: 1 }))).toEqual(['백지민']);
  });

  it('open_now needs the shop open and the designer working, in the shop time zone', async () => {
    const db = t.database.db;
    // Monday 2026-11-23 11:00 in Seoul: shops open 10–20, designers work 10–19.
    const now = new Date('2026-11-23T02:00:00Z');
    const input = (fields: Record<string, unknown>) =>
      DesignerSearchRequestSchema.parse({ ...cityHall, ...fields });
    const open = async () =>
      (await findDesigners(db, 'kr', input({ open_now: '1' }), now)).items.map((d) => d.name);
    expect(await open()).toEqual(['안소희', '백지민', '조하늘']);
    // 백지민 is off on Mondays; 조하늘 is on leave that day.
    await db
      .update(designerWorkingHours)
      .set({ isOff: true, startsAt: null, endsAt: null })
      .where(eq(designerWorkingHours.designerId, ids.baek!))
      .execute();
    await db.insert(designerHolidays).values({ designerId: ids.cho!, date: '2026-11-23' });
    expect(await open()).toEqual(['안소희']);
    // 19:30 in Seoul: the shop is still open but 안소희's day has ended.
    const late = await findDesigners(
      db,
      'kr',
      input({ open_now: '1' }),
      new Date('2026-11-23T10:30:00Z'),
    );
    expect(late.items).toEqual([]);
    expect(late.total).toBe(0);
    // Without open_now everyone is still listed.
    expect((await findDesigners(db, 'kr', input({}), now)).total).toBe(3);
  });
});

describe('POST /api/carol/designer/getDesignerSearchInfo — sorts', () => {
  it('sorts by the designer rating, review count, registration and distance', async () => {
    expect(names(await search({ sort: 'rating' }))).toEqual(['안소희', '조하늘', '백지민']);
    expect(names(await search({ sort: 'review_count' }))).toEqual(['백지민', '조하늘', '안소희']);
    expect(names(await search({ sort: 'registration' }))).toEqual(['백지민', '조하늘', '안소희']);
    expect(names(await search({ sort: 'newest' }))).toEqual(['백지민', '조하늘', '안소희']);
    expect(names(await search({ sort: 'oldest' }))).toEqual(['안소희', '조하늘', '백지민']);
    const byDistance = await search({ sort: 'distance' });
    expect(names(byDistance)).toEqual(['안소희', '백지민', '조하늘']);
    const d = byDistance.designer_list.map((x) => x.distance_km);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it('pages a sorted list without duplicates, with the full total', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search({ sort: 'rating', page, page_size: 1 });
      expect(res.total).toBe(3);
      expect(res.has_next).toBe(page < 3);
      seen.push(...res.designer_list.map((x) => x.designer_id));
    }
    expect(seen).toEqual([ids.ahn, ids.cho, ids.baek]);
  });

  it('refuses unknown sorts and out-of-range filters', async () => {
    const bad: Record<string, string | number>[] = [
      { sort: 'foo' },
      { filter_distance: 80 },
      { gender: 'x' },
    ];
    for (const fields of bad) {
      const res = await postForm(t.app, '/api/carol/designer/getDesignerSearchInfo', fields);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ resCode: string }>().resCode).toBe('VALIDATION_FAILED');
    }
  });

  it('never lists designers of the other server', async () => {
    expect((await search({ sort: 'rating' }, 'jp')).designer_list).toEqual([]);
  });
});
