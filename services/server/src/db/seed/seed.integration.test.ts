import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stylebookEntryByLength } from '@carol/contracts';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { DEFAULT_SHOP_COUNT, isDatabaseSeeded, seedDemoData, type SeedSummary } from './seed.js';

let rendered: TestDatabase;
let plain: TestDatabase;
let mediaDir: string;
let summary: SeedSummary;

async function rows<T>(db: TestDatabase, query: string): Promise<T[]> {
  const result = await db.db.execute(sql.raw(query));
  return result.rows as T[];
}

async function digest(db: TestDatabase): Promise<string> {
  const hash = createHash('sha256');
  for (const q of [
    'select id, name, name_en, address, address_detail, location::text as location, phone, introduction from shops order by id',
    'select id, shop_id, name, position, profile_image_url from designers order by id',
    'select id, shop_id, name, base_price, currency, duration_minutes from menus order by id',
    'select id, server, style_id, shop_id, designer_id, title, image_url, like_count, is_hot from catalogue_photos order by id',
  ]) {
    hash.update(JSON.stringify(await rows(db, q)));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-seed-media-'));
  rendered = await createTestDatabase();
  plain = await createTestDatabase();
  expect(await isDatabaseSeeded(rendered.handle)).toBe(false);
  summary = await seedDemoData(rendered.handle, { mediaDir });
  await seedDemoData(plain.handle, { mediaDir, renderImages: false });
  // Draws the 453 illustrations and the demo members' record files: about 3 minutes alone on a
  // two-core machine, far longer while other jobs share it.
}, 900_000);

