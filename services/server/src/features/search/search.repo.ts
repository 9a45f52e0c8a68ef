import { sql, type SQL } from 'drizzle-orm';
import type { SearchSort, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import type { SearchKeyword } from './search-normalize.js';

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * Minimum word_similarity for a fuzzy (typo) match on the jamo column. Written with the `<%`
 * operator so the trigram GIN index answers it; that operator uses pg_trgm's
 * `word_similarity_threshold`, whose default is 0.6 and which we never change (no set_limit).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Exact great-circle (haversine) distance in km between a `point` column (x = lng, y = lat) and `at`. */
export function haversineKm(location: SQL, at: GeoPoint): SQL {
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians((${location})[1] - ${at.lat}::float8) / 2), 2)
    + cos(radians(${at.lat}::float8)) * cos(radians((${location})[1]))
      * power(sin(radians((${location})[0] - ${at.lng}::float8) / 2), 2)))))`;
}

/**
 * Radius, in the degree space of `point`, of a circle that contains every point within `km`
 * great-circle kilometres of `at`: a GiST-indexable prefilter (`location <@ circle`) before the
 * exact haversine test. One degree of longitude shrinks with latitude, so use the widest
 * latitude the circle can reach; 1 % margin for the ellipsoid.
 */
export function degreeRadius(at: GeoPoint, km: number): number {
  const maxLat = Math.min(89, Math.abs(at.lat) + km / 110.574 + 0.01);
  const kmPerDegree = Math.min(110.574, 111.32 * Math.cos((maxLat * Math.PI) / 180));
  return (km / kmPerDegree) * 1.01;
}

/** The keyword match: jamo substring, 초성 substring (initial-consonant queries) or trigram similarity. */
export function keywordMatch(alias: string, k: SearchKeyword): SQL {
  const t = sql.raw(alias);
  const parts: SQL[] = [
    sql`${t}.search_jamo like ${likeContains(k.jamo)}`,
    sql`${k.jamo}::text <% ${t}.search_jamo`,
  ];
  if (k.chosung) parts.push(sql`${t}.search_chosung like ${likeContains(k.chosung)}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * 0 = a whole field equals the keyword, 1 = a field starts with it (jamo or 초성), 2 = contains
 * it, 3 = only similar (typo).
 */
export function keywordTier(alias: string, k: SearchKeyword): SQL {
  const t = sql.raw(alias);
  const prefix = [sql`(' ' || ${t}.search_jamo) like ${likeFieldPrefix(k.jamo)}`];
  const contains = [sql`${t}.search_jamo like ${likeContains(k.jamo)}`];
  if (k.chosung) {
    prefix.push(sql`(' ' || ${t}.search_chosung) like ${likeFieldPrefix(k.chosung)}`);
    contains.push(sql`${t}.search_chosung like ${likeContains(k.chosung)}`);
  }
  return sql`(case
    when (' ' || ${t}.search_text || ' ') like ${`% ${escapeLike(k.text)} %`} then 0
    when ${sql.join(prefix, sql` or `)} then 1
    when ${sql.join(contains, sql` or `)} then 2
    else 3 end)`;
}

/**
 * Order within a tier: word similarity, computed only for tier 3 (typo) rows — the substring
 * tiers are ordered by distance alone, which spares a word_similarity call per matching row
 * (the dominant cost for common keywords at 100k shops).
 */
export function keywordSimilarity(alias: string, k: SearchKeyword): SQL {
  return sql`(case when ${keywordTier(alias, k)} = 3
    then word_similarity(${k.jamo}::text, ${sql.raw(alias)}.search_jamo) else 1 end)`;
}

/** Normalised keywords hold only letters and digits, but escape anyway: LIKE must never see a wildcard from input. */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
function likeContains(s: string): string {
  return `%${escapeLike(s)}%`;
}
function likeFieldPrefix(s: string): string {
  return `% ${escapeLike(s)}%`;
}

