import { useEffect, useState } from 'react';
import * as L from 'leaflet';
import { Link } from 'react-router';
import { useMapConfig } from '../lib/map-config';
import { useLeaflet } from '../lib/use-leaflet';
import styles from './place-map.module.css';

export interface PlaceMapProps {
  lat: number;
  lng: number;
  /** Accessible name of the map, e.g. "Map: 미용실 세린". */
  label: string;
  /** Where tapping the map goes (the full map around the place). */
  to: string;
  /** Shown over the map when tiles cannot load (offline or tiles switched off). */
  offlineNote: string;
}

/**
 * A small map of one place inside a page: a pin, no dragging or wheel zoom that would fight the
 * page scroll; tapping it opens the full map there. Without tiles it keeps the paper grid.
 */
export function PlaceMap({ lat, lng, label, to, offlineNote }: PlaceMapProps) {
  const config = useMapConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const { containerRef, map } = useLeaflet({
    initial: config.data ? { lat, lng, zoom: 16 } : null,
    tileUrl: config.data?.tile_url ?? '',
    attribution: config.data?.attribution ?? '',
    maxZoom: config.data?.max_zoom ?? 19,
    zoomInTitle: '',
    zoomOutTitle: '',
    onTileError: () => setTilesFailed(true),
    isStatic: true,
  });

  useEffect(() => {
    if (!map) return;
    const pin = L.marker([lat, lng], {
      icon: L.divIcon({ className: styles.pin ?? '', iconSize: [28, 28], iconAnchor: [14, 28] }),
      keyboard: false,
      interactive: false,
    }).addTo(map);
    map.setView([lat, lng], map.getZoom());
    return () => {
      pin.remove();
    };
  }, [map, lat, lng]);

  const noTiles = tilesFailed || config.data?.tile_url === '';
  return (
    <Link to={to} className={styles.frame} aria-label={label}>
      {/* inert: Leaflet's focusable container and attribution link stay out of the tab order
          and the accessibility tree; the whole frame is the one link (axe aria-hidden-focus). */}
      <div ref={containerRef} className={styles.map} aria-hidden="true" inert />
      {noTiles && <span className={styles.note}>{offlineNote}</span>}
    </Link>
  );
}
