import { sql, type SQL } from 'drizzle-orm';
import type { MapBounds, SearchSort } from '@carol/contracts';
import {
  haversineKm,
  openNowExpr,
  orderBy,
  shopFilterConditions,
  type Executor,
  type GeoPoint,
  type ShopFilterQuery,
} from '../../lib/shop-filters.js';

export interface MapQuery {
  filters: ShopFilterQuery;
  bounds: MapBounds;
  sort: SearchSort | undefined;
}

export interface MapShopRow {
  id: number;
  name: string;
  address: string;
  region_district: string | null;
  region_neighbourhood: string | null;
  lat: number;
  lng: number;
  rating_avg: number;
  review_count: number;
  is_smart_salon: boolean;
  min_price: number | null;
  currency: 'KRW' | 'JPY';
  thumbnail: string | null;
  is_open_now: boolean;
}

export interface MapCellRow {
  gy: number;
  gx: number;
  count: number;
  lat: number;
  lng: number;
  /** The lowest and highest shop id in the cell: all of its shops when it holds one or two. */
  firstId: number;
  lastId: number;
}

/** The list filters plus "inside the bounds", answered by the GiST index on `shops.location`. */
function whereOf(q: MapQuery): SQL {
  const where = shopFilterConditions(q.filters);
  const b = q.bounds;
  where.push(sql`s.location <@ box(point(${b.sw_lng}::float8, ${b.sw_lat}::float8),
    point(${b.ne_lng}::float8, ${b.ne_lat}::float8))`);
  return sql.join(where, sql` and `);
}

/** How many shops match, counting no further than `cap` (enough to choose markers or clusters). */
export async function countShopsInBounds(db: Executor, q: MapQuery, cap: number): Promise<number> {
  const where = whereOf(q);
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from shops s where ${where} limit ${cap}::int
    ) x`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The matching shops, in the list's sort order ("distance" measured from `centre`); only those
 * of `onlyIds` when given.
 */
export async function shopsInBounds(
  db: Executor,
  q: MapQuery,
  centre: GeoPoint,
  limit: number,
  onlyIds?: readonly number[],
): Promise<MapShopRow[]> {
  const where = onlyIds
    ? sql`${whereOf(q)} and s.id in (${sql.join(
        onlyIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`
    : whereOf(q);
  const distance = haversineKm(sql`s.location`, centre);
  const result = await db.execute<Record<string, unknown>>(sql`
    with hits as (
      select s.id, row_number() over (order by ${orderBy(q.sort, q.filters.keyword, distance, 's', q.filters.keywordFuzzy ?? true)}) as ord
      from shops s
      where ${where}
      order by ord
      limit ${limit}::int
    )
    select s.id, s.name, s.address, s.region_district, s.region_neighbourhood,
      (s.location)[1]::float8 as lat, (s.location)[0]::float8 as lng,
      s.rating_avg::float8 as rating_avg, s.review_count, s.is_smart_salon,
      s.min_price, s.currency,
      (select i.url from shop_images i where i.shop_id = s.id order by i.sort, i.id limit 1)
        as thumbnail,
      ${openNowExpr(q.filters.now)} as is_open_now
    from hits join shops s on s.id = hits.id
    order by hits.ord`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    address: String(r.address),
    region_district: (r.region_district as string | null) ?? null,
    region_neighbourhood: (r.region_neighbourhood as string | null) ?? null,
    lat: Number(r.lat),
    lng: Number(r.lng),
    rating_avg: Number(r.rating_avg),
    review_count: Number(r.review_count),
    is_smart_salon: r.is_smart_salon === true,
    min_price: r.min_price === null || r.min_price === undefined ? null : Number(r.min_price),
    currency: r.currency as 'KRW' | 'JPY',
    thumbnail: (r.thumbnail as string | null) ?? null,
    is_open_now: r.is_open_now === true,
  }));
}

/**
 * Grid clusters in SQL: cells of `cellLat` × `cellLng` degrees on a grid anchored at (0, 0), so
 * a cell keeps its shops while the map pans; each cell's bubble sits at the mean of its shops.
 */
export async function clustersInBounds(
  db: Executor,
  q: MapQuery,
  cellLat: number,
  cellLng: number,
): Promise<MapCellRow[]> {
  const where = whereOf(q);
  const result = await db.execute<Record<string, unknown>>(sql`
    select floor((s.location)[1] / ${cellLat}::float8)::int as gy,
      floor((s.location)[0] / ${cellLng}::float8)::int as gx,
      count(*)::int as n,
      avg((s.location)[1])::float8 as lat, avg((s.location)[0])::float8 as lng,
      min(s.id) as first_id, max(s.id) as last_id
    from shops s
    where ${where}
    group by 1, 2
    order by n desc, gy, gx`);
  return result.rows.map((r) => ({
    gy: Number(r.gy),
    gx: Number(r.gx),
    count: Number(r.n),
    lat: Number(r.lat),
    lng: Number(r.lng),
    firstId: Number(r.first_id),
    lastId: Number(r.last_id),
  }));
}