/** A day boundary or a clock time of `now` in the shop's own time zone. */
function localNow(now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone s.time_zone)`;
}

/** Open at `now` in the shop's time zone: a working weekday, inside its hours, not a holiday. */
export function openNowExpr(now: Date): SQL {
  const local = localNow(now);
  return sql`(exists (
      select 1 from shop_business_hours h
      where h.shop_id = s.id and not h.is_day_off
        and h.weekday = extract(isodow from ${local})::int
        and ${local}::time >= h.opens_at and ${local}::time < h.closes_at)
    and not exists (
      select 1 from shop_holidays d where d.shop_id = s.id and d.date = ${local}::date))`;
}

export interface ShopSearchQuery {
  server: Server;
  at: GeoPoint;
  keyword: SearchKeyword | null;
  filterDistanceKm?: number | undefined;
  smartSalonOnly: boolean;
  openNow: boolean;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  gender?: 'w' | 'm' | 'all' | undefined;
  treatment?: string | undefined;
  sort?: SearchSort | undefined;
  limit: number;
  offset: number;
  now: Date;
}

export interface ShopSearchRow {
  id: number;
  name: string;
  name_en: string | null;
  address: string;
  region_city: string | null;
  region_district: string | null;
  region_neighbourhood: string | null;
  lat: number;
  lng: number;
  distance_km: number;
  rating_avg: number;
  review_count: number;
  is_smart_salon: boolean;
  min_price: number | null;
  currency: 'KRW' | 'JPY';
  thumbnail: string | null;
  is_open_now: boolean;
  total: number;
}

export function orderBy(
  sort: SearchSort | undefined,
  k: SearchKeyword | null,
  distance: SQL,
  alias = 's',
): SQL {
  const t = sql.raw(alias);
  switch (sort) {
    case 'review_count':
      return sql`${t}.review_count desc, ${t}.rating_avg desc, ${t}.id`;
    case 'rating':
      return sql`${t}.rating_avg desc, ${t}.review_count desc, ${t}.id`;
    case 'distance':
      return sql`${distance}, ${t}.id`;
    case 'registration':
      return sql`${t}.created_at desc, ${t}.id desc`;
    case 'newest':
      return sql`${t}.updated_at desc, ${t}.id desc`;
    case 'oldest':
      return sql`${t}.created_at, ${t}.id`;
    case undefined:
      return k
        ? sql`${keywordTier(alias, k)}, ${keywordSimilarity(alias, k)} desc, ${distance}, ${t}.id`
        : sql`${distance}, ${t}.id`;
  }
}

/** The filters of a shop search (everything but sort and paging), shared with the map. */
export type ShopFilterQuery = Omit<ShopSearchQuery, 'sort' | 'limit' | 'offset'>;

/** WHERE conditions on `shops s` for the list filters. */
export function shopFilterConditions(q: ShopFilterQuery): SQL[] {
  const distance = haversineKm(sql`s.location`, q.at);
  const origin = sql`point(${q.at.lng}::float8, ${q.at.lat}::float8)`;
  const where: SQL[] = [sql`s.server = ${q.server}`];
  if (q.keyword) where.push(keywordMatch('s', q.keyword));
  if (q.filterDistanceKm !== undefined) {
    where.push(
      sql`s.location <@ circle(${origin}, ${degreeRadius(q.at, q.filterDistanceKm)}::float8)`,
    );
    where.push(sql`${distance} <= ${q.filterDistanceKm}::float8`);
  }
  if (q.smartSalonOnly) where.push(sql`s.is_smart_salon`);
  if (q.openNow) where.push(openNowExpr(q.now));
  // shops.min_price: the cheapest active menu, kept in sync by triggers on menus (ADR 014).
  if (q.minPrice !== undefined) where.push(sql`s.min_price >= ${q.minPrice}::int`);
  if (q.maxPrice !== undefined) where.push(sql`s.min_price <= ${q.maxPrice}::int`);
  if (q.gender && q.gender !== 'all')
    where.push(sql`exists (select 1 from menus g where g.shop_id = s.id and g.is_active
      and g.target_gender in (${q.gender}, 'all'))`);
  if (q.treatment)
    where.push(sql`exists (select 1 from menus c where c.shop_id = s.id and c.is_active
      and c.category = ${q.treatment})`);
  return where;
}

/**
 * Totals of an unfiltered nearest-first search (every shop, or every active designer, of a
 * market: the home's nearby rows and the default Find list) do not depend on the location,
 * and at 100,000 shops counting them costs far more than ranking the page (about 25 ms for
 * shops and 110 ms for designers on PostgreSQL). Large ones are kept for 30 s per database
 * and market; small ones (demo data, tests) are always counted exactly.
 */
const TOTAL_CACHE_FROM = 10_000;
const TOTAL_CACHE_MS = 30_000;
const totalCache = new WeakMap<Database, Map<string, { total: number; expires: number }>>();

function cachedTotal(db: Database, key: string): number | undefined {
  const hit = totalCache.get(db)?.get(key);
  return hit && hit.expires > Date.now() ? hit.total : undefined;
}

function rememberTotal(db: Database, key: string, total: number | undefined): void {
  if (total === undefined || total < TOTAL_CACHE_FROM) return;
  let map = totalCache.get(db);
  if (!map) {
    map = new Map<string, { total: number; expires: number }>();
    totalCache.set(db, map);
  }
  map.set(key, { total, expires: Date.now() + TOTAL_CACHE_MS });
}

/**
 * The exact nearest-first window without a distance sort over every match. The GiST index
 * gives the `reach` planar-nearest rows (`location <-> origin`, in degrees); the farthest of
 * them in great-circle km bounds the answer: at least `reach` matches lie within it, so the
 * first `reach` by exact distance all lie inside the circle that contains every point within
 * that many km. Returns the CTEs `knn` and `bound` (bound.radius: that circle, in degrees).
 */
function nearestBound(from: SQL, where: SQL, at: GeoPoint, reach: number): SQL {
  const distance = haversineKm(sql`s.location`, at);
  const origin = sql`point(${at.lng}::float8, ${at.lat}::float8)`;
  return sql`knn as (
      select ${distance} as km from ${from} where ${where}
      order by s.location <-> ${origin}
      limit ${reach}::int
    ), bound as (
      select (max(km) / least(110.574::float8, 111.32 * cos(radians(least(89::float8,
          abs(${at.lat}::float8) + max(km) / 110.574 + 0.01))))) * 1.01 + 1e-9 as radius
      from knn
    )`;
}

export async function searchShops(db: Database, q: ShopSearchQuery): Promise<ShopSearchRow[]> {
  const distance = haversineKm(sql`s.location`, q.at);
  const where = shopFilterConditions(q);
  // Rank and count on the cheap columns only; thumbnails, opening state and prices are then
  // looked up for the page's rows alone (a window count would otherwise evaluate them for
  // every match).
  const whereSql = sql.join(where, sql` and `);
  const origin = sql`point(${q.at.lng}::float8, ${q.at.lat}::float8)`;
  // Nearest first without a keyword (the home's nearby salons, the Find list's default):
  // rank only the shops inside the KNN-bounded circle, and count the matches separately.
  const nearest = !q.keyword && (q.sort === undefined || q.sort === 'distance');
  const totalKey = nearest && where.length === 1 ? `shops:${q.server}` : undefined;
  const knownTotal = totalKey ? cachedTotal(db, totalKey) : undefined;
  const ranked = nearest
    ? sql`${nearestBound(sql`shops s`, whereSql, q.at, q.offset + q.limit)}, ranked as (
      select s.id,
        ${knownTotal ?? sql`(select count(*) from shops s where ${whereSql})`}::bigint as total,
        row_number() over (order by ${distance}, s.id) as ord
      from shops s, bound
      where ${whereSql} and s.location <@ circle(${origin}, bound.radius)
    )`
    : sql`ranked as (
      select s.id, count(*) over () as total,
        row_number() over (order by ${orderBy(q.sort, q.keyword, distance)}) as ord
      from shops s
      where ${whereSql}
    )`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with ${ranked}, page as (
      -- order + limit (not a range on ord) so the planner knows the page is small.
      select id, total, ord from ranked
      where ord > ${q.offset}::int
      order by ord
      limit ${q.limit}::int
    )
    select s.id, s.name, s.name_en, s.address,
      s.region_city, s.region_district, s.region_neighbourhood,
      (s.location)[1]::float8 as lat, (s.location)[0]::float8 as lng,
      ${distance} as distance_km,
      s.rating_avg::float8 as rating_avg, s.review_count, s.is_smart_salon,
      s.min_price, s.currency,
      (select i.url from shop_images i where i.shop_id = s.id order by i.sort, i.id limit 1)
        as thumbnail,
      ${openNowExpr(q.now)} as is_open_now,
      page.total
    from page join shops s on s.id = page.id
    order by page.ord`);
  if (totalKey && knownTotal === undefined && result.rows[0])
    rememberTotal(db, totalKey, Number(result.rows[0].total));
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    name_en: (r.name_en as string | null) ?? null,
    address: String(r.address),
    region_city: (r.region_city as string | null) ?? null,
    region_district: (r.region_district as string | null) ?? null,
    region_neighbourhood: (r.region_neighbourhood as string | null) ?? null,
    lat: Number(r.lat),
    lng: Number(r.lng),
    distance_km: Number(r.distance_km),
    rating_avg: Number(r.rating_avg),
    review_count: Number(r.review_count),
    is_smart_salon: r.is_smart_salon === true,
    min_price: r.min_price === null || r.min_price === undefined ? null : Number(r.min_price),
    currency: r.currency as 'KRW' | 'JPY',
    thumbnail: (r.thumbnail as string | null) ?? null,
    is_open_now: r.is_open_now === true,
    total: Number(r.total),
  }));
}

