import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as L from 'leaflet';
import type { MapBounds, MapCluster, MapShop } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { CloseIcon, CompassIcon, ListIcon, SearchIcon } from '../../components/icons';
import { ShopThumb } from '../../components/shop-thumb';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { useCoordinateStore } from '../../lib/stores/coordinate.store';
import { useMapConfig } from '../../lib/map-config';
import { fetchSpotShops, useMapSearch, type MapFilters } from './api';
import {
  bubbleDiameter,
  clusterLabel,
  clusterSize,
  hasMovedAway,
  searchAreaOf,
  type MapArea,
  type MapView,
} from './geo';
import { groupMarkers, zoomTarget, zoomThatSeparates, type MarkerPoint } from './grouping';
import { groupingOptions, measurePins, pinReach } from './marker-layout';
import { useLeaflet } from '../../lib/use-leaflet';
import { Sheet } from '../../components/ui';
import styles from './map.module.css';

/** What a marker stands for: a shop, or one of the server's grid cells. */
type Marked = { kind: 'shop'; shop: MapShop } | { kind: 'cell'; cell: MapCluster };

/** Bounds for a search, a hair wider than `b` so a single point still makes a valid area. */
function boundsOf(b: L.LatLngBounds): MapBounds {
  const pad = 0.00002;
  return {
    sw_lat: b.getSouth() - pad,
    sw_lng: b.getWest() - pad,
    ne_lat: b.getNorth() + pad,
    ne_lng: b.getEast() + pad,
  };
}

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
/** The chosen place's name when it was written in `language` (another language's name is never shown). */
function nameInLanguage(
  place: { locationName: string; locationLanguage: string | null },
  language: string,
): string {
  return place.locationLanguage === null || place.locationLanguage === language
    ? place.locationName
    : '';
}

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

  const origin = useMemo(
    () => (storedLat !== null && storedLng !== null ? { lat: storedLat, lng: storedLng } : null),
    [storedLat, storedLng],
  );
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

  // The zoom the markers are laid out for, and a tick when web fonts arrive (pins change width).
  const [zoom, setZoom] = useState<number | null>(null);
  const [fontsTick, setFontsTick] = useState(0);
  useEffect(() => {
    if (!map) return;
    map.whenReady(() => setZoom(map.getZoom()));
    const onZoomEnd = () => setZoom(map.getZoom());
    map.on('zoomend', onZoomEnd);
    return () => {
      map.off('zoomend', onZoomEnd);
    };
  }, [map]);
  useEffect(() => {
    const fonts = typeof document === 'undefined' ? undefined : document.fonts;
    if (!fonts) return;
    let live = true;
    const bump = () => {
      if (live) setFontsTick((n) => n + 1);
    };
    void fonts.ready.then(bump);
    fonts.addEventListener('loadingdone', bump);
    return () => {
      live = false;
      fonts.removeEventListener('loadingdone', bump);
    };
  }, []);

  /** The shops of a spot no zoom can split (one building), listed in a sheet. */
  const [spot, setSpot] = useState<MapShop[] | null>(null);
  const spotRequest = useRef(0);
  const openSpot = useCallback(
    (bounds: MapBounds) => {
      const request = ++spotRequest.current;
      void fetchSpotShops(filters, bounds, origin).then(
        (list) => {
          if (request === spotRequest.current && list.length > 0) setSpot(list);
        },
        () => undefined,
      );
    },
    [filters, origin],
  );

  // Pins and bubbles: laid out in screen pixels at the current zoom so none covers another
  // (ADR 026), redrawn when the results, the zoom, the selection or the fonts change.
  const layer = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    if (!map || !result || zoom === null) return;
    layer.current?.remove();
    const group = L.layerGroup().addTo(map);
    layer.current = group;
    const maxZoom = map.getMaxZoom();

    const priceOf = (shop: MapShop) =>
      shop.min_price === null
        ? t('marker.noPrice')
        : t('marker.price', { price: formatPrice(shop.min_price, shop.currency, language) });
    const sizes = measurePins(map.getContainer(), styles.pin!, result.shop_list.map(priceOf));
    const pointAt = (item: Marked, z: number): MarkerPoint<Marked> => {
      const p = map.project(
        item.kind === 'shop' ? [item.shop.lat, item.shop.lng] : [item.cell.lat, item.cell.lng],
        z,
      );
      if (item.kind === 'cell') return { item, x: p.x, y: p.y, count: item.cell.count, pin: null };
      const size = sizes.get(priceOf(item.shop)) ?? { width: 80, height: 28 };
      return { item, x: p.x, y: p.y, count: 1, pin: pinReach(size.width, size.height) };
    };
    const items: Marked[] = [
      ...result.cluster_list.map((cell) => ({ kind: 'cell' as const, cell })),
      ...result.shop_list.map((shop) => ({ kind: 'shop' as const, shop })),
    ];
    const groups = groupMarkers(
      items.map((item) => pointAt(item, zoom)),
      groupingOptions,
    );

    const drawPin = (shop: MapShop, isSelected: boolean) => {
      const price = priceOf(shop);
      const el = document.createElement('span');
      el.className = cx(
        styles.pin,
        isSelected && styles.pinSelected,
        shop.is_smart_salon && styles.pinSmart,
      );
      el.textContent = price;
      el.dataset.testid = 'map-marker';
      el.dataset.shopId = String(shop.shop_id);
      if (isSelected) el.dataset.selected = 'true';
      const marker = L.marker([shop.lat, shop.lng], {
        icon: L.divIcon({ className: styles.icon, html: el, iconSize: [0, 0] }),
        title: shop.name,
        keyboard: true,
        zIndexOffset: isSelected ? 10_000 : 0,
      }).addTo(group);
      marker
        .getElement()
        ?.setAttribute('aria-label', t('marker.label', { name: shop.name, price }));
      marker.on('click', () => {
        setSelectedId(shop.shop_id);
        map.panInside([shop.lat, shop.lng], pinPadding);
      });
    };

    // Bubbles first, biggest first, so the page and assistive technology meet them in that order.
    const ordered = [...groups].sort(
      (a, b) => Number(b.kind === 'bubble') - Number(a.kind === 'bubble') || b.count - a.count,
    );
    let selectedDrawn = false;
    for (const g of ordered) {
      if (g.kind === 'pin') {
        const only = g.items[0]!;
        if (only.kind === 'shop') {
          const isSelected = only.shop.shop_id === selectedId;
          selectedDrawn ||= isSelected;
          drawPin(only.shop, isSelected);
        }
        continue;
      }
      const shopsIn = g.items.flatMap((i) => (i.kind === 'shop' ? [i.shop] : []));
      const cells = g.items.flatMap((i) => (i.kind === 'cell' ? [i.cell] : []));
      // Shops alone: the map knows them all, so it can tell whether zooming in separates them.
      const separates =
        cells.length === 0
          ? zoomThatSeparates(g.items, pointAt, zoom, maxZoom, groupingOptions)
          : null;
      const isSpot = cells.length === 0 ? separates === null : zoom >= maxZoom;
      const label = t(isSpot ? 'marker.spot' : 'marker.cluster', { count: g.count });
      const el = document.createElement('span');
      const diameter = bubbleDiameter(g.count);
      el.className = cx(styles.cluster, styles[`cluster_${clusterSize(g.count)}`]);
      el.style.width = `${diameter}px`;
      el.style.height = `${diameter}px`;
      el.textContent = clusterLabel(g.count);
      el.dataset.testid = 'map-cluster';
      el.dataset.count = String(g.count);
      el.dataset.action = isSpot ? 'list' : 'zoom';
      const at = map.unproject([g.x, g.y], zoom);
      const marker = L.marker(at, {
        icon: L.divIcon({ className: styles.icon, html: el, iconSize: [0, 0] }),
        title: label,
        keyboard: true,
      }).addTo(group);
      marker.getElement()?.setAttribute('aria-label', label);
      const extent = L.latLngBounds(shopsIn.map((s) => L.latLng(s.lat, s.lng)));
      for (const c of cells)
        extent.extend(L.latLngBounds([c.sw_lat, c.sw_lng], [c.ne_lat, c.ne_lng]));
      marker.on('click', () => {
        if (isSpot) {
          if (cells.length === 0) setSpot(shopsIn);
          else openSpot(boundsOf(extent));
          return;
        }
        // Room for the pins' width and height, the status line and the buttons around the map.
        const fits = map.getBoundsZoom(extent, false, L.point(160, 220));
        // Cells hide their shops: zoom towards the cells, at most three levels per tap.
        const target =
          cells.length === 0
            ? zoomTarget(zoom, separates, fits, maxZoom)
            : zoomTarget(zoom, null, Math.min(zoom + 3, fits), maxZoom);
        const centre = cells.length === 0 ? extent.getCenter() : at;
        moveAndSearch(centre.lat, centre.lng, target);
      });
    }
    // A shop chosen in the card row while it sits in a bubble: its pin is raised above all.
    if (!selectedDrawn) {
      const chosen = result.shop_list.find((s) => s.shop_id === selectedId);
      if (chosen) drawPin(chosen, true);
    }
    // The zoom the markers on screen were laid out for (journeys wait for it after a zoom).
    map.getContainer().dataset.markersZoom = String(zoom);
    return () => {
      group.remove();
    };
  }, [map, result, zoom, selectedId, language, t, moveAndSearch, openSpot, fontsTick]);

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
              ? nameInLanguage(useCoordinateStore.getState(), language) ||
                t(`defaultPlace.${server}`)
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
      <SpotSheet shops={spot} onClose={() => setSpot(null)} />
    </div>
  );
}

