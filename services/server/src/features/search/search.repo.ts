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
 * Keyword matching runs in two stages (docs/decisions/008, "Matching at scale"). Exact matches
 * (the keyword's jamo a substring of a field, or its 초성 of the 초성 key) come from the trigram
 * GIN indexes and are selective. Typo (fuzzy) matches are looked for only when the keyword has
 * fewer than {@link FUZZY_WHEN_FEWER_THAN} exact matches in the market: a keyword with many
 * exact matches would only append weaker rows after them, and the similarity test is the
 * costly one (thousands of heap rechecks for a common prefix such as 헤어).
 */
export const FUZZY_WHEN_FEWER_THAN = 10;

/**
 * Minimum word_similarity of a fuzzy match, above pg_trgm's default of 0.6. The fuzzy stage
 * sets `pg_trgm.word_similarity_threshold` to it for its transaction (SET LOCAL), so the GIN
 * index itself drops rows sharing too few trigrams (at 0.6, 헤어샾 let every "헤어살롱 …" through,
 * 0.625); the explicit test keeps the result exact whatever the setting.
 */
export const FUZZY_WORD_SIMILARITY = 0.65;

/** At most this many fuzzy candidates are ranked (bounds the cost of a very common near-miss). */
export const FUZZY_CANDIDATES = 500;

/** Executes SQL: the database or a transaction. */
export type Executor = Pick<Database, 'execute'>;

/**
 * Whether a keyword search needs the fuzzy stage: fewer than {@link FUZZY_WHEN_FEWER_THAN}
 * exact matches among the server's shops (or active designers), other filters aside, so the
 * choice does not flip while the user toggles filters.
 */
export async function needsFuzzy(
  db: Executor,
  target: 'shops' | 'designers',
  server: Server,
  k: SearchKeyword,
): Promise<boolean> {
  const from =
    target === 'shops'
      ? sql`shops e where e.server = ${server}`
      : sql`designers e join shops es on es.id = e.shop_id where es.server = ${server} and e.is_active`;
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${from} and ${exactMatch('e', k)} limit ${FUZZY_WHEN_FEWER_THAN}::int
    ) x`);
  return Number(result.rows[0]?.n ?? 0) < FUZZY_WHEN_FEWER_THAN;
}

/** Runs `fn` in a transaction whose trigram index scans use the fuzzy stage's threshold. */
export async function withFuzzyThreshold<T>(
  db: Database,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_WORD_SIMILARITY)}, true)`,
    );
    return fn(tx);
  });
}

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

