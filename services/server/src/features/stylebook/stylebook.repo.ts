import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Language, Server, StylebookGender } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { catalogueStyles, catalogueTypes, favoriteStyles } from '../../db/schema/index.js';
import { haversineKm, openNowExpr } from '../../lib/shop-filters.js';

/** The localized name column of a catalogue table; the alias and language are our own literals. */
function nameCol(alias: string, language: Language): SQL {
  const column = { ko: 'name_ko', en: 'name_en', ja: 'name_ja' }[language];
  return sql.raw(`${alias}.${column}`);
}

/** Which catalogue photos a style-book view shows (aliases: p = photo, s = its leaf style). */
export interface PhotoFilter {
  /** A photo is listed only under its own market (ADR 024). */
  server: Server;
  gender: StylebookGender;
  typeId: number | null;
  styleId: number | null;
  substyleId: number | null;
  shopId?: number | null;
}

function photoConditions(f: PhotoFilter): SQL {
  const where: SQL[] = [sql`p.server = ${f.server}`, sql`p.gender = ${f.gender}`];
  if (f.typeId !== null) where.push(sql`s.type_id = ${f.typeId}::bigint`);
  if (f.styleId !== null) where.push(sql`coalesce(s.parent_style_id, s.id) = ${f.styleId}::bigint`);
  if (f.substyleId !== null) where.push(sql`s.id = ${f.substyleId}::bigint`);
  if (f.shopId != null) where.push(sql`p.shop_id = ${f.shopId}::bigint`);
  return sql.join(where, sql` and `);
}

export interface TypeRow {
  id: number;
  gender: StylebookGender;
  length: 'short' | 'bob' | 'medium' | 'long' | 'male';
  code: string;
  name: string;
  photo_count: number;
}

export async function listTypes(
  db: Database,
  server: Server,
  gender: StylebookGender,
  language: Language,
  shopId: number | null,
): Promise<TypeRow[]> {
  const shopCond = shopId === null ? sql`` : sql` and p.shop_id = ${shopId}::bigint`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select t.id, t.gender, t.length, t.code, ${nameCol('t', language)} as name,
      (select count(*) from catalogue_photos p join catalogue_styles s on s.id = p.style_id
        where s.type_id = t.id and p.server = ${server}${shopCond})::int as photo_count
    from catalogue_types t
    where t.gender = ${gender}
    order by t.sort, t.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    gender: r.gender as StylebookGender,
    length: r.length as TypeRow['length'],
    code: String(r.code),
    name: String(r.name),
    photo_count: Number(r.photo_count),
  }));
}

/** A salon's photo count per gender under `server`. */
export async function countShopPhotosByGender(
  db: Database,
  server: Server,
  shopId: number,
): Promise<Record<StylebookGender, number>> {
  const result = await db.execute<{ gender: StylebookGender; n: number }>(sql`
    select gender, count(*)::int as n from catalogue_photos
    where shop_id = ${shopId}::bigint and server = ${server}
    group by gender`);
  const counts: Record<StylebookGender, number> = { w: 0, m: 0 };
  for (const r of result.rows) counts[r.gender] = Number(r.n);
  return counts;
}

export async function findType(db: Database, typeId: number) {
  const [row] = await db.select().from(catalogueTypes).where(eq(catalogueTypes.id, typeId));
  return row;
}

export async function findStyle(db: Database, styleId: number) {
  const [row] = await db.select().from(catalogueStyles).where(eq(catalogueStyles.id, styleId));
  return row;
}

export interface StyleRow {
  id: number;
  parent_style_id: number | null;
  code: string;
  name: string;
  own_count: number;
}

/** Every style and substyle of a type, parents first, in display order, with own photo counts. */
export async function listStylesOfType(
  db: Database,
  server: Server,
  typeId: number,
  language: Language,
): Promise<StyleRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select s.id, s.parent_style_id, s.code, ${nameCol('s', language)} as name,
      (select count(*) from catalogue_photos p
        where p.style_id = s.id and p.server = ${server})::int as own_count
    from catalogue_styles s
    where s.type_id = ${typeId}::bigint
    order by s.parent_style_id nulls first, s.sort, s.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    parent_style_id: r.parent_style_id === null ? null : Number(r.parent_style_id),
    code: String(r.code),
    name: String(r.name),
    own_count: Number(r.own_count),
  }));
}

export interface PhotoRow {
  id: number;
  gender: StylebookGender;
  length: TypeRow['length'];
  type_id: number;
  style_id: number;
  substyle_id: number | null;
  style_name: string;
  substyle_name: string | null;
  type_name: string;
  title: string;
  description: string | null;
  image_url: string;
  thumb_url: string | null;
  like_count: number;
  shop_id: number | null;
  designer_id: number | null;
  in_hair_book: boolean;
  total: number;
}