/** The salons of one spot that no zoom can split (one building), each a link to its page. */
function SpotSheet({ shops, onClose }: { shops: MapShop[] | null; onClose: () => void }) {
  const { t } = useTranslation('map');
  const language = useCommonStore((s) => s.language);
  return (
    <Sheet
      isOpen={shops !== null}
      onClose={onClose}
      title={t('spot.title', { count: shops?.length ?? 0 })}
    >
      <ul className={styles.spotList} data-testid="map-spot-list">
        {(shops ?? []).map((shop) => {
          const region = [shop.region_district, shop.region_neighbourhood]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={shop.shop_id}>
              <Link
                to={paths.salon(shop.shop_id)}
                className={styles.spotRow}
                data-testid="map-spot-shop"
                onClick={onClose}
              >
                <ShopThumb
                  src={shop.thumbnail}
                  size={56}
                  iconSize={20}
                  className={styles.spotThumb}
                  placeholderClassName={styles.spotThumbPlaceholder}
                />
                <span className={styles.cardBody}>
                  <span className={styles.cardTitle}>{shop.name}</span>
                  <span className={styles.cardMeta}>{region || shop.address}</span>
                  <span className={styles.spotFooter}>
                    <span className={styles.price}>
                      {shop.min_price === null
                        ? t('marker.noPrice')
                        : t('marker.price', {
                            price: formatPrice(shop.min_price, shop.currency, language),
                          })}
                    </span>
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
                      <span aria-hidden="true"> {shop.rating_avg.toFixed(1)}</span>
                    </span>
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Sheet>
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
  /**
   * Whether the row's scrolling comes from the person (a finger, a wheel, keys) rather than
   * from the row itself moving to a tapped pin's card: only theirs chooses a card. On a slow
   * phone the row's own smooth scroll pauses halfway, and choosing the card passing the middle
   * then opened a neighbour's card and panned the map to it.
   */
  const byPerson = useRef(false);
  const takeOver = () => {
    byPerson.current = true;
  };

  // A marker tap scrolls its card into view.
  useEffect(() => {
    const row = rowRef.current;
    const card = row?.children[selectedIndex] as HTMLElement | undefined;
    if (!row || !card) return;
    const left = card.offsetLeft - (row.clientWidth - card.offsetWidth) / 2;
    if (Math.abs(row.scrollLeft - left) > 4) {
      byPerson.current = false;
      row.scrollTo({ left, behavior: 'smooth' });
    }
  }, [selectedIndex]);

  // Swiping the row selects the card that settles in the middle.
  const onScroll = () => {
    window.clearTimeout(settle.current);
    if (!byPerson.current) return;
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
      <ul
        className={styles.cards}
        ref={rowRef}
        onScroll={onScroll}
        onPointerDown={takeOver}
        onTouchStart={takeOver}
        onWheel={takeOver}
        onKeyDown={takeOver}
      >
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
                <ShopThumb
                  src={shop.thumbnail}
                  size={72}
                  iconSize={24}
                  className={styles.thumb}
                  placeholderClassName={styles.thumbPlaceholder}
                />
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