afterAll(async () => {
  await rendered?.close();
  await plain?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('seedDemoData', () => {
  it('marks the database as seeded', async () => {
    expect(await isDatabaseSeeded(rendered.handle)).toBe(true);
    expect(summary.shops).toBe(DEFAULT_SHOP_COUNT);
  });

  it('is deterministic: two fresh databases get identical data', async () => {
    expect(await digest(plain)).toBe(await digest(rendered));
  });

  it('creates at least 300 shops across Seoul, Busan, Tokyo and Osaka', async () => {
    const byCity = await rows<{ server: string; region_city: string; n: number }>(
      rendered,
      'select server, region_city, count(*)::int as n from shops group by 1, 2 order by 1, 2',
    );
    const total = byCity.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(byCity.map((r) => `${r.server}:${r.region_city}`).sort()).toEqual(
      ['jp:大阪府', 'jp:東京都', 'kr:부산광역시', 'kr:서울특별시'].sort(),
    );
    for (const r of byCity) expect(r.n).toBeGreaterThanOrEqual(40);
  });

  it('puts shops inside their city and within a few km of a real neighbourhood', async () => {
    const boxes = await rows<{
      region_city: string;
      min_x: number;
      max_x: number;
      min_y: number;
      max_y: number;
    }>(
      rendered,
      'select region_city, min(location[0]) as min_x, max(location[0]) as max_x, min(location[1]) as min_y, max(location[1]) as max_y from shops group by 1',
    );
    const expected: Record<string, [number, number, number, number]> = {
      서울특별시: [126.8, 127.2, 37.4, 37.7],
      부산광역시: [128.9, 129.3, 35.0, 35.3],
      東京都: [139.5, 139.9, 35.55, 35.8],
      大阪府: [135.4, 135.6, 34.6, 34.75],
    };
    for (const b of boxes) {
      const [x0, x1, y0, y1] = expected[b.region_city]!;
      expect(b.min_x).toBeGreaterThan(x0);
      expect(b.max_x).toBeLessThan(x1);
      expect(b.min_y).toBeGreaterThan(y0);
      expect(b.max_y).toBeLessThan(y1);
    }
  });

  it('gives every shop 1 to 12 active designers, each with a full week of working hours', async () => {
    const [counts] = await rows<{ min: number; max: number; shops: number }>(
      rendered,
      'select min(n)::int as min, max(n)::int as max, count(*)::int as shops from (select s.id, count(d.id) as n from shops s left join designers d on d.shop_id = s.id group by s.id) x',
    );
    expect(counts!.min).toBeGreaterThanOrEqual(1);
    expect(counts!.max).toBeLessThanOrEqual(12);
    const [hours] = await rows<{ bad: number }>(
      rendered,
      'select count(*)::int as bad from (select d.id from designers d left join designer_working_hours h on h.designer_id = d.id group by d.id having count(h.id) <> 7) x',
    );
    expect(hours!.bad).toBe(0);
    const [owners] = await rows<{ bad: number }>(
      rendered,
      `select count(*)::int as bad from shops s where s.representative is distinct from (select d.name from designers d where d.shop_id = s.id order by d.sort limit 1)`,
    );
    expect(owners!.bad).toBe(0);
  });

  it('has, in each market, a one-designer salon, salons of 10 and 12 designers and very long names', async () => {
    const markets = await rows<{
      server: string;
      solo: number;
      large: number;
      largest: number;
      longest_shop: number;
      longest_designer: number;
    }>(
      rendered,
      `select s.server, count(*) filter (where n = 1)::int as solo,
         count(*) filter (where n >= 10)::int as large, max(n)::int as largest,
         max(char_length(s.name))::int as longest_shop, max(longest)::int as longest_designer
       from shops s join (select shop_id, count(*) as n, max(char_length(name)) as longest
         from designers group by shop_id) d on d.shop_id = s.id
       group by s.server order by s.server`,
    );
    expect(markets.map((m) => m.server)).toEqual(['jp', 'kr']);
    for (const m of markets) {
      expect(m.solo, m.server).toBeGreaterThanOrEqual(1);
      expect(m.large, m.server).toBeGreaterThanOrEqual(2);
      expect(m.largest, m.server).toBe(12);
    }
    const jp = markets.find((m) => m.server === 'jp')!;
    expect(jp.longest_shop).toBeGreaterThanOrEqual(40);
    expect(jp.longest_designer).toBeGreaterThanOrEqual(15);
  });

  it('prices menus in KRW for kr shops and JPY for jp shops, at believable prices', async () => {
    const result = await rows<{
      server: string;
      currency: string;
      category: string;
      min: number;
      max: number;
      min_d: number;
      max_d: number;
    }>(
      rendered,
      'select s.server, m.currency, m.category, min(m.base_price)::int as min, max(m.base_price)::int as max, min(m.duration_minutes)::int as min_d, max(m.duration_minutes)::int as max_d from menus m join shops s on s.id = m.shop_id group by 1, 2, 3',
    );
    for (const r of result) {
      expect(r.currency).toBe(r.server === 'kr' ? 'KRW' : 'JPY');
      expect(r.min_d).toBeGreaterThanOrEqual(15);
      expect(r.max_d).toBeLessThanOrEqual(240);
    }
    const cut = (server: string) =>
      result.find((r) => r.server === server && r.category === 'cut')!;
    expect(cut('kr').max).toBeLessThanOrEqual(45_000);
    expect(cut('jp').max).toBeLessThanOrEqual(7_700);
    const [noMenu] = await rows<{ n: number }>(
      rendered,
      'select count(*)::int as n from shops s where not exists (select 1 from menus m where m.shop_id = s.id)',
    );
    expect(noMenu!.n).toBe(0);
  });

  it("fills shops.min_price with each shop's cheapest active menu", async () => {
    const [r] = await rows<{ shops: number; wrong: number }>(
      rendered,
      `select count(*)::int as shops, count(*) filter (where s.min_price is distinct from (
         select min(m.base_price) from menus m where m.shop_id = s.id and m.is_active))::int as wrong
       from shops s`,
    );
    expect(r!.shops).toBe(DEFAULT_SHOP_COUNT);
    expect(r!.wrong).toBe(0);
  });

  it('gives shops hours with a weekly day off for most, holidays, notices of every type and console keys', async () => {
    const [hours] = await rows<{ bad: number; with_off: number; shops: number }>(
      rendered,
      `select count(*) filter (where n <> 7)::int as bad, count(*) filter (where offs > 0)::int as with_off, count(*)::int as shops
       from (select shop_id, count(*) as n, count(*) filter (where is_day_off) as offs from shop_business_hours group by shop_id) x`,
    );
    expect(hours!.bad).toBe(0);
    expect(hours!.with_off / hours!.shops).toBeGreaterThan(0.5);
    const types = await rows<{ type: string }>(
      rendered,
      'select distinct type from notices order by type',
    );
    expect(types.map((t) => t.type)).toEqual(['coupon', 'details', 'news', 'update']);
    const [keys] = await rows<{ n: number; good: number }>(
      rendered,
      `select count(distinct shop_id)::int as n, count(*) filter (where key_hash ~ '^[0-9a-f]{64}$')::int as good from shop_console_keys`,
    );
    expect(keys!.n).toBe(summary.shops);
    expect(keys!.good).toBe(summary.shops);
    const [holidays] = await rows<{ n: number }>(
      rendered,
      'select count(distinct shop_id)::int as n from shop_holidays',
    );
    expect(holidays!.n).toBe(summary.shops);
    const [smart] = await rows<{ share: number }>(
      rendered,
      'select avg(case when is_smart_salon then 1 else 0 end)::float as share from shops',
    );
    expect(smart!.share).toBeGreaterThan(0.1);
    expect(smart!.share).toBeLessThan(0.3);
  });

  it('covers every gender × length of the style book with types, styles and photos', async () => {
    const combos = await rows<{
      gender: string;
      length: string;
      types: number;
      photos: number;
      hot: number;
    }>(
      rendered,
      `select t.gender, t.length, count(distinct t.id)::int as types, count(p.id)::int as photos, count(p.id) filter (where p.is_hot)::int as hot
       from catalogue_types t
       join catalogue_styles s on s.type_id = t.id
       left join catalogue_photos p on p.style_id = s.id
       group by 1, 2 order by 1, 2`,
    );
    const seen = combos.map((c) => `${c.gender}/${c.length}`);
    expect(seen).toEqual(['m/male', 'w/bob', 'w/long', 'w/medium', 'w/short']);
    for (const c of combos) {
      expect(c.types).toBe(3);
      expect(c.photos).toBeGreaterThanOrEqual(10);
    }
    const [kinds] = await rows<{ bad: number }>(
      rendered,
      `select count(*)::int as bad from catalogue_types t where not exists (select 1 from catalogue_styles s join catalogue_photos p on p.style_id = s.id where s.type_id = t.id)`,
    );
    expect(kinds!.bad).toBe(0);
    const [subs] = await rows<{ n: number }>(
      rendered,
      'select count(*)::int as n from catalogue_styles where parent_style_id is not null',
    );
    expect(subs!.n).toBeGreaterThan(20);
    // Per market (ADR 024): every photo credited to a salon and a designer of its own market,
    // every style of the catalogue shown in both markets, each with hot photos.
    const [linked] = await rows<{ photos: number; unlinked: number; mismatched: number }>(
      rendered,
      `select count(*)::int as photos,
              count(*) filter (where p.shop_id is null or p.designer_id is null)::int as unlinked,
              count(*) filter (where d.shop_id <> p.shop_id or sh.server <> p.server)::int as mismatched
       from catalogue_photos p left join designers d on d.id = p.designer_id
       left join shops sh on sh.id = p.shop_id`,
    );
    expect(linked!.photos).toBeGreaterThan(1500);
    expect(linked!.unlinked).toBe(0);
    expect(linked!.mismatched).toBe(0);
    const perMarket = await rows<{ server: string; styles: number; hot_w: number; hot_m: number }>(
      rendered,
      `select server, count(distinct style_id)::int as styles,
              count(*) filter (where is_hot and gender = 'w')::int as hot_w,
              count(*) filter (where is_hot and gender = 'm')::int as hot_m
       from catalogue_photos group by server order by server`,
    );
    const [leaves] = await rows<{ n: number }>(
      rendered,
      `select count(*)::int as n from catalogue_styles s
       where not exists (select 1 from catalogue_styles c where c.parent_style_id = s.id)`,
    );
    expect(perMarket.map((m) => m.server)).toEqual(['jp', 'kr']);
    for (const m of perMarket) {
      expect(m.styles, m.server).toBe(leaves!.n);
      expect(m.hot_w, m.server).toBeGreaterThan(0);
      expect(m.hot_m, m.server).toBeGreaterThan(0);
    }
  });

  it("keeps the home page's style-by-length entry types at the ids the web links to", async () => {
    const types = await rows<{ id: number; gender: string; length: string; code: string }>(
      rendered,
      'select id::int, gender, length, code from catalogue_types order by id',
    );
    for (const [length, entry] of Object.entries(stylebookEntryByLength)) {
      expect(
        types.find((t) => t.id === entry.type),
        length,
      ).toMatchObject({
        gender: entry.gender,
        length,
        code: `${length}-cut`,
      });
    }
  });

  it('seeds banners for both markets in every language, and hot hair colours', async () => {
    const banners = await rows<{ server: string; position: string; language: string; n: number }>(
      rendered,
      'select server, position, language, count(*)::int as n from banners group by 1, 2, 3',
    );
    for (const server of ['kr', 'jp'])
      for (const position of ['main', 'middle'])
        for (const language of ['ko', 'en', 'ja'])
          expect(
            banners.find(
              (b) => b.server === server && b.position === position && b.language === language,
            )?.n,
          ).toBeGreaterThan(0);
    const [colors] = await rows<{ n: number; hot: number }>(
      rendered,
      'select count(*)::int as n, count(*) filter (where is_hot)::int as hot from hair_colors',
    );
    expect(colors!.n).toBeGreaterThanOrEqual(20);
    expect(colors!.hot).toBeGreaterThanOrEqual(8);
    expect(colors!.hot).toBeLessThanOrEqual(12);
  });

  it('renders every referenced image as a valid WebP file under the media directory', async () => {
    const urls = await rows<{ url: string }>(
      rendered,
      `select url from shop_images
       union select profile_image_url from designers
       union select image_url from banners
       union select image_url from hair_colors
       union select image_url from hair_resources
       union select image_url from catalogue_photos
       union select thumb_url from catalogue_photos`,
    );
    expect(urls.length).toBeGreaterThan(300);
    for (const { url } of urls) {
      expect(url).toMatch(/^\/media\/seed\/v\d+\/[a-z]+\/[\w.-]+\.webp$/);
      const path = join(mediaDir, url.slice('/media/'.length));
      const file = await open(path);
      const header = Buffer.alloc(12);
      await file.read(header, 0, 12, 0);
      await file.close();
      expect(header.toString('latin1', 0, 4)).toBe('RIFF');
      expect(header.toString('latin1', 8, 12)).toBe('WEBP');
    }
    const meta = await sharp(join(mediaDir, urls[0]!.url.slice('/media/'.length))).metadata();
    expect(meta.format).toBe('webp');
    expect(summary.images!.bytes).toBeLessThan(30e6);
  });
});

describe('seeded reviews', () => {
  it('give the curated shops visited bookings with reviews in the market language', async () => {
    expect(summary.reviews).toBeGreaterThan(DEFAULT_SHOP_COUNT);
    const [counts] = await rows<{ reviews: number; bookings: number; items: number; bad: number }>(
      rendered,
      `select (select count(*)::int from reviews) as reviews,
         (select count(*)::int from bookings where status = 'visited' and visited_at is not null) as bookings,
         (select count(*)::int from booking_items) as items,
         (select count(*)::int from reviews r join bookings b on b.id = r.booking_id
           where b.member_id <> r.member_id or b.shop_id <> r.shop_id
             or r.created_at < b.visited_at or b.visited_at > '2026-11-01') as bad`,
    );
    expect(counts).toEqual({
      reviews: summary.reviews,
      bookings: summary.reviews,
      items: summary.reviews,
      bad: 0,
    });
    const languages = await rows<{ server: string; hangul: boolean; n: number }>(
      rendered,
      `select s.server, r.body ~ '[가-힣]' as hangul, count(*)::int as n
       from reviews r join shops s on s.id = r.shop_id group by 1, 2 order by 1, 2`,
    );
    expect(languages.map((l) => `${l.server}:${l.hangul}`)).toEqual(['jp:false', 'kr:true']);
    const ratings = await rows<{ rating: number }>(
      rendered,
      'select distinct rating from reviews order by rating',
    );
    expect(ratings.length).toBeGreaterThanOrEqual(3);
    // Written by the demo reviewers, never by the phone sign-in demo members.
    const [authors] = await rows<{ phones: number }>(
      rendered,
      `select count(*)::int as phones from reviews r join members m on m.id = r.member_id
       where m.phone is not null or m.email is not null`,
    );
    expect(authors!.phones).toBe(0);
  });

  it('make every shop header and designer figure agree with its review list', async () => {
    const [mismatch] = await rows<{ shops: number; designers: number; reviewed: number }>(
      rendered,
      `select
        (select count(*)::int from shops s left join (
          select shop_id, count(*) as n, round(avg(rating), 2) as avg from reviews group by 1
        ) r on r.shop_id = s.id
        where s.review_count <> coalesce(r.n, 0) or s.rating_avg <> coalesce(r.avg, 0)) as shops,
        (select count(*)::int from designers d left join (
          select designer_id, count(*) as n, round(avg(rating), 2) as avg from reviews group by 1
        ) r on r.designer_id = d.id
        where d.review_count <> coalesce(r.n, 0) or d.rating_avg <> coalesce(r.avg, 0)) as designers,
        (select count(*)::int from shops where review_count > 0) as reviewed`,
    );
    expect(mismatch).toMatchObject({ shops: 0, designers: 0 });
    expect(mismatch!.reviewed).toBeGreaterThan(DEFAULT_SHOP_COUNT * 0.9);
  });

  it('are deterministic', async () => {
    const q = 'select booking_id, shop_id, designer_id, rating, body from reviews order by id';
    expect(JSON.stringify(await rows(plain, q))).toBe(JSON.stringify(await rows(rendered, q)));
  });
});

describe('seeded salon records', () => {
  const hangul = /[\uac00-\ud7a3]/;
  const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

  async function header(url: string, length: number): Promise<Buffer> {
    const file = await open(join(mediaDir, url.slice('/media/'.length)));
    const head = Buffer.alloc(length);
    await file.read(head, 0, length, 0);
    await file.close();
    return head;
  }

  it('gives each demo member records at salons of their market, linked at all but one', async () => {
    const customers = await rows<{
      phone: string;
      salons: number;
      wrong_market: number;
      linked: number;
      first_kr_linked: number;
    }>(
      rendered,
      `select c.phone, count(*)::int as salons,
         count(*) filter (where s.server <> m.server)::int as wrong_market,
         count(l.id)::int as linked,
         count(l.id) filter (where c.shop_id = (select min(id) from shops where server = 'kr'))::int as first_kr_linked
       from shop_customers c join shops s on s.id = c.shop_id
       join members m on m.phone = c.phone
       left join shop_links l on l.shop_id = c.shop_id and l.phone = c.phone and l.member_id = m.id
       group by c.phone order by c.phone`,
    );
    expect(customers).toEqual([
      { phone: '010-5555-0101', salons: 3, wrong_market: 0, linked: 2, first_kr_linked: 0 },
      // Not verified: records, but verification blocks linking.
      { phone: '010-5555-0102', salons: 1, wrong_market: 0, linked: 0, first_kr_linked: 0 },
      { phone: '090-5555-0101', salons: 3, wrong_market: 0, linked: 2, first_kr_linked: 0 },
    ]);
    // The salon of data/demo-console-key.txt (the first Korean one) is the kr member's unlinked one.
    const [first] = await rows<{ n: number }>(
      rendered,
      `select count(*)::int as n from shop_customers
       where phone = '010-5555-0101' and shop_id = (select min(id) from shops where server = 'kr')`,
    );
    expect(first!.n).toBe(1);
    const [links] = await rows<{ bad: number }>(
      rendered,
      `select count(*)::int as bad from shop_links l join members m on m.id = l.member_id
       where l.phone <> m.phone or m.phone_verified_at is null`,
    );
    expect(links!.bad).toBe(0);
  });

  it('records 4-8 visits in the last 18 months, by a designer of the salon, with its menus', async () => {
    const perCustomer = await rows<{ n: number; oldest: string; newest: string }>(
      rendered,
      `select count(*)::int as n, min(visited_at)::text as oldest, max(visited_at)::text as newest
       from visit_records group by customer_id`,
    );
    expect(perCustomer.length).toBe(7);
    for (const c of perCustomer) {
      expect(c.n).toBeGreaterThanOrEqual(4);
      expect(c.n).toBeLessThanOrEqual(8);
      expect(new Date(c.oldest).getTime()).toBeGreaterThan(Date.parse('2025-05-01T00:00:00Z'));
      expect(new Date(c.newest).getTime()).toBeLessThan(Date.parse('2026-11-01T00:00:00Z'));
    }
    const [bad] = await rows<{ designer: number; treatments: number; empty: number }>(
      rendered,
      `select
         count(*) filter (where d.shop_id is distinct from v.shop_id)::int as designer,
         count(*) filter (where exists (
           select 1 from jsonb_array_elements_text(v.treatments) t(name)
           where not exists (select 1 from menus mn where mn.shop_id = v.shop_id and mn.name = t.name)))::int as treatments,
         count(*) filter (where jsonb_array_length(v.treatments) = 0 or v.shop_memo is null)::int as empty
       from visit_records v left join designers d on d.id = v.designer_id`,
    );
    expect(bad).toEqual({ designer: 0, treatments: 0, empty: 0 });
  });

  it('gives every visit 2-6 labelled photos and each member one video', async () => {
    const visits = await rows<{ photos: number; labels: number }>(
      rendered,
      `select count(*) filter (where m.kind = 'photo')::int as photos,
         count(distinct m.label) filter (where m.kind = 'photo')::int as labels
       from visit_records v join visit_media m on m.visit_id = v.id group by v.id`,
    );
    const [visitCount] = await rows<{ n: number }>(
      rendered,
      'select count(*)::int as n from visit_records',
    );
    expect(visits.length).toBe(visitCount!.n);
    for (const v of visits) {
      expect(v.photos).toBeGreaterThanOrEqual(2);
      expect(v.photos).toBeLessThanOrEqual(6);
      expect(v.labels).toBe(v.photos);
    }
    const videos = await rows<{ phone: string; n: number; linked: boolean }>(
      rendered,
      `select c.phone, count(*)::int as n,
         bool_and(exists (select 1 from shop_links l where l.shop_id = c.shop_id and l.phone = c.phone)) as linked
       from visit_media m join visit_records v on v.id = m.visit_id join shop_customers c on c.id = v.customer_id
       where m.kind = 'video' group by c.phone order by c.phone`,
    );
    expect(videos).toEqual([
      { phone: '010-5555-0101', n: 1, linked: true },
      { phone: '010-5555-0102', n: 1, linked: false },
      { phone: '090-5555-0101', n: 1, linked: true },
    ]);
  });

  it('writes every photo, thumbnail, video and poster where its url points, with its size', async () => {
    const media = await rows<{
      kind: string;
      url: string;
      thumb_url: string;
      bytes: number;
      mime_type: string;
    }>(rendered, 'select kind, url, thumb_url, bytes::int, mime_type from visit_media order by id');
    expect(media.length).toBeGreaterThan(80);
    for (const m of media) {
      expect(m.url).toMatch(/^\/media\/records\/\d{4}-\d{2}\/[0-9a-f]{24}\.(webp|mp4)$/);
      expect(m.thumb_url).toMatch(/^\/media\/records\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp$/);
      const head = await header(m.url, 12);
      if (m.kind === 'video') {
        expect(m.mime_type).toBe('video/mp4');
        expect(head.toString('latin1', 4, 8)).toBe('ftyp');
      } else {
        expect(m.mime_type).toBe('image/webp');
        expect(head.toString('latin1', 8, 12)).toBe('WEBP');
      }
      expect((await header(m.thumb_url, 12)).toString('latin1', 8, 12)).toBe('WEBP');
      const size = (await stat(join(mediaDir, m.url.slice('/media/'.length)))).size;
      expect(m.bytes).toBe(size);
    }
    const images = await rows<{ url: string; thumb_url: string }>(
      rendered,
      'select url, thumb_url from scalp_images order by id',
    );
    for (const i of images) {
      expect(i.url).toMatch(/^\/media\/scalp\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp$/);
      for (const url of [i.url, i.thumb_url])
        expect((await header(url, 12)).toString('latin1', 8, 12)).toBe('WEBP');
    }
    const meta = await sharp(join(mediaDir, images[0]!.url.slice('/media/'.length))).metadata();
    expect([meta.width, meta.height]).toEqual([480, 480]);
  });

  it('diagnoses each member monthly for twelve months at one salon, with ranges and images', async () => {
    const perPhone = await rows<{ phone: string; salons: number; n: number; months: number }>(
      rendered,
      `select c.phone, count(distinct d.shop_id)::int as salons, count(*)::int as n,
         count(distinct to_char(d.diagnosed_at, 'YYYY-MM'))::int as months
       from scalp_diagnoses d join shop_customers c on c.id = d.customer_id group by c.phone order by c.phone`,
    );
    expect(perPhone.map((p) => [p.phone, p.salons, p.n, p.months])).toEqual([
      ['010-5555-0101', 1, 12, 12],
      ['010-5555-0102', 1, 12, 12],
      ['090-5555-0101', 1, 12, 12],
    ]);
    const diagnoses = await rows<{
      measures: {
        key: string;
        value: number;
        unit: string;
        normal_min: number;
        normal_max: number;
      }[];
      images: number;
    }>(
      rendered,
      `select d.measures, (select count(*)::int from scalp_images i where i.diagnosis_id = d.id) as images
       from scalp_diagnoses d order by d.id`,
    );
    let outside = 0;
    for (const d of diagnoses) {
      expect(d.images).toBeGreaterThanOrEqual(2);
      expect(d.images).toBeLessThanOrEqual(4);
      expect(d.measures.map((m) => m.key)).toEqual([
        'density',
        'thickness',
        'sebum',
        'keratin',
        'moisture',
        'sensitivity',
        'hair_loss_risk',
      ]);
      for (const m of d.measures) {
        expect(m.unit.length).toBeGreaterThan(0);
        expect(m.normal_min).toBeLessThan(m.normal_max);
        if (m.value < m.normal_min || m.value > m.normal_max) outside++;
      }
    }
    expect(outside).toBeGreaterThan(5);
    expect(outside).toBeLessThan(diagnoses.length * 7 * 0.5);
  });

  it('gives the record salons notices of every type, some for linked customers, a valid and an expired coupon', async () => {
    const salons = await rows<{ types: number; linked: number; valid: number; expired: number }>(
      rendered,
      `select count(distinct n.type)::int as types,
         count(*) filter (where n.audience = 'linked')::int as linked,
         count(*) filter (where n.type = 'coupon' and n.valid_until > '2026-11-01')::int as valid,
         count(*) filter (where n.type = 'coupon' and n.valid_until < '2026-11-01')::int as expired
       from (select distinct shop_id from shop_customers) c join notices n on n.shop_id = c.shop_id
       group by c.shop_id`,
    );
    expect(salons.length).toBe(7);
    for (const s of salons) {
      expect(s.types).toBe(4);
      expect(s.linked).toBeGreaterThan(0);
      expect(s.valid).toBeGreaterThanOrEqual(1);
      expect(s.expired).toBe(1);
    }
  });

  it("keeps Korean members' records free of Japanese text and Japanese members' free of Korean", async () => {
    const texts = await rows<{ phone: string; text: string }>(
      rendered,
      `select c.phone, concat_ws(' ', c.name, v.shop_memo, v.treatments::text) as text
         from visit_records v join shop_customers c on c.id = v.customer_id
       union all
       select c.phone, coalesce(d.memo, '') from scalp_diagnoses d join shop_customers c on c.id = d.customer_id
       union all
       select c.phone, n.title || ' ' || n.body from shop_customers c join notices n on n.shop_id = c.shop_id`,
    );
    expect(texts.length).toBeGreaterThan(100);
    for (const t of texts) {
      if (t.phone.startsWith('010-')) {
        expect(t.text, t.text).not.toMatch(japanese);
        expect(t.text).toMatch(hangul);
      } else {
        expect(t.text, t.text).not.toMatch(hangul);
        expect(t.text).toMatch(japanese);
      }
    }
  });

  it('are deterministic (the rows; files are only written when images are rendered)', async () => {
    for (const q of [
      'select id, shop_id, customer_id, visited_at, designer_id, treatments, shop_memo from visit_records order by id',
      'select id, visit_id, kind, label, url, thumb_url, width, height, duration_ms, position from visit_media order by id',
      'select id, shop_id, diagnosed_at, measures, memo from scalp_diagnoses order by id',
      'select id, diagnosis_id, area, url, thumb_url from scalp_images order by id',
      'select member_id, shop_id, phone, linked_at from shop_links order by id',
      "select shop_id, type, title, audience, valid_from, valid_until from notices where audience = 'linked' or valid_until is not null order by id",
    ])
      expect(JSON.stringify(await rows(plain, q)), q).toBe(JSON.stringify(await rows(rendered, q)));
    expect(summary.records!.videos).toBe(3);
  });
});