function photoSelect(language: Language, memberId: number | null): SQL {
  const mine =
    memberId === null
      ? sql`false`
      : sql`exists (select 1 from favorite_styles f
          where f.photo_id = p.id and f.member_id = ${memberId}::bigint)`;
  return sql`p.id, p.gender, p.length, s.type_id, coalesce(s.parent_style_id, s.id) as style_id,
    case when s.parent_style_id is null then null else s.id end as substyle_id,
    coalesce(${nameCol('ps', language)}, ${nameCol('s', language)}) as style_name,
    case when s.parent_style_id is null then null else ${nameCol('s', language)} end
      as substyle_name,
    ${nameCol('t', language)} as type_name,
    p.title, p.description, p.image_url, p.thumb_url, p.like_count, p.shop_id, p.designer_id,
    ${mine} as in_hair_book`;
}

const photoFrom = sql`catalogue_photos p
    join catalogue_styles s on s.id = p.style_id
    left join catalogue_styles ps on ps.id = s.parent_style_id
    join catalogue_types t on t.id = s.type_id`;

function toPhotoRow(r: Record<string, unknown>): PhotoRow {
  const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    gender: r.gender as StylebookGender,
    length: r.length as TypeRow['length'],
    type_id: Number(r.type_id),
    style_id: Number(r.style_id),
    substyle_id: nullableNumber(r.substyle_id),
    style_name: String(r.style_name),
    substyle_name: (r.substyle_name as string | null) ?? null,
    type_name: String(r.type_name),
    title: String(r.title),
    description: (r.description as string | null) ?? null,
    image_url: String(r.image_url),
    thumb_url: (r.thumb_url as string | null) ?? null,
    like_count: Number(r.like_count),
    shop_id: nullableNumber(r.shop_id),
    designer_id: nullableNumber(r.designer_id),
    in_hair_book: r.in_hair_book === true,
    total: Number(r.total ?? 0),
  };
}

/** One page of photos, most liked first; `total` rides on every row (window count). */
export async function listPhotos(
  db: Database,
  filter: PhotoFilter,
  language: Language,
  memberId: number | null,
  limit: number,
  offset: number,
): Promise<PhotoRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${photoSelect(language, memberId)}, count(*) over () as total
    from ${photoFrom}
    where ${photoConditions(filter)}
    order by p.like_count desc, p.id
    limit ${limit}::int offset ${offset}::int`);
  return result.rows.map(toPhotoRow);
}

export async function countPhotos(db: Database, filter: PhotoFilter): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from catalogue_photos p join catalogue_styles s on s.id = p.style_id
    where ${photoConditions(filter)}`);
  return Number(result.rows[0]?.n ?? 0);
}

export async function findPhoto(
  db: Database,
  server: Server,
  photoId: number,
  language: Language,
  memberId: number | null,
): Promise<PhotoRow | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select ${photoSelect(language, memberId)} from ${photoFrom}
    where p.id = ${photoId}::bigint and p.server = ${server}`);
  const row = result.rows[0];
  return row ? toPhotoRow(row) : undefined;
}

/** Whether the photo exists, under `server` only, or under any market (`null`). */
export async function photoExists(
  db: Database,
  server: Server | null,
  photoId: number,
): Promise<boolean> {
  const market = server === null ? sql`` : sql` and server = ${server}`;
  const result = await db.execute(
    sql`select 1 from catalogue_photos where id = ${photoId}::bigint${market}`,
  );
  return result.rows.length > 0;
}

/** The credited shop and designer of a photo, only when the shop is on `server`. */
export async function findCredit(
  db: Database,
  server: Server,
  shopId: number,
  designerId: number | null,
) {
  const result = await db.execute<Record<string, unknown>>(sql`
    select sh.id as shop_id, sh.name as shop_name, d.id as designer_id, d.name as designer_name
    from shops sh
    left join designers d on d.id = ${designerId}::bigint and d.shop_id = sh.id and d.is_active
    where sh.id = ${shopId}::bigint and sh.server = ${server}`);
  const r = result.rows[0];
  if (!r) return undefined;
  return {
    shop: { shop_id: Number(r.shop_id), name: String(r.shop_name) },
    designer:
      r.designer_id === null || r.designer_id === undefined
        ? null
        : { designer_id: Number(r.designer_id), name: String(r.designer_name) },
  };
}

export async function countShopsOfStyle(
  db: Database,
  server: Server,
  gender: StylebookGender,
  styleId: number,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct p.shop_id)::int as n
    from catalogue_photos p
    join catalogue_styles s on s.id = p.style_id
    join shops sh on sh.id = p.shop_id and sh.server = ${server}
    where p.server = ${server} and p.gender = ${gender} and coalesce(s.parent_style_id, s.id) = ${styleId}::bigint`);
  return Number(result.rows[0]?.n ?? 0);
}

