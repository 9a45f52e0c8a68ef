import { useTranslation } from 'react-i18next';
import { MapPinIcon } from '../../../components/icons';
import { useCommonStore } from '../../../lib/stores/common.store';
import { useLocationName } from '../../../lib/use-location-name';
import type { OriginState } from '../../../lib/use-search-origin';
import styles from './home-rows.module.css';

/**
 * Where the nearby rows measure from: the browser's location, a place chosen in the location
 * search, or the server's default city; and a button to use the device's location.
 */
export function NearbyOrigin({ state, onLocate }: { state: OriginState; onLocate: () => void }) {
  const { t } = useTranslation('home');
  const server = useCommonStore((s) => s.server);
  const locationName = useLocationName();
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  let label: string;
  if (state === 'mine')
    label = locationName ? t('origin.place', { name: locationName }) : t('origin.mine');
  else if (state === 'denied') label = t('origin.denied');
  else label = t(`origin.${server}`);

  return (
    <p className={styles.origin} data-testid="nearby-origin">
      <span className={styles.originPin}>
        <MapPinIcon size={14} aria-hidden="true" />
        {label}
      </span>
      {state !== 'mine' && canLocate && (
        <button
          type="button"
          className={styles.originButton}
          onClick={onLocate}
          disabled={state === 'locating'}
        >
          {state === 'locating' ? t('origin.locating') : t('origin.useMine')}
        </button>
      )}
    </p>
  );
}
