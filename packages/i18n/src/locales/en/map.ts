import type { map as ko } from '../ko/map.js';

export const map: typeof ko = {
  title: 'Find salons on the map',
  toggle: {
    map: 'Map',
    mapLabel: 'Show on the map',
    list: 'List',
    listLabel: 'Show as a list',
  },
  filters: 'Filters',
  filtersActive: '{{count}} filters on',
  keywordChip: 'Results for “{{keyword}}”',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  clearKeyword: 'Clear the search word',
  researchArea: 'Search this area',
  myLocation: 'Go to my location',
  locating: 'Finding your location…',
  locationDenied: 'Location is not allowed, so we show the area around {{place}}.',
  defaultPlace: {
    kr: 'Seoul City Hall',
    jp: 'Tokyo Station',
  },
  tilesUnavailable: 'The map background could not be loaded. Salon pins and the list still work.',
  status: {
    loading: 'Finding salons in this area',
    count: '{{count}} salons in this area',
    clustered: '{{count}} salons in this area · zoom in to see each one',
    empty: 'No salons here match your search',
    emptyHint: 'Move the map or change the filters.',
    error: 'Could not load the salons.',
    retry: 'Try again',
  },
  marker: {
    price: 'from {{price}}',
    noPrice: 'Ask for prices',
    label: '{{name}}, {{price}}',
    cluster: '{{count}} salons, tap to zoom in',
    spot: '{{count}} salons at one spot, tap for the list',
  },
  spot: {
    title: '{{count}} salons at this spot',
  },
  card: {
    region: 'Salon chosen on the map',
    close: 'Close',
    open: 'View salon',
    rating: 'Rated {{rating}}, {{count}} reviews',
    reviews: '{{count}} reviews',
    smart: 'Smart salon',
    openNow: 'Open now',
    position: '{{index}} of {{count}}',
  },
  map: {
    label: 'Salon map',
  },
};
