import { useEffect, useRef, useState } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
/** Where a map looks: centre and zoom. */
export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface LeafletOptions {
  /** Where the map opens; the map is created once this is known. */
  initial: MapView | null;
  tileUrl: string;
  attribution: string;
  maxZoom: number;
  zoomInTitle: string;
  zoomOutTitle: string;
  /** A small map inside a page: no dragging or wheel zoom that would fight the page scroll. */
  isStatic?: boolean;
  onTileError: () => void;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A Leaflet map on a div, created once. Tiles come from the configured template; when they
 * fail (no network) the map keeps working over its neutral background.
 */
export function useLeaflet(options: LeafletOptions) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const isReady = options.initial !== null;

  useEffect(() => {
    const node = containerRef.current;
    const o = latest.current;
    if (!node || !o.initial) return;
    const instance = L.map(node, {
      center: [o.initial.lat, o.initial.lng],
      zoom: o.initial.zoom,
      minZoom: 5,
      maxZoom: o.maxZoom,
      zoomControl: false,
      attributionControl: true,
      ...(o.isStatic
        ? { dragging: false, scrollWheelZoom: false, touchZoom: false, doubleClickZoom: false }
        : {}),
    });
    instance.attributionControl.setPrefix(false);
    if (!o.isStatic) {
      L.control
        .zoom({ position: 'bottomright', zoomInTitle: o.zoomInTitle, zoomOutTitle: o.zoomOutTitle })
        .addTo(instance);
    }
    if (o.tileUrl) {
      L.tileLayer(o.tileUrl, {
        maxZoom: o.maxZoom,
        // Leaflet writes attributions as HTML; ours is configuration text.
        attribution: escapeHtml(o.attribution),
        crossOrigin: false,
      })
        .on('tileerror', () => latest.current.onTileError())
        .addTo(instance);
    }
    setMap(instance);
    return () => {
      setMap(null);
      instance.remove();
    };
  }, [isReady]);

  return { containerRef, map };
}
