import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as L from 'leaflet';
import type { MapShop } from '@carol/contracts';
import { formatPrice } from '@carol/i18n';
import { CloseIcon, CompassIcon, ListIcon, SearchIcon, StoreIcon } from '../../components/icons';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { useCoordinateStore } from '../../lib/stores/coordinate.store';
import { useMapConfig } from '../../lib/map-config';
import { useMapSearch, type MapFilters } from './api';
import {
  clusterLabel,
  clusterSize,
  hasMovedAway,
  searchAreaOf,
  type MapArea,
  type MapView,
} from './geo';
import { useLeaflet } from '../../lib/use-leaflet';
import styles from './map.module.css';

export interface MapScreenProps {
  filters: MapFilters;
  /** How many sheet filters are on (badge on the filter button). */
  filterCount: number;
  /** The view kept in the URL (`at`), if any. */
  view: MapView | null;
  onViewChange: (view: MapView) => void;
  /** The Find list with the same search state. */
  listHref: string;
  onOpenFilters: () => void;
  onClearKeyword: () => void;
}

/** Keeps a chosen pin clear of the top bar and of the card row. */
const pinPadding: L.PanOptions & {
  paddingTopLeft: L.PointTuple;
  paddingBottomRight: L.PointTuple;
} = { paddingTopLeft: [40, 110], paddingBottomRight: [40, 200] };

function areaOf(map: L.Map): MapArea {
  const b = map.getBounds();
  return searchAreaOf(
    { sw_lat: b.getSouth(), sw_lng: b.getWest(), ne_lat: b.getNorth(), ne_lng: b.getEast() },
    map.getZoom(),
  );
}