export async function shopExists(db: Database, server: Server, shopId: number): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from shops where id = ${shopId}::bigint and server = ${server}`,
  );
  return result.rows.length > 0;
}

export type StylebookShopSort = 'distance' | 'rating' | 'review_count' | 'photos';

export interface StylebookShopQuery {
  server: Server;
  filter: PhotoFilter;
  at: { lat: number; lng: number };
  sort: StylebookShopSort;
  limit: number;
  offset: number;
  now: Date;
}

function shopOrder(sort: StylebookShopSort, distance: SQL): SQL {
  switch (sort) {
    case 'distance':
      return sql`${distance}, sh.id`;
    case 'rating':
      return sql`sh.rating_avg desc, sh.review_count desc, sh.id`;
    case 'review_count':
      return sql`sh.review_count desc, sh.rating_avg desc, sh.id`;
    case 'photos':
      return sql`c.photo_count desc, sh.rating_avg desc, sh.id`;
  }
}

/** Shops of the server credited with photos matching the filter, one page, with the total. */
export async function listShopsOfStyle(db: Database, q: StylebookShopQuery) {
  const distance = haversineKm(sql`sh.location`, q.at);
  const result = await db.execute<Record<string, unknown>>(sql`
    with credited as (
      select p.shop_id, count(*)::int as photo_count
      from catalogue_photos p join catalogue_styles s on s.id = p.style_id
      where p.shop_id is not null and ${photoConditions(q.filter)}
      group by p.shop_id
    ), page as (
      select sh.id, c.photo_count, count(*) over () as total,
        row_number() over (order by ${shopOrder(q.sort, distance)}) as ord
      from credited c join shops sh on sh.id = c.shop_id
      where sh.server = ${q.server}
      order by ord
      limit ${q.limit}::int offset ${q.offset}::int
    )
    select sh.id, sh.name, sh.name_en, sh.address,
      sh.region_city, sh.region_district, sh.region_neighbourhood,
      (sh.location)[1]::float8 as lat, (sh.location)[0]::float8 as lng,
      ${distance} as distance_km,
      sh.rating_avg::float8 as rating_avg, sh.review_count, sh.is_smart_salon, sh.currency,
      sh.min_price,
      (select i.url from shop_images i where i.shop_id = sh.id order by i.sort, i.id limit 1)
        as thumbnail,
      ${openNowExpr(q.now, 'sh')} as is_open_now,
      page.photo_count, page.total
    from page join shops sh on sh.id = page.id
    order by page.ord`);
  return result.rows.map((r) => ({
    shop_id: Number(r.id),
    name: String(r.name),
    name_en: (r.name_en as string | null) ?? null,
    address: String(r.address),
    region_city: (r.region_city as string | null) ?? null,
    region_district: (r.region_district as string | null) ?? null,
    region_neighbourhood: (r.region_neighbourhood as string | null) ?? null,
    lat: Number(r.lat),
    lng: Number(r.lng),
    distance_km: Math.round(Number(r.distance_km) * 100) / 100,
    rating_avg: Number(r.rating_avg),
    review_count: Number(r.review_count),
    is_smart_salon: r.is_smart_salon === true,
    min_price: r.min_price === null || r.min_price === undefined ? null : Number(r.min_price),
    currency: r.currency as 'KRW' | 'JPY',
    thumbnail: (r.thumbnail as string | null) ?? null,
    is_open_now: r.is_open_now === true,
    photo_count: Number(r.photo_count),
    total: Number(r.total),
  }));
}

export async function countShopsOfFilter(
  db: Database,
  server: Server,
  filter: PhotoFilter,
): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(distinct p.shop_id)::int as n
    from catalogue_photos p join catalogue_styles s on s.id = p.style_id
    join shops sh on sh.id = p.shop_id and sh.server = ${server}
    where ${photoConditions(filter)}`);
  return Number(result.rows[0]?.n ?? 0);
}

export async function addToHairBook(db: Database, memberId: number, photoId: number) {
  await db.insert(favoriteStyles).values({ memberId, photoId }).onConflictDoNothing();
}

export async function removeFromHairBook(db: Database, memberId: number, photoId: number) {
  await db
    .delete(favoriteStyles)
    .where(and(eq(favoriteStyles.memberId, memberId), eq(favoriteStyles.photoId, photoId)));
}
