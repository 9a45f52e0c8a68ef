import { sql, type SQL } from 'drizzle-orm';
import type { SearchSort } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  haversineKm,
  keywordMatch,
  keywordStageOf,
  localNow,
  openNowExpr,
  orderBy,
  shopFilterConditions,
  withShopKeywordStage,
  type Executor,
  type GeoPoint,
  type ShopFilterQuery,
} from '../../lib/shop-filters.js';

/** A shop search: the filters, the order and the page. */
export interface ShopSearchQuery extends ShopFilterQuery {
  sort?: SearchSort | undefined;
  limit: number;
  offset: number;
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

/**
 * A keyword search decides its stage first ({@link needsFuzzy}); the fuzzy stage runs in a
 * transaction with the raised trigram threshold.
 */
export async function searchShops(db: Database, q: ShopSearchQuery): Promise<ShopSearchRow[]> {
  return withShopKeywordStage(db, q, (exec, staged) => rankShops(db, exec, staged));
}

/**
 * The page (ranked on the cheap columns only; thumbnails, opening state and prices are looked
 * up for the page's rows alone). `db` keys the total cache; `exec` runs the query.
 */
async function rankShops(
  db: Database,
  exec: Executor,
  q: ShopSearchQuery,
): Promise<ShopSearchRow[]> {
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
  const page = nearest
    ? sql`${nearestBound(sql`shops s`, whereSql, q.at, q.offset + q.limit)}, ranked as (
      select s.id,
        ${knownTotal ?? sql`(select count(*) from shops s where ${whereSql})`}::bigint as total,
        row_number() over (order by ${distance}, s.id) as ord
      from shops s, bound
      where ${whereSql} and s.location <@ circle(${origin}, bound.radius)
    ), page as (
      -- order + limit (not a range on ord) so the planner knows the page is small.
      select id, total, ord from ranked
      where ord > ${q.offset}::int
      order by ord
      limit ${q.limit}::int
    )`
    : topPage(
        sql`shops s`,
        whereSql,
        orderBy(q.sort, q.keyword, distance, 's', q.keywordFuzzy ?? true),
        sql`s.id`,
        q,
      );
  const result = await exec.execute<Record<string, unknown>>(sql`
    with ${page}
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

/**
 * The CTE `page(id, total, ord)`: the window [offset, offset + limit) of the matches in
 * `order`, with the count of all matches. ORDER BY + LIMIT is a top-N heap sort over the
 * matches instead of a full sort behind a row_number() window (at 100k shops, "헤어" matches
 * 45,000), and the count is its own aggregate: a `count(*) over ()` beside the ORDER BY makes
 * PostgreSQL sort every match first. The inner order is kept by the row_number() over ().
 */
function topPage(
  from: SQL,
  where: SQL,
  order: SQL,
  id: SQL,
  q: { limit: number; offset: number },
): SQL {
  return sql`page as (
      select id, (select count(*) from ${from} where ${where}) as total,
        row_number() over () as ord
      from (
        select ${id} as id
        from ${from}
        where ${where}
        order by ${order}
        limit ${q.limit}::int offset ${q.offset}::int
      ) window_rows
    )`;
}

/** Count when the requested page is past the end (the window count is then unavailable). */
export async function countShops(db: Database, q: ShopSearchQuery): Promise<number> {
  const rows = await searchShops(db, { ...q, limit: 1, offset: 0, sort: 'oldest' });
  return rows[0]?.total ?? 0;
}

/**
 * A designer search: the shop filters apply to the designer's shop (`keyword` is matched
 * against the designer, not the shop); `openNow` also needs the designer working now.
 */
export interface DesignerSearchQuery extends ShopFilterQuery {
  sort?: SearchSort | undefined;
  limit: number;
  offset: number;
}

/** Working at `now` in the shop's time zone: a working day, inside their hours, not on leave. */
function designerWorkingNow(alias: string, now: Date): SQL {
  const t = sql.raw(alias);
  const local = localNow(now);
  return sql`(exists (
      select 1 from designer_working_hours w
      where w.designer_id = ${t}.id and not w.is_off
        and w.weekday = extract(isodow from ${local})::int
        and ${local}::time >= w.starts_at and ${local}::time < w.ends_at)
    and not exists (
      select 1 from designer_holidays h where h.designer_id = ${t}.id and h.date = ${local}::date))`;
}

/**
 * Designer order: the shop sorts on the designer's own columns; `newest` is `registration`
 * (designers have no update time).
 */
function designerOrderBy(q: DesignerSearchQuery, distance: SQL): SQL {
  const sort = q.sort === 'newest' ? 'registration' : q.sort;
  return orderBy(sort, q.keyword, distance, 'd', q.keywordFuzzy ?? true);
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

/** Active designers of the server's shops; keyword ranking as for shops, then nearest first (or `sort`). */
export async function searchDesigners(
  db: Database,
  q: DesignerSearchQuery,
): Promise<DesignerSearchRow[]> {
  return rankDesigners(db, db, await keywordStageOf(db, 'designers', q));
}

async function rankDesigners(
  db: Database,
  exec: Executor,
  q: DesignerSearchQuery,
): Promise<DesignerSearchRow[]> {
  const distance = haversineKm(sql`s.location`, q.at);
  // The shop filters on `shops s` (the keyword is the designer's, below).
  const shopWhere = shopFilterConditions({ ...q, keyword: null });
  const designerOk = (alias: string): SQL[] => [
    sql`${sql.raw(alias)}.is_active`,
    ...(q.openNow ? [designerWorkingNow(alias, q.now)] : []),
  ];
  const where: SQL[] = [...shopWhere, ...designerOk('d')];
  if (q.keyword)
    where.push(
      keywordMatch('d', q.keyword, q.keywordFuzzy ? (q.keywordCandidates ?? []) : undefined),
    );
  const order = designerOrderBy(q, distance);
  const whereSql = sql.join(where, sql` and `);
  const origin = sql`point(${q.at.lng}::float8, ${q.at.lat}::float8)`;
  // Nearest first without a keyword (the home's nearby designers): the nearest offset+limit
  // shops that pass the filters and have a matching designer hold at least that many
  // designers, so they bound the page.
  const nearest = !q.keyword && (q.sort === undefined || q.sort === 'distance');
  const totalKey =
    nearest && shopWhere.length === 1 && !q.openNow ? `designers:${q.server}` : undefined;
  const knownTotal = totalKey ? cachedTotal(db, totalKey) : undefined;
  const page = !nearest
    ? topPage(sql`designers d join shops s on s.id = d.shop_id`, whereSql, order, sql`d.id`, q)
    : sql`${nearestBound(
        sql`shops s`,
        sql`${sql.join(shopWhere, sql` and `)} and exists (
          select 1 from designers x
          where x.shop_id = s.id and ${sql.join(designerOk('x'), sql` and `)})`,
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
    ), page as (
      select id, total, ord from ranked
      where ord > ${q.offset}::int
      order by ord
      limit ${q.limit}::int
    )`;
  const result = await exec.execute<Record<string, unknown>>(sql`
    with ${page}
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
