import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CataloguePhoto,
  DesignerDetail,
  FavoriteCatalogueItem,
  HotStyle,
  PhotoDetail,
} from '@carol/contracts';
import { cataloguePhotos } from '../../db/schema/index.js';
import { DEFAULT_SHOP_COUNT, seedDemoData } from '../../db/seed/seed.js';
import { salonProfileOf } from '../../db/seed/shops.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { buildMember, buildSession } from '../../../test/factories.js';

/*
 * The per-market style book and the demo variety on the demo seed as people get it: every style photo any endpoint
 * shows under a market is written in that market's language, is credited to a salon of that
 * market, and every salon but the one left empty on purpose has a style book, every designer
 * of it a portfolio (ADR 024).
 */

type Market = 'kr' | 'jp';
const languageOf = { kr: 'ko', jp: 'ja' } as const;

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** A problem with one text shown under `market`, or null. Latin (brand names) is fine in both. */
function wrongScript(market: Market, text: string | null | undefined, own = false): string | null {
  if (text === null || text === undefined || text === '') return null;
  if (market === 'jp' && HANGUL.test(text)) return `Korean under jp: ${text}`;
  if (market === 'kr' && KANA.test(text)) return `Japanese under kr: ${text}`;
  // Catalogue text of its own (title, description) must be written in the market's language.
  if (own && market === 'kr' && !HANGUL.test(text)) return `not Korean under kr: ${text}`;
  if (own && market === 'jp' && !JAPANESE.test(text)) return `not Japanese under jp: ${text}`;
  return null;
}

let t: TestApp;
let mediaDir: string;
const emptySalons = new Map<Market, number[]>([
  ['kr', []],
  ['jp', []],
]);

const ask = <T>(
  url: string,
  fields: Record<string, string | number>,
  market: Market,
  cookie?: string,
) =>
  postForm(t.app, url, fields, {
    server: market,
    headers: {
      'accept-language': languageOf[market],
      ...(cookie ? { cookie: `carol_sid=${cookie}` } : {}),
    },
  }).then((res) => {
    expect(res.statusCode, `${url} ${JSON.stringify(fields)} ${res.body}`).toBe(200);
    return res.json<T>();
  });

async function allPages<T>(
  url: string,
  fields: Record<string, string | number>,
  market: Market,
  list: (body: Record<string, unknown>) => T[],
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const body = await ask<Record<string, unknown>>(
      url,
      { ...fields, page, page_size: 100 },
      market,
    );
    items.push(...list(body));
    if (!body.has_next) return items;
  }
}

async function inChunks<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const shopsOf = async (market: Market) =>
  (
    await t.database.db.execute<{ id: number }>(
      sql`select id::int as id from shops where server = ${market} order by id`,
    )
  ).rows.map((r) => Number(r.id));

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-stylebook-market-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', RATE_LIMIT_PER_MINUTE: '1000000' });
  await seedDemoData(t.database.handle, { mediaDir, renderImages: false });
  // A fresh database numbers shops from 1 in seed order.
  for (let index = 0; index < DEFAULT_SHOP_COUNT; index++) {
    if (!salonProfileOf(index)?.emptyStyleBook) continue;
    const [row] = (
      await t.database.db.execute<{ server: Market }>(
        sql`select server from shops where id = ${index + 1}`,
      )
    ).rows;
    emptySalons.get(row!.server)!.push(index + 1);
  }
}, 600_000);

