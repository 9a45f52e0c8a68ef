import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits, type PlaceItem } from '@carol/contracts';
import {
  AlertIcon,
  ChevronRightIcon,
  CompassIcon,
  MapPinIcon,
  SearchIcon,
} from '../../components/icons';
import { Button, EmptyState, IconBubble, Skeleton } from '../../components/ui';
import { SearchField } from '../../components/search-field';
import { isApiError } from '../../lib/api/api-error';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useLocationName } from '../../lib/use-location-name';
import { useCoordinateStore } from '../../lib/stores/coordinate.store';
import { addressByCoord, usePlaceSearch } from './api';
import { splitHighlight } from './highlight';
import { useDebouncedValue } from './use-debounced-value';
import styles from './coord.module.css';

type GeoState = 'idle' | 'locating' | 'denied' | 'unavailable' | 'outside';

/** Where the list came from (the Find list passes its path and query in the link state). */
function useReturnPath(type: string): string {
  const location = useLocation();
  const state = location.state as { returnTo?: unknown } | null;
  const returnTo = state?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/find/')
    ? returnTo
    : paths.findList(type);
}

function PlaceName({ name, keyword }: { name: string; keyword: string }) {
  const parts = splitHighlight(name, keyword);
  if (!parts) return <>{name}</>;
  return (
    <>
      {parts[0]}
      <mark>{parts[1]}</mark>
      {parts[2]}
    </>
  );
}

