/**
 * The shop filters of a search, shared by the list (features/search) and the map (features/map):
 * the request's filters as a query, their SQL conditions on `shops s`, the keyword stages,
 * distances and the opening state.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ParsedRequestOf, SearchSort, Server, getShopSearchInfo } from '@carol/contracts';
import type { Database } from '../db/index.js';
import { searchKeywordOf, type SearchKeyword } from './search-normalize.js';

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
export function localNow(now: Date, alias = 's'): SQL {
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

/** The filters of a shop search (everything but sort and paging), shared by the list and the map. */
export interface ShopFilterQuery {
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
  now: Date;
}

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
export async function keywordStageOf<Q extends ShopFilterQuery>(
  db: Database,
  target: 'shops' | 'designers',
  q: Q,
): Promise<Q> {
  if (!q.keyword || q.keywordFuzzy !== undefined) return q;
  if (!(await needsFuzzy(db, target, q.server, q.keyword))) return { ...q, keywordFuzzy: false };
  const candidates = await fuzzyCandidates(db, target, q.server, q.keyword);
  return { ...q, keywordFuzzy: true, keywordCandidates: candidates };
}

/** Where a search is measured from when the client sends no coordinates. */
export const defaultCityCentre: Record<Server, GeoPoint> = {
  kr: { lat: 37.5665, lng: 126.978 }, // Seoul City Hall
  jp: { lat: 35.6812, lng: 139.7671 }, // Tokyo Station
};

function originOf(server: Server, lat: number | undefined, lng: number | undefined): GeoPoint {
  return lat !== undefined && lng !== undefined ? { lat, lng } : defaultCityCentre[server];
}

type ShopFilterInput = Omit<
  ParsedRequestOf<typeof getShopSearchInfo>,
  'page' | 'page_size' | 'sort'
>;

/** The filters of a shop search request (list or map), ready for `shopFilterConditions`. */
export function shopFilterQueryOf(
  server: Server,
  input: ShopFilterInput,
  now = new Date(),
): ShopFilterQuery {
  return {
    server,
    at: originOf(server, input.lat, input.lng),
    keyword: searchKeywordOf(input.keyword),
    filterDistanceKm: input.filter_distance,
    smartSalonOnly: input.flag_smart_salon === true,
    openNow: input.open_now === true,
    minPrice: input.min_price,
    maxPrice: input.max_price,
    gender: input.gender,
    treatment: input.treatment,
    now,
  };
}