/** Count when the requested page is past the end (the window count is then unavailable). */
export async function countShops(db: Database, q: ShopSearchQuery): Promise<number> {
  const rows = await searchShops(db, { ...q, limit: 1, offset: 0, sort: 'oldest' });
  return rows[0]?.total ?? 0;
}

export interface DesignerSearchQuery {
  server: Server;
  at: GeoPoint;
  keyword: SearchKeyword | null;
  limit: number;
  offset: number;
}

export interface DesignerSearchRow {
  id: number;
  name: string;
  position: string | null;
  profile_image_url: string | null;
  shop_id: number;
  shop_name: string;
  distance_km: number;
  rating_avg: number;
  review_count: number;
  total: number;
}

/** Active designers of the server's shops; keyword ranking as for shops, then nearest first. */
export async function searchDesigners(
  db: Database,
  q: DesignerSearchQuery,
): Promise<DesignerSearchRow[]> {
  const distance = haversineKm(sql`s.location`, q.at);
  const where: SQL[] = [sql`s.server = ${q.server}`, sql`d.is_active`];
  if (q.keyword) where.push(keywordMatch('d', q.keyword));
  const order = q.keyword
    ? sql`${keywordTier('d', q.keyword)}, ${keywordSimilarity('d', q.keyword)} desc, ${distance}, d.id`
    : sql`${distance}, d.id`;
  const whereSql = sql.join(where, sql` and `);
  const origin = sql`point(${q.at.lng}::float8, ${q.at.lat}::float8)`;
  // Without a keyword (the home's nearby designers): the nearest offset+limit shops that have
  // an active designer hold at least that many designers, so they bound the page.
  const totalKey = q.keyword ? undefined : `designers:${q.server}`;
  const knownTotal = totalKey ? cachedTotal(db, totalKey) : undefined;
  const ranked = q.keyword
    ? sql`ranked as (
      select d.id, count(*) over () as total, row_number() over (order by ${order}) as ord
      from designers d join shops s on s.id = d.shop_id
      where ${whereSql}
    )`
    : sql`${nearestBound(
        sql`shops s`,
        sql`s.server = ${q.server} and exists (
          select 1 from designers x where x.shop_id = s.id and x.is_active)`,
        q.at,
        q.offset + q.limit,
      )}, ranked as (
      select d.id,
        ${
          knownTotal ??
          sql`(select count(*) from designers d join shops s on s.id = d.shop_id where ${whereSql})`
        }::bigint as total,
        row_number() over (order by ${order}) as ord
      from designers d join shops s on s.id = d.shop_id, bound
      where ${whereSql} and s.location <@ circle(${origin}, bound.radius)
    )`;
  const result = await db.execute<Record<string, unknown>>(sql`
    with ${ranked}, page as (
      select id, total, ord from ranked
      where ord > ${q.offset}::int
      order by ord
      limit ${q.limit}::int
    )
    select d.id, d.name, d.position, d.profile_image_url, s.id as shop_id, s.name as shop_name,
      ${distance} as distance_km, d.rating_avg::float8 as rating_avg, d.review_count,
      r.total
    from page r join designers d on d.id = r.id join shops s on s.id = d.shop_id
    order by r.ord`);
  if (totalKey && knownTotal === undefined && result.rows[0])
    rememberTotal(db, totalKey, Number(result.rows[0].total));
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    position: (r.position as string | null) ?? null,
    profile_image_url: (r.profile_image_url as string | null) ?? null,
    shop_id: Number(r.shop_id),
    shop_name: String(r.shop_name),
    distance_km: Number(r.distance_km),
    rating_avg: Number(r.rating_avg),
    review_count: Number(r.review_count),
    total: Number(r.total),
  }));
}

export async function countDesigners(db: Database, q: DesignerSearchQuery): Promise<number> {
  const rows = await searchDesigners(db, { ...q, limit: 1, offset: 0 });
  return rows[0]?.total ?? 0;
}
