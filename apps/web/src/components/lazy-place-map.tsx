import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { useNearViewport } from '../lib/use-near-viewport';
import type { PlaceMapProps } from './place-map';
import styles from './place-map.module.css';

/**
 * PlaceMap whose code (Leaflet, ~38 KB compressed, and its stylesheet) is fetched only when the
 * map comes near the screen: the salon page paints without waiting for it (ADR 032).
 * Until then, and if the code cannot be loaded (offline), the frame shows the map's paper grid
 * and is the same link to the full map.
 */
export function LazyPlaceMap(props: PlaceMapProps) {
  const [ref, isNear] = useNearViewport<HTMLAnchorElement>();
  const [Map, setMap] = useState<ComponentType<PlaceMapProps> | null>(null);
  const [hasFailed, setFailed] = useState(false);

  useEffect(() => {
    if (!isNear || Map) return;
    let isCurrent = true;
    import('./place-map').then(
      (module) => {
        if (isCurrent) setMap(() => module.PlaceMap);
      },
      () => {
        if (isCurrent) setFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isNear, Map]);

  if (Map) return <Map {...props} />;
  return (
    <Link ref={ref} to={props.to} className={styles.frame} aria-label={props.label}>
      <div className={styles.map} aria-hidden="true" />
      {hasFailed && <span className={styles.note}>{props.offlineNote}</span>}
    </Link>
  );
}
