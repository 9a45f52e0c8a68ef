import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CurrencySchema, LatSchema, LngSchema } from '../common.js';
import { ShopSearchRequestSchema } from './search.js';

// The Find map (spec sections 2 and 7: /carol/shop/getShopSearchInfoForMap). The request is the
// visible bounds plus the same filters as getShopSearchInfo; the answer is the shops themselves
// when the area holds few of them, otherwise server-side grid clusters.

export const mapLimits = {
  /** At most this many shops come back as markers; above it the answer is clusters. */
  maxShops: 200,
  /**
   * Below this zoom a city fits on a phone screen and price pins would pile up, so shops come
   * back as clusters unless there are only `fewShops` of them.
   */
  markerMinZoom: 14,
  fewShops: 5,
  /** The widest area one request may cover, in degrees of latitude / longitude. */
  maxSpanLat: 12,
  maxSpanLng: 12,
  minZoom: 3,
  maxZoom: 20,
  /** Width of one cluster cell on screen, in CSS pixels (a 256 px tile per zoom level). */
  clusterCellPx: 72,
  /**
   * A cell holding at most this many shops comes back as the shops themselves (in clustered
   * answers too), so a lone salon shows its price at any zoom; the web decides in pixels
   * whether their pins fit (ADR 026).
   */
  cellShops: 2,
  /** The grid never has more cells than this across or down a request, whatever its zoom. */
  maxCellsPerSide: 64,
} as const;

export interface MapBounds {
  sw_lat: number;
  sw_lng: number;
  ne_lat: number;
  ne_lng: number;
}

export type MapBoundsProblem = {
  field: keyof MapBounds;
  reason: 'order' | 'too_large';
};

/**
 * Cross-field checks of a bounds request (field ranges are in the schema). The server turns a
 * problem into VALIDATION_FAILED; the web clamps its viewport with the same limits first.
 */
export function mapBoundsProblems(b: MapBounds): MapBoundsProblem[] {
  const problems: MapBoundsProblem[] = [];
  if (b.sw_lat >= b.ne_lat) problems.push({ field: 'ne_lat', reason: 'order' });
  else if (b.ne_lat - b.sw_lat > mapLimits.maxSpanLat)
    problems.push({ field: 'ne_lat', reason: 'too_large' });
  if (b.sw_lng >= b.ne_lng) problems.push({ field: 'ne_lng', reason: 'order' });
  else if (b.ne_lng - b.sw_lng > mapLimits.maxSpanLng)
    problems.push({ field: 'ne_lng', reason: 'too_large' });
  return problems;
}

/** Size of one cluster cell in degrees of longitude at `zoom` (Web Mercator, 256 px tiles). */
export function clusterCellDegrees(zoom: number): number {
  return ((360 / 2 ** zoom) * mapLimits.clusterCellPx) / 256;
}

export const MapSearchRequestSchema = ShopSearchRequestSchema.omit({
  page: true,
  page_size: true,
}).extend({
  sw_lat: LatSchema,
  sw_lng: LngSchema,
  ne_lat: LatSchema,
  ne_lng: LngSchema,
  zoom: z.coerce.number().int().min(mapLimits.minZoom).max(mapLimits.maxZoom),
});

export const MapShopSchema = z.object({
  shop_id: z.number().int(),
  name: z.string(),
  address: z.string(),
  region_district: z.string().nullable(),
  region_neighbourhood: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  rating_avg: z.number(),
  review_count: z.number().int(),
  is_smart_salon: z.boolean(),
  /** Cheapest active menu price, or null when the shop has no active menu. */
  min_price: z.number().int().nullable(),
  currency: CurrencySchema,
  thumbnail: z.string().nullable(),
  is_open_now: z.boolean(),
});
export type MapShop = z.infer<typeof MapShopSchema>;

export const MapClusterSchema = z.object({
  /** Mean position of the cell's shops (where the bubble is drawn). */
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** The grid cell, clipped to the request bounds (tap → zoom to it). */
  sw_lat: z.number(),
  sw_lng: z.number(),
  ne_lat: z.number(),
  ne_lng: z.number(),
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

export const getShopSearchInfoForMap = defineEndpoint({
  base: 'main',
  path: '/carol/shop/getShopSearchInfoForMap',
  summary: 'Shops (or grid clusters of shops) inside the visible map bounds, with the list filters',
  tag: 'search',
  access: 'public',
  envelope: 'main',
  request: MapSearchRequestSchema,
  response: z.object({
    /**
     * `shops` when `total` ≤ mapLimits.maxShops and the zoom is at least markerMinZoom (or there
     * are only fewShops): every shop is in `shop_list`. Else `clusters`: the grid cells with
     * more than mapLimits.cellShops shops are in `cluster_list`, the shops of the other cells
     * in `shop_list` (at most maxShops of them), and `total` counts both.
     */
    mode: z.enum(['shops', 'clusters']),
    total: z.number().int(),
    shop_list: z.array(MapShopSchema),
    cluster_list: z.array(MapClusterSchema),
  }),
});

export const getMapConfig = defineEndpoint({
  base: 'main',
  path: '/carol/common/get_map_config',
  summary: 'Runtime map settings: tile URL template, attribution and the default centre',
  tag: 'search',
  access: 'public',
  envelope: 'main',
  request: z.object({}),
  response: z.object({
    /** Leaflet URL template ({s}, {z}, {x}, {y}); empty when tiles are switched off. */
    tile_url: z.string(),
    attribution: z.string(),
    max_zoom: z.number().int(),
    /** The request server's default city centre (Seoul City Hall / Tokyo Station). */
    default_lat: z.number(),
    default_lng: z.number(),
    default_zoom: z.number().int(),
  }),
});
