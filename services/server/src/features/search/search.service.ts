import type {
  DesignerSearchItem,
  ParsedRequestOf,
  Server,
  ShopSearchItem,
  getDesignerSearchInfo,
  getShopSearchInfo,
} from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { shopFilterQueryOf } from '../../lib/shop-filters.js';
import {
  countDesigners,
  countShops,
  searchDesigners,
  searchShops,
  type DesignerSearchQuery,
  type ShopSearchQuery,
} from './search.repo.js';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  has_next: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function findShops(
  db: Database,
  server: Server,
  input: ParsedRequestOf<typeof getShopSearchInfo>,
  now = new Date(),
): Promise<Page<ShopSearchItem>> {
  const query: ShopSearchQuery = {
    ...shopFilterQueryOf(server, input, now),
    sort: input.sort,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  };
  const rows = await searchShops(db, query);
  const total = rows[0]?.total ?? (query.offset > 0 ? await countShops(db, query) : 0);
  return {
    items: rows.map((r) => ({
      shop_id: r.id,
      name: r.name,
      name_en: r.name_en,
      address: r.address,
      region_city: r.region_city,
      region_district: r.region_district,
      region_neighbourhood: r.region_neighbourhood,
      lat: r.lat,
      lng: r.lng,
      distance_km: round2(r.distance_km),
      rating_avg: r.rating_avg,
      review_count: r.review_count,
      is_smart_salon: r.is_smart_salon,
      min_price: r.min_price,
      currency: r.currency,
      thumbnail: r.thumbnail,
      is_open_now: r.is_open_now,
    })),
    total,
    page: input.page,
    has_next: query.offset + rows.length < total,
  };
}

export async function findDesigners(
  db: Database,
  server: Server,
  input: ParsedRequestOf<typeof getDesignerSearchInfo>,
  now = new Date(),
): Promise<Page<DesignerSearchItem>> {
  const query: DesignerSearchQuery = {
    ...shopFilterQueryOf(server, input, now),
    sort: input.sort,
    limit: input.page_size,
    offset: (input.page - 1) * input.page_size,
  };
  const rows = await searchDesigners(db, query);
  const total = rows[0]?.total ?? (query.offset > 0 ? await countDesigners(db, query) : 0);
  return {
    items: rows.map((r) => ({
      designer_id: r.id,
      name: r.name,
      position: r.position,
      profile_image_url: r.profile_image_url,
      shop_id: r.shop_id,
      shop_name: r.shop_name,
      distance_km: round2(r.distance_km),
      rating_avg: r.rating_avg,
      review_count: r.review_count,
    })),
    total,
    page: input.page,
    has_next: query.offset + rows.length < total,
  };
}