function ResultSkeleton() {
  return (
    <ul className={styles.results} aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className={styles.skeletonRow}>
          <Skeleton shape="circle" width={20} height={20} />
          <div className={styles.resultText}>
            <Skeleton shape="text" width="40%" />
            <Skeleton shape="text" width="70%" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /find/location/:type — search a region, neighbourhood or station, or use the device's location. */
export function CoordScreen() {
  const { t } = useTranslation('coord');
  const { t: tFind } = useTranslation('search');
  const navigate = useNavigate();
  const { type = limits.defaultFindType } = useParams();
  const returnPath = useReturnPath(type);
  const server = useCommonStore((s) => s.server);
  const locationName = useLocationName();
  const language = useCommonStore((s) => s.language);
  const hasLocation = useCoordinateStore((s) => s.lat !== null && s.lng !== null);
  const setLocation = useCoordinateStore((s) => s.setLocation);
  const [draft, setDraft] = useState('');
  const [geo, setGeo] = useState<GeoState>('idle');
  const keyword = useDebouncedValue(draft.trim(), 250);
  const search = usePlaceSearch(keyword);
  const isTyping = draft.trim() !== keyword;

  const finish = (place: { locationName: string; lat: number; lng: number; placeId?: string }) => {
    setLocation({ ...place, language });
    void navigate(returnPath, { replace: true });
  };
  const choose = (place: PlaceItem) =>
    finish({ locationName: place.name, lat: place.lat, lng: place.lng, placeId: place.id });

  const useCurrent = () => {
    if (!('geolocation' in navigator)) {
      setGeo('unavailable');
      return;
    }
    setGeo('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const { latitude: lat, longitude: lng } = pos.coords;
        addressByCoord(lat, lng).then(
          (res) => finish({ locationName: res.place.name, lat, lng, placeId: res.place.id }),
          (error: unknown) => {
            if (isApiError(error) && error.resCode === 'NOT_FOUND') setGeo('outside');
            // The name is only a label: without it the position still works as the origin.
            // Named at display time, in the language then on screen.
            else finish({ locationName: '', lat, lng });
          },
        );
      },
      (error) => setGeo(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const reset = () => {
    useCoordinateStore.setState({ locationName: '', lat: null, lng: null, finishFlag: false });
    void navigate(returnPath, { replace: true });
  };

  const onSubmit = () => {
    const first = search.data?.[0];
    if (first && !isTyping) choose(first);
  };

  const defaultCity = server === 'jp' ? tFind('location.cityJp') : tFind('location.cityKr');
  const chosenLabel = hasLocation
    ? locationName || t('current.mine')
    : t('chosen.none', { city: defaultCity });
  const suggestions = t(server === 'jp' ? 'suggestions.jp' : 'suggestions.kr').split(',');

  return (
    <div className={styles.screen}>
      <SearchField
        name="place"
        value={draft}
        onChange={setDraft}
        onClear={() => setDraft('')}
        onSubmit={onSubmit}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        clearLabel={t('search.clear')}
        autoFocus
      />

      <button
        type="button"
        className={styles.currentButton}
        onClick={useCurrent}
        disabled={geo === 'locating'}
      >
        <IconBubble>
          <CompassIcon size={20} />
        </IconBubble>
        <span className={styles.currentText}>
          <span className={styles.currentTitle}>{t('current.use')}</span>
          <span className={styles.muted}>
            {geo === 'locating' ? t('current.locating') : t('current.hint')}
          </span>
        </span>
        <ChevronRightIcon size={18} aria-hidden="true" />
      </button>
      {(geo === 'denied' || geo === 'unavailable' || geo === 'outside') && (
        <p className={styles.notice} role="alert">
          {t(`current.${geo}`)}
        </p>
      )}

      {keyword === '' ? (
        <>
          <section className={styles.section} aria-labelledby="location-chosen">
            <h2 id="location-chosen" className={styles.sectionTitle}>
              {t('chosen.label')}
            </h2>
            <div className={styles.chosen}>
              <MapPinIcon size={18} aria-hidden="true" />
              <span className={styles.chosenName} data-testid="chosen-location">
                {chosenLabel}
              </span>
              {hasLocation && (
                <button type="button" className={styles.textButton} onClick={reset}>
                  {t('chosen.reset')}
                </button>
              )}
            </div>
          </section>
          <section className={styles.section} aria-labelledby="location-suggestions">
            <h2 id="location-suggestions" className={styles.sectionTitle}>
              {t('suggestions.title')}
            </h2>
            <ul className={styles.suggestions}>
              {suggestions.map((s) => (
                <li key={s}>
                  <button type="button" className={styles.suggestion} onClick={() => setDraft(s)}>
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : (
        <section
          className={styles.section}
          aria-labelledby="location-results"
          aria-live="polite"
          aria-busy={search.isFetching || isTyping}
        >
          <h2 id="location-results" className={styles.sectionTitle}>
            {t('results.title')}
          </h2>
          {search.isPending ? (
            <>
              <span className="visually-hidden">{t('results.loading')}</span>
              <ResultSkeleton />
            </>
          ) : search.isError ? (
            <EmptyState
              icon={<AlertIcon size={28} />}
              title={t('results.error')}
              description={search.error.message}
              actions={
                <Button size="md" onClick={() => void search.refetch()}>
                  {t('results.retry')}
                </Button>
              }
            />
          ) : search.data.length === 0 ? (
            <EmptyState
              className={styles.keepAll}
              icon={<SearchIcon size={28} />}
              title={t('results.empty', { keyword })}
              description={t('results.emptyHint')}
            />
          ) : (
            <ul className={styles.results}>
              {search.data.map((place) => (
                <li key={place.id}>
                  <button
                    type="button"
                    className={styles.result}
                    aria-label={`${place.full_name} · ${t(`kinds.${place.kind}`)}`}
                    onClick={() => choose(place)}
                  >
                    <MapPinIcon size={20} className={styles.resultIcon} aria-hidden="true" />
                    <span className={styles.resultText}>
                      <span className={styles.resultName}>
                        <PlaceName name={place.name} keyword={keyword} />
                      </span>
                      <span className={styles.resultFull}>{place.full_name}</span>
                    </span>
                    <span
                      className={cx(styles.kind, place.kind === 'station' && styles.kindStation)}
                    >
                      {t(`kinds.${place.kind}`)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