afterAll(async () => {
  await t?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe.each(['kr', 'jp'] as const)('the seeded style book under %s', (market) => {
  const photosOf = (gender: 'w' | 'm') =>
    allPages<CataloguePhoto>(
      '/api/carol/catalogue/getStyle',
      { gender, type_id: -1, style_id: 0, substyle_id: 0 },
      market,
      (b) => b.catalogue_list as CataloguePhoto[],
    );

  it('lists only photos written in the market’s language, in every list and in every detail', async () => {
    const photos = [...(await photosOf('w')), ...(await photosOf('m'))];
    expect(photos.length).toBeGreaterThan(500);
    const problems: string[] = [];
    for (const p of photos)
      for (const text of [p.title, p.description, p.style_name])
        problems.push(wrongScript(market, text, text !== p.style_name) ?? '');
    await inChunks(photos, 25, async (p) => {
      const { detail } = await ask<{ detail: PhotoDetail }>(
        '/api/carol/catalogue/getPhotoDetail',
        { photo_id: p.photo_id },
        market,
      );
      for (const text of [detail.title, detail.description])
        problems.push(wrongScript(market, text, true) ?? '');
      for (const text of [detail.shop?.name, detail.designer?.name, detail.type_name])
        problems.push(wrongScript(market, text) ?? '');
      // Credited to a salon of this market, so "no salon does this style" never shows.
      if (!detail.shop) problems.push(`photo ${p.photo_id} has no salon under ${market}`);
      if (detail.shop_count < 1) problems.push(`photo ${p.photo_id}: shop_count 0`);
    });
    const home = await ask<{ style_list: HotStyle[] }>(
      '/api/carol/home/getHotStyleList',
      { limit: 30 },
      market,
    );
    expect(home.style_list.length).toBeGreaterThan(0);
    for (const h of home.style_list) problems.push(wrongScript(market, h.title, true) ?? '');
    expect(problems.filter(Boolean)).toEqual([]);
  }, 600_000);

  it('gives every salon but the one left empty a style book, and every designer a portfolio, in the market’s language', async () => {
    const empty = emptySalons.get(market)!;
    expect(empty).toHaveLength(1);
    const shops = await shopsOf(market);
    const problems: string[] = [];
    const withoutPhotos: number[] = [];
    await inChunks(shops, 10, async (shopId) => {
      const photos = await allPages<CataloguePhoto>(
        '/api/userapi/photo/genderHairListByShop',
        { shop_id: shopId, gender: 'w', type_id: -1, style_id: 0, substyle_id: 0 },
        market,
        (b) => b.catalogue_list as CataloguePhoto[],
      );
      const men = await ask<{ total: number; catalogue_list: CataloguePhoto[] }>(
        '/api/userapi/photo/genderHairListByShop',
        { shop_id: shopId, gender: 'm', type_id: -1, style_id: 0, substyle_id: 0, page_size: 100 },
        market,
      );
      if (photos.length + men.total === 0) withoutPhotos.push(shopId);
      else if (photos.length === 0) problems.push(`salon ${shopId}: nothing on the default tab`);
      for (const p of [...photos, ...men.catalogue_list])
        for (const text of [p.title, p.description])
          problems.push(wrongScript(market, text, true) ?? '');
    });
    expect(withoutPhotos).toEqual(empty);

    const designers = (
      await t.database.db.execute<{ id: number; shop_id: number }>(
        sql`select d.id::int as id, d.shop_id::int as shop_id from designers d
          join shops s on s.id = d.shop_id where s.server = ${market} order by d.id`,
      )
    ).rows;
    await inChunks(designers, 25, async (d) => {
      const { detail } = await ask<{ detail: DesignerDetail }>(
        '/api/carol/designer/getDesignerDetail',
        { designer_id: Number(d.id) },
        market,
      );
      const mustBeEmpty = empty.includes(Number(d.shop_id));
      if (mustBeEmpty !== (detail.portfolio.length === 0))
        problems.push(`designer ${d.id}: ${detail.portfolio.length} portfolio photos`);
      for (const p of detail.portfolio) problems.push(wrongScript(market, p.title, true) ?? '');
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 600_000);
});

describe('style favourites across markets', () => {
  it('keep every favourite, each listed and counted under its own market only', async () => {
    const member = await buildMember(t.database.db);
    const cookie = await buildSession(t.database.db, member.id);
    const picked = new Map<Market, number[]>();
    for (const market of ['kr', 'jp'] as const) {
      const page = await ask<{ catalogue_list: CataloguePhoto[] }>(
        '/api/carol/catalogue/getStyle',
        { gender: 'w', page_size: 5 },
        market,
      );
      const ids = page.catalogue_list.map((p) => p.photo_id);
      picked.set(market, ids);
      for (const photo_id of ids)
        await ask('/api/carol/mypage/add_hair_book', { photo_id }, market, cookie);
    }
    // A photo of the other market cannot be added under this one.
    const cross = await postForm(
      t.app,
      '/api/carol/mypage/add_hair_book',
      { photo_id: picked.get('jp')![0]! },
      { server: 'kr', headers: { cookie: `carol_sid=${cookie}` } },
    );
    expect(cross.statusCode).toBe(404);
    for (const market of ['kr', 'jp'] as const) {
      const list = await ask<{ catalogue_list: FavoriteCatalogueItem[]; total: number }>(
        '/api/carol/mypage/getCatalogueFavoriteList',
        { page_size: 100 },
        market,
        cookie,
      );
      expect(list.total).toBe(5);
      expect(list.catalogue_list.map((f) => f.photo_id).sort()).toEqual(
        [...picked.get(market)!].sort(),
      );
      for (const f of list.catalogue_list) {
        expect(wrongScript(market, f.title, true)).toBeNull();
        expect(wrongScript(market, f.shop_name)).toBeNull();
      }
    }
  });
});

describe('the market keys of catalogue_photos', () => {
  const anyRow = async (market: Market) => {
    const [row] = (
      await t.database.db.execute<{ shop_id: number; designer_id: number; style_id: number }>(
        sql`select s.id::int as shop_id, d.id::int as designer_id,
          (select id::int from catalogue_styles order by id limit 1) as style_id
          from shops s join designers d on d.shop_id = s.id
          where s.server = ${market} order by s.id, d.id limit 1`,
      )
    ).rows;
    return row!;
  };
  const photo = (server: Market, shopId: number | null, designerId: number | null, s: number) => ({
    server,
    styleId: s,
    shopId,
    designerId,
    gender: 'w' as const,
    length: 'short' as const,
    title: 'x',
    imageUrl: '/media/x.webp',
  });

  it('refuse a photo credited to a salon of the other market', async () => {
    const jp = await anyRow('jp');
    await expect(
      t.database.db.insert(cataloguePhotos).values(photo('kr', jp.shop_id, null, jp.style_id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(cataloguePhotos).values(photo('jp', jp.shop_id, null, jp.style_id)),
    ).resolves.toBeDefined();
  });

  it('refuse a designer of another salon, and a designer without a salon', async () => {
    const kr = await anyRow('kr');
    const jp = await anyRow('jp');
    await expect(
      t.database.db
        .insert(cataloguePhotos)
        .values(photo('kr', kr.shop_id, jp.designer_id, kr.style_id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.insert(cataloguePhotos).values(photo('kr', null, kr.designer_id, kr.style_id)),
    ).rejects.toThrow();
  });

  it('refuse moving a salon with photos to the other market', async () => {
    const kr = await anyRow('kr');
    await expect(
      t.database.db.execute(sql`update shops set server = 'jp' where id = ${kr.shop_id}`),
    ).rejects.toThrow();
  });
});