/** /find/map — salons on a map: price pins, cluster bubbles, re-search this area, a card row. */
export function MapScreen(props: MapScreenProps) {
  const { filters, view, onViewChange } = props;
  const { t } = useTranslation('map');
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const storedLat = useCoordinateStore((s) => s.lat);
  const storedLng = useCoordinateStore((s) => s.lng);
  const config = useMapConfig();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);

  // The map opens at the URL's view, else the chosen place, else the server's default city;
  // useLeaflet reads this once, when it first has a value.
  const initial: MapView | null =
    view ??
    (storedLat !== null && storedLng !== null
      ? { lat: storedLat, lng: storedLng, zoom: 15 }
      : config.data
        ? {
            lat: config.data.default_lat,
            lng: config.data.default_lng,
            zoom: config.data.default_zoom,
          }
        : null);

  const { containerRef, map } = useLeaflet({
    initial: config.data ? initial : null,
    tileUrl: config.data?.tile_url ?? '',
    attribution: config.data?.attribution ?? '',
    maxZoom: config.data?.max_zoom ?? 19,
    zoomInTitle: t('zoomIn'),
    zoomOutTitle: t('zoomOut'),
    onTileError: () => setTilesFailed(true),
  });

  /** The area the results are for, and the one on screen now. */
  const [searched, setSearched] = useState<MapArea | null>(null);
  const [visible, setVisible] = useState<MapArea | null>(null);
  const searchOnNextMove = useRef(false);
  const viewChange = useRef(onViewChange);
  useEffect(() => {
    viewChange.current = onViewChange;
  });

  useEffect(() => {
    if (!map) return;
    map.whenReady(() => {
      const first = areaOf(map);
      setSearched(first);
      setVisible(first);
    });
    const onMoveEnd = () => {
      const now = areaOf(map);
      setVisible(now);
      if (searchOnNextMove.current) {
        searchOnNextMove.current = false;
        setSearched(now);
      }
      const c = map.getCenter();
      viewChange.current({ lat: c.lat, lng: c.lng, zoom: map.getZoom() });
    };
    map.on('moveend', onMoveEnd);
    return () => {
      map.off('moveend', onMoveEnd);
    };
  }, [map]);

  const origin =
    storedLat !== null && storedLng !== null ? { lat: storedLat, lng: storedLng } : null;
  const search = useMapSearch(filters, searched, origin);
  const result = search.data;
  const shops = useMemo(() => result?.shop_list ?? [], [result]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selectedIndex = shops.findIndex((s) => s.shop_id === selectedId);
  const canResearch =
    searched !== null && visible !== null && hasMovedAway(searched, visible, 0.15);

  const researchHere = () => {
    if (!map) return;
    setSelectedId(null);
    setSearched(areaOf(map));
  };

  /** Programmatic moves (cluster tap, my location) search where they land. */
  const moveAndSearch = useCallback(
    (lat: number, lng: number, zoom: number) => {
      if (!map) return;
      searchOnNextMove.current = true;
      map.setView([lat, lng], zoom);
    },
    [map],
  );

  // Pins and bubbles, redrawn when the results or the selection change.
  const layer = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    if (!map || !result) return;
    layer.current?.remove();
    const group = L.layerGroup().addTo(map);
    layer.current = group;
    for (const c of result.cluster_list) {
      const el = document.createElement('span');
      el.className = cx(styles.cluster, styles[`cluster_${clusterSize(c.count)}`]);
      el.textContent = clusterLabel(c.count);
      el.dataset.testid = 'map-cluster';
      const marker = L.marker([c.lat, c.lng], {
        icon: L.divIcon({ className: styles.icon, html: el, iconSize: [0, 0] }),
        title: t('marker.cluster', { count: c.count }),
        keyboard: true,
      }).addTo(group);
      marker.getElement()?.setAttribute('aria-label', t('marker.cluster', { count: c.count }));
      marker.on('click', () => {
        const cell = L.latLngBounds([c.sw_lat, c.sw_lng], [c.ne_lat, c.ne_lng]);
        const zoom = map.getZoom();
        const target = Math.min(
          map.getMaxZoom(),
          Math.max(zoom + 1, Math.min(zoom + 3, map.getBoundsZoom(cell))),
        );
        moveAndSearch(c.lat, c.lng, target);
      });
    }
    for (const shop of result.shop_list) {
      const price =
        shop.min_price === null
          ? t('marker.noPrice')
          : t('marker.price', { price: formatPrice(shop.min_price, shop.currency, language) });
      const el = document.createElement('span');
      const isSelected = shop.shop_id === selectedId;
      el.className = cx(
        styles.pin,
        isSelected && styles.pinSelected,
        shop.is_smart_salon && styles.pinSmart,
      );
      el.textContent = price;
      el.dataset.testid = 'map-marker';
      el.dataset.shopId = String(shop.shop_id);
      const marker = L.marker([shop.lat, shop.lng], {
        icon: L.divIcon({ className: styles.icon, html: el, iconSize: [0, 0] }),
        title: shop.name,
        keyboard: true,
        zIndexOffset: isSelected ? 1000 : 0,
      }).addTo(group);
      marker
        .getElement()
        ?.setAttribute('aria-label', t('marker.label', { name: shop.name, price }));
      marker.on('click', () => {
        setSelectedId(shop.shop_id);
        map.panInside([shop.lat, shop.lng], pinPadding);
      });
    }
    return () => {
      group.remove();
    };
  }, [map, result, selectedId, language, t, moveAndSearch]);

  const locate = () => {
    const fallback = () => {
      const place =
        storedLat !== null && storedLng !== null
          ? { lat: storedLat, lng: storedLng }
          : config.data
            ? { lat: config.data.default_lat, lng: config.data.default_lng }
            : null;
      setLocationNote(
        t('locationDenied', {
          place:
            storedLat !== null
              ? useCoordinateStore.getState().locationName || t(`defaultPlace.${server}`)
              : t(`defaultPlace.${server}`),
        }),
      );
      if (place) moveAndSearch(place.lat, place.lng, 15);
    };
    if (!('geolocation' in navigator)) {
      fallback();
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setLocationNote(null);
        moveAndSearch(pos.coords.latitude, pos.coords.longitude, 16);
      },
      () => {
        setLocating(false);
        fallback();
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const status = search.isError
    ? null
    : !result || (search.isFetching && search.isPlaceholderData)
      ? t('status.loading')
      : result.total === 0
        ? t('status.empty')
        : result.mode === 'clusters'
          ? t('status.clustered', { count: result.total })
          : t('status.count', { count: result.total });

  return (
    <div className={styles.screen}>
      <h1 className="visually-hidden">{t('title')}</h1>
      <div className={styles.topBar}>
        <Link
          to={props.listHref}
          className={styles.pillButton}
          aria-label={t('toggle.listLabel')}
          data-testid="map-to-list"
        >
          <ListIcon size={16} />
          {t('toggle.list')}
        </Link>
        {filters.keyword ? (
          <span className={styles.keywordChip}>
            <SearchIcon size={14} />
            <span className={styles.keywordText}>{filters.keyword}</span>
            <button
              type="button"
              className={styles.chipClear}
              aria-label={t('clearKeyword')}
              onClick={props.onClearKeyword}
            >
              <CloseIcon size={14} />
            </button>
          </span>
        ) : (
          <span className={styles.spacer} />
        )}
        <button
          type="button"
          className={styles.pillButton}
          aria-haspopup="dialog"
          onClick={props.onOpenFilters}
        >
          {t('filters')}
          {props.filterCount > 0 && (
            <span
              className={styles.badge}
              aria-label={t('filtersActive', { count: props.filterCount })}
            >
              {props.filterCount}
            </span>
          )}
        </button>
      </div>

      <div className={cx(styles.mapWrap, selectedIndex >= 0 && styles.cardOpen)}>
        <div
          ref={containerRef}
          className={styles.map}
          role="region"
          aria-label={t('map.label')}
          data-testid="salon-map"
        />

        <div className={styles.overlayTop}>
          {canResearch ? (
            <button
              type="button"
              className={styles.researchButton}
              onClick={researchHere}
              data-testid="research-area"
            >
              <SearchIcon size={16} />
              {t('researchArea')}
            </button>
          ) : search.isError ? (
            <div className={styles.statusError} role="alert">
              <span>{isApiError(search.error) ? search.error.resMessage : t('status.error')}</span>
              <button type="button" className={styles.retry} onClick={() => void search.refetch()}>
                {t('status.retry')}
              </button>
            </div>
          ) : config.isError ? (
            <div className={styles.statusError} role="alert">
              <span>{t('status.error')}</span>
              <button type="button" className={styles.retry} onClick={() => void config.refetch()}>
                {t('status.retry')}
              </button>
            </div>
          ) : (
            status && (
              <p className={styles.status} aria-live="polite" data-testid="map-status">
                {status}
              </p>
            )
          )}
          {result?.total === 0 && !canResearch && (
            <p className={styles.hint}>{t('status.emptyHint')}</p>
          )}
          {tilesFailed && <p className={styles.hint}>{t('tilesUnavailable')}</p>}
          {locationNote && <p className={styles.hint}>{locationNote}</p>}
        </div>

        <button
          type="button"
          className={cx(styles.locateButton, selectedIndex >= 0 && styles.locateRaised)}
          aria-label={locating ? t('locating') : t('myLocation')}
          aria-busy={locating}
          onClick={locate}
          disabled={!map}
        >
          <CompassIcon size={20} />
        </button>

        {selectedIndex >= 0 && (
          <ShopCarousel
            shops={shops}
            selectedIndex={selectedIndex}
            onSelect={(shop) => {
              setSelectedId(shop.shop_id);
              map?.panInside([shop.lat, shop.lng], pinPadding);
            }}
            onClose={() => setSelectedId(null)}
          />
        )}
      </div>
    </div>
  );
}

function ShopCarousel({
  shops,
  selectedIndex,
  onSelect,
  onClose,
}: {
  shops: MapShop[];
  selectedIndex: number;
  onSelect: (shop: MapShop) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map');
  const language = useCommonStore((s) => s.language);
  const rowRef = useRef<HTMLUListElement>(null);
  const settle = useRef<number | undefined>(undefined);

  // A marker tap scrolls its card into view.
  useEffect(() => {
    const row = rowRef.current;
    const card = row?.children[selectedIndex] as HTMLElement | undefined;
    if (!row || !card) return;
    const left = card.offsetLeft - (row.clientWidth - card.offsetWidth) / 2;
    if (Math.abs(row.scrollLeft - left) > 4) row.scrollTo({ left, behavior: 'smooth' });
  }, [selectedIndex]);

  // Swiping the row selects the card that settles in the middle.
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const row = rowRef.current;
      if (!row) return;
      const middle = row.scrollLeft + row.clientWidth / 2;
      let best = selectedIndex;
      let bestDistance = Infinity;
      Array.from(row.children).forEach((child, i) => {
        const el = child as HTMLElement;
        const d = Math.abs(el.offsetLeft + el.offsetWidth / 2 - middle);
        if (d < bestDistance) {
          bestDistance = d;
          best = i;
        }
      });
      const shop = shops[best];
      if (best !== selectedIndex && shop) onSelect(shop);
    }, 120);
  };
  useEffect(() => () => window.clearTimeout(settle.current), []);

  return (
    <section className={styles.carousel} aria-label={t('card.region')}>
      <button
        type="button"
        className={styles.carouselClose}
        aria-label={t('card.close')}
        onClick={onClose}
      >
        <CloseIcon size={16} />
      </button>
      <ul className={styles.cards} ref={rowRef} onScroll={onScroll}>
        {shops.map((shop, i) => {
          const region = [shop.region_district, shop.region_neighbourhood]
            .filter(Boolean)
            .join(' ');
          return (
            <li
              key={shop.shop_id}
              className={styles.cardItem}
              aria-label={t('card.position', { index: i + 1, count: shops.length })}
              aria-current={i === selectedIndex ? 'true' : undefined}
            >
              <Link to={paths.salon(shop.shop_id)} className={styles.card} data-testid="map-card">
                {shop.thumbnail ? (
                  <img
                    className={styles.thumb}
                    src={shop.thumbnail}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={72}
                    height={72}
                  />
                ) : (
                  <span className={styles.thumbPlaceholder} aria-hidden="true">
                    <StoreIcon size={24} />
                  </span>
                )}
                <span className={styles.cardBody}>
                  <span className={styles.cardTitle}>{shop.name}</span>
                  <span className={styles.cardMeta}>{region || shop.address}</span>
                  <span
                    className={styles.cardMeta}
                    aria-label={t('card.rating', {
                      rating: shop.rating_avg.toFixed(1),
                      count: shop.review_count,
                    })}
                  >
                    <span className={styles.star} aria-hidden="true">
                      ★
                    </span>
                    <span aria-hidden="true">
                      {' '}
                      {shop.rating_avg.toFixed(1)} ·{' '}
                      {t('card.reviews', { count: shop.review_count })}
                    </span>
                  </span>
                  <span className={styles.cardFooter}>
                    <span className={styles.price}>
                      {shop.min_price === null
                        ? t('marker.noPrice')
                        : t('marker.price', {
                            price: formatPrice(shop.min_price, shop.currency, language),
                          })}
                    </span>
                    {shop.is_smart_salon && (
                      <span className={styles.badgeAccent}>{t('card.smart')}</span>
                    )}
                    {shop.is_open_now && (
                      <span className={styles.badgeSuccess}>{t('card.openNow')}</span>
                    )}
                  </span>
                </span>
                <span className={styles.cardAction} aria-hidden="true">
                  {t('card.open')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
