import {
  clusterCellDegrees,
  mapBoundsProblems,
  mapLimits,
  type MapBounds,
  type MapCluster,
  type MapShop,
  type ParsedRequestOf,
  type Server,
  type getShopSearchInfoForMap,
} from '@carol/contracts';
import type { Database } from '../../db/index.js';
import type { Config } from '../../env.js';
import { AppError } from '../../lib/errors.js';
import {
  defaultCityCentre,
  shopFilterQueryOf,
  withShopKeywordStage,
  type Executor,
} from '../../lib/shop-filters.js';
import {
  clustersInBounds,
  countShopsInBounds,
  shopsInBounds,
  type MapCellRow,
  type MapQuery,
  type MapShopRow,
} from './map.repo.js';

export type MapSearchInput = ParsedRequestOf<typeof getShopSearchInfoForMap>;

export interface MapSearchResult {
  mode: 'shops' | 'clusters';
  total: number;
  shop_list: MapShop[];
  cluster_list: MapCluster[];
}

/** Zoom the web starts at when it has only a city centre. */
export const defaultMapZoom = 14;

/**
 * The cell of the cluster grid at `zoom`, in degrees: `clusterCellPx` wide on screen, and as
 * tall on screen at the bounds' centre (a degree of latitude is 1 / cos(lat) longer in Web
 * Mercator); never so small that the bounds hold more than `maxCellsPerSide` cells across or
 * down (a request for a whole region at a street's zoom is not a screen anyone looks at).
 */
export function clusterCell(zoom: number, bounds: MapBounds): { lat: number; lng: number } {
  const centreLat = (bounds.sw_lat + bounds.ne_lat) / 2;
  const lng = Math.max(
    clusterCellDegrees(zoom),
    (bounds.ne_lng - bounds.sw_lng) / mapLimits.maxCellsPerSide,
  );
  const lat = Math.max(
    lng * Math.cos((Math.min(85, Math.abs(centreLat)) * Math.PI) / 180),
    (bounds.ne_lat - bounds.sw_lat) / mapLimits.maxCellsPerSide,
  );
  return { lng, lat };
}

const clip = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The shops inside the visible bounds with the list's filters: the shops themselves when there
 * are at most `mapLimits.maxShops` and the map is zoomed in enough for price pins to stay
 * apart, otherwise grid clusters counted in SQL.
 */
export async function searchMap(
  db: Database,
  server: Server,
  input: MapSearchInput,
  now = new Date(),
): Promise<MapSearchResult> {
  const bounds = {
    sw_lat: input.sw_lat,
    sw_lng: input.sw_lng,
    ne_lat: input.ne_lat,
    ne_lng: input.ne_lng,
  };
  const problems = mapBoundsProblems(bounds);
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fields: problems.map((p) => ({ field: p.field, code: 'VALIDATION_FAILED' as const })),
    });
  }
  return withShopKeywordStage(db, shopFilterQueryOf(server, input, now), (exec, filters) =>
    mapOf(exec, { filters, bounds, sort: input.sort }, input.zoom),
  );
}

async function mapOf(db: Executor, query: MapQuery, zoom: number): Promise<MapSearchResult> {
  const bounds = query.bounds;
  const centre = {
    lat: (bounds.sw_lat + bounds.ne_lat) / 2,
    lng: (bounds.sw_lng + bounds.ne_lng) / 2,
  };

  const upTo = await countShopsInBounds(db, query, mapLimits.maxShops + 1);
  const asMarkers =
    upTo <= mapLimits.maxShops && (zoom >= mapLimits.markerMinZoom || upTo <= mapLimits.fewShops);
  if (asMarkers) {
    const rows = upTo === 0 ? [] : await shopsInBounds(db, query, centre, mapLimits.maxShops);
    return { mode: 'shops', total: rows.length, shop_list: rows.map(mapShopOf), cluster_list: [] };
  }

  const cell = clusterCell(zoom, bounds);
  const cells = await clustersInBounds(db, query, cell.lat, cell.lng);
  // Cells of one or two shops come back as those shops (their ids are the cell's min and max),
  // as many as fit in maxShops; the web lays their pins out and groups what collides.
  const few: MapCellRow[] = [];
  const crowded: MapCellRow[] = [];
  let fewShops = 0;
  for (const c of cells) {
    if (c.count <= mapLimits.cellShops && fewShops + c.count <= mapLimits.maxShops) {
      few.push(c);
      fewShops += c.count;
    } else crowded.push(c);
  }
  const ids = few.flatMap((c) => (c.count === 1 ? [c.firstId] : [c.firstId, c.lastId]));
  const shops =
    ids.length === 0 ? [] : await shopsInBounds(db, query, centre, mapLimits.maxShops, ids);
  return {
    mode: 'clusters',
    total: cells.reduce((sum, c) => sum + c.count, 0),
    shop_list: shops.map(mapShopOf),
    cluster_list: crowded.map((c) => ({
      lat: c.lat,
      lng: c.lng,
      count: c.count,
      sw_lat: clip(c.gy * cell.lat, bounds.sw_lat, bounds.ne_lat),
      sw_lng: clip(c.gx * cell.lng, bounds.sw_lng, bounds.ne_lng),
      ne_lat: clip((c.gy + 1) * cell.lat, bounds.sw_lat, bounds.ne_lat),
      ne_lng: clip((c.gx + 1) * cell.lng, bounds.sw_lng, bounds.ne_lng),
    })),
  };
}

function mapShopOf(r: MapShopRow): MapShop {
  return {
    shop_id: r.id,
    name: r.name,
    address: r.address,
    region_district: r.region_district,
    region_neighbourhood: r.region_neighbourhood,
    lat: r.lat,
    lng: r.lng,
    rating_avg: r.rating_avg,
    review_count: r.review_count,
    is_smart_salon: r.is_smart_salon,
    min_price: r.min_price,
    currency: r.currency,
    thumbnail: r.thumbnail,
    is_open_now: r.is_open_now,
  };
}

/** What the web needs to draw the map, read at runtime (like the OpenID Connect settings). */
export function mapConfigOf(config: Config['map'], server: Server) {
  const centre = defaultCityCentre[server];
  return {
    tile_url: config.tileUrl,
    attribution: config.attribution,
    max_zoom: config.maxZoom,
    default_lat: centre.lat,
    default_lng: centre.lng,
    default_zoom: defaultMapZoom,
  };
}
