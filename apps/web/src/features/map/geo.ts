import { mapLimits, type MapBounds } from '@carol/contracts';
import type { MapView } from '../../lib/use-leaflet';

export type { MapView };

/** What the map searched (or will search): the visible bounds and the zoom level. */
export interface MapArea extends MapBounds {
  zoom: number;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The bounds to send for a viewport: rounded (so tiny jitters share a cache entry), inside the
 * world, and no larger than the server accepts — a very zoomed-out map searches the middle of
 * what it shows rather than failing.
 */
export function searchAreaOf(b: MapBounds, zoom: number): MapArea {
  const centreLat = (b.sw_lat + b.ne_lat) / 2;
  const centreLng = (b.sw_lng + b.ne_lng) / 2;
  const halfLat = Math.min((b.ne_lat - b.sw_lat) / 2, mapLimits.maxSpanLat / 2 - 0.001);
  const halfLng = Math.min((b.ne_lng - b.sw_lng) / 2, mapLimits.maxSpanLng / 2 - 0.001);
  return {
    sw_lat: round(clamp(centreLat - halfLat, -90, 90), 5),
    sw_lng: round(clamp(centreLng - halfLng, -180, 180), 5),
    ne_lat: round(clamp(centreLat + halfLat, -90, 90), 5),
    ne_lng: round(clamp(centreLng + halfLng, -180, 180), 5),
    zoom: clamp(Math.round(zoom), mapLimits.minZoom, mapLimits.maxZoom),
  };
}

/**
 * Whether the viewport left the searched area enough to offer "re-search this area": another
 * zoom level, or the centre moved by more than `share` of the searched span.
 */
export function hasMovedAway(searched: MapArea, now: MapArea, share = 0.2): boolean {
  if (searched.zoom !== now.zoom) return true;
  const spanLat = searched.ne_lat - searched.sw_lat;
  const spanLng = searched.ne_lng - searched.sw_lng;
  const dLat = Math.abs((now.sw_lat + now.ne_lat) / 2 - (searched.sw_lat + searched.ne_lat) / 2);
  const dLng = Math.abs((now.sw_lng + now.ne_lng) / 2 - (searched.sw_lng + searched.ne_lng) / 2);
  return dLat > spanLat * share || dLng > spanLng * share;
}

/** `at=37.56650,126.97800,14` in the URL keeps the map where it was on reload and back. */
export function parseView(value: string | null): MapView | null {
  if (!value) return null;
  const parts = value.split(',').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lat, lng, zoom] = parts as [number, number, number];
  if (Math.abs(lat) > 85 || Math.abs(lng) > 180) return null;
  if (!Number.isInteger(zoom) || zoom < mapLimits.minZoom || zoom > mapLimits.maxZoom) return null;
  return { lat, lng, zoom };
}

export function formatView(view: MapView): string {
  return `${view.lat.toFixed(5)},${view.lng.toFixed(5)},${Math.round(view.zoom)}`;
}

/** Bubble size class of a cluster: bigger bubbles for more shops. */
export function clusterSize(count: number): 's' | 'm' | 'l' {
  if (count < 10) return 's';
  if (count < 100) return 'm';
  return 'l';
}

/** A bubble's diameter in CSS pixels (the map lays bubbles out with it, and draws them at it). */
export function bubbleDiameter(count: number): number {
  return { s: 36, m: 46, l: 58 }[clusterSize(count)];
}

/** "1.2k" style for big clusters, so the bubble stays round. */
export function clusterLabel(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.floor(count / 100) / 10).toFixed(1).replace(/\.0$/, '')}k`;
  return `${Math.floor(count / 1000)}k`;
}