/** The exact keyword match: jamo substring, or 초성 substring for an initial-consonant query. */
function exactMatch(alias: string, k: SearchKeyword): SQL {
  const t = sql.raw(alias);
  const parts: SQL[] = [sql`${t}.search_jamo like ${likeContains(k.jamo)}`];
  if (k.chosung) parts.push(sql`${t}.search_chosung like ${likeContains(k.chosung)}`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The fuzzy stage's matches: the (few) exact matches plus at most {@link FUZZY_CANDIDATES}
 * rows whose jamo form is word-similar to the keyword, among the server's shops or active
 * designers. One statement in a transaction with the raised threshold, so the GIN index
 * applies it; the ids then stand for the keyword in every query of the request (the list's
 * page and count, the map's count and markers), which no longer repeat the similarity scan.
 */
export async function fuzzyCandidates(
  db: Database,
  target: 'shops' | 'designers',
  server: Server,
  k: SearchKeyword,
): Promise<number[]> {
  const scoped = (a: string) => {
    const t = sql.raw(a);
    return target === 'shops'
      ? sql`shops ${t} where ${t}.server = ${server}`
      : sql`designers ${t} join shops ${sql.raw(`${a}s`)} on ${sql.raw(`${a}s`)}.id = ${t}.shop_id
          where ${sql.raw(`${a}s`)}.server = ${server} and ${t}.is_active`;
  };
  const result = await withFuzzyThreshold(db, (tx) =>
    tx.execute<{ id: number }>(sql`
      select e.id from ${scoped('e')} and ${exactMatch('e', k)}
      union
      select f.id from (
        select f.id from ${scoped('f')}
          and ${k.jamo}::text <% f.search_jamo
          and word_similarity(${k.jamo}::text, f.search_jamo) >= ${FUZZY_WORD_SIMILARITY}::real
        limit ${FUZZY_CANDIDATES}::int
      ) f`),
  );
  return result.rows.map((r) => Number(r.id));
}

/**
 * The keyword match on `alias` (a shops or designers row): the exact match, or, in the fuzzy
 * stage, membership in the candidates found by {@link fuzzyCandidates}.
 */
export function keywordMatch(alias: string, k: SearchKeyword, candidates?: number[]): SQL {
  if (!candidates) return exactMatch(alias, k);
  if (candidates.length === 0) return sql`false`;
  return sql`${sql.raw(alias)}.id = any(${`{${candidates.join(',')}}`}::bigint[])`;
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
 * (the dominant cost for common keywords at 100k shops). Tier 3 is exactly "not an exact
 * match", so the test is the exact match rather than the whole tier expression.
 */
export function keywordSimilarity(alias: string, k: SearchKeyword): SQL {
  return sql`(case when ${exactMatch(alias, k)} then 1
    else word_similarity(${k.jamo}::text, ${sql.raw(alias)}.search_jamo) end)`;
}

/** Keyword order: tier, then (only when typo rows can be present) word similarity. */
function keywordOrder(alias: string, k: SearchKeyword, fuzzy: boolean): SQL {
  return fuzzy
    ? sql`${keywordTier(alias, k)}, ${keywordSimilarity(alias, k)} desc`
    : keywordTier(alias, k);
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

/** A day boundary or a clock time of `now` in the shop's own time zone (`alias`: the shops row). */
function localNow(now: Date, alias = 's'): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone ${sql.raw(alias)}.time_zone)`;
}

/**
 * Open at `now` in the shop's time zone: a working weekday, inside its hours, not a holiday.
 * `alias` names the shops row (`s` in the search and the map).
 */
export function openNowExpr(now: Date, alias = 's'): SQL {
  const local = localNow(now, alias);
  const t = sql.raw(alias);
  return sql`(exists (
      select 1 from shop_business_hours h
      where h.shop_id = ${t}.id and not h.is_day_off
        and h.weekday = extract(isodow from ${local})::int
        and ${local}::time >= h.opens_at and ${local}::time < h.closes_at)
    and not exists (
      select 1 from shop_holidays d where d.shop_id = ${t}.id and d.date = ${local}::date))`;
}

export interface ShopSearchQuery {
  server: Server;
  at: GeoPoint;
  keyword: SearchKeyword | null;
  /**
   * Whether the keyword match includes the fuzzy stage; decided by {@link needsFuzzy} when
   * left undefined.
   */
  keywordFuzzy?: boolean | undefined;
  /** The fuzzy stage's matching ids ({@link fuzzyCandidates}), when `keywordFuzzy`. */
  keywordCandidates?: number[] | undefined;
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
  fuzzy = true,
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
        ? sql`${keywordOrder(alias, k, fuzzy)}, ${distance}, ${t}.id`
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
  if (q.keyword)
    where.push(
      keywordMatch('s', q.keyword, q.keywordFuzzy ? (q.keywordCandidates ?? []) : undefined),
    );
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

/**
 * A keyword search decides its stage first ({@link needsFuzzy}); the fuzzy stage runs in a
 * transaction with the raised trigram threshold.
 */
export async function searchShops(db: Database, q: ShopSearchQuery): Promise<ShopSearchRow[]> {
  return withShopKeywordStage(db, q, (exec, staged) => rankShops(db, exec, staged));
}

/**
 * Runs `fn` with the keyword stage of a shop query decided (`keywordFuzzy` set and, for the
 * fuzzy stage, its candidates found). The list and the map both go through it.
 */
export async function withShopKeywordStage<Q extends ShopFilterQuery, T>(
  db: Database,
  q: Q,
  fn: (exec: Executor, q: Q) => Promise<T>,
): Promise<T> {
  return fn(db, await keywordStageOf(db, 'shops', q));
}

/** The query with its keyword stage decided (see {@link needsFuzzy}, {@link fuzzyCandidates}). */
async function keywordStageOf<Q extends ShopFilterQuery>(
  db: Database,
  target: 'shops' | 'designers',
  q: Q,
): Promise<Q> {
  if (!q.keyword || q.keywordFuzzy !== undefined) return q;
  if (!(await needsFuzzy(db, target, q.server, q.keyword))) return { ...q, keywordFuzzy: false };
  const candidates = await fuzzyCandidates(db, target, q.server, q.keyword);
  return { ...q, keywordFuzzy: true, keywordCandidates: candidates };
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
