import type { coord as ko } from '../ko/coord.js';

export const coord: typeof ko = {
  search: {
    label: 'Search areas, neighbourhoods and stations',
    placeholder: 'Area, neighbourhood or station (e.g. Gangnam Station)',
    clear: 'Clear search',
  },
  current: {
    use: 'Use my current location',
    locating: 'Finding your location…',
    hint: 'Needs location permission on this device',
    denied:
      'Location permission is off, so we can’t see where you are. Search for an area instead.',
    unavailable: 'This device can’t share its location. Search for an area instead.',
    outside:
      'You seem to be outside our service area (Korea and Japan). Search for an area instead.',
    mine: 'My location',
  },
  chosen: {
    label: 'Searching from',
    none: 'Default location ({{city}})',
    reset: 'Use default',
  },
  suggestions: {
    title: 'Popular areas',
    kr: 'Gangnam Station,Hongdae,Seongsu-dong,Apgujeong,Yeouido,Jamsil,Haeundae,Seomyeon',
    jp: 'Shibuya,Omotesando,Harajuku,Shinjuku,Ginza,Umeda,Shinsaibashi,Namba',
  },
  results: {
    title: 'Results',
    loading: 'Looking for places',
    empty: 'No places match “{{keyword}}”',
    emptyHint: 'Try the name of a neighbourhood or a station.',
    error: 'We couldn’t load places',
    retry: 'Try again',
  },
  kinds: {
    metro: 'City',
    province: 'Province',
    si: 'City',
    gu: 'District',
    gun: 'County',
    dong: 'Neighbourhood',
    prefecture: 'Prefecture',
    city: 'City',
    ward: 'Ward',
    area: 'Area',
    station: 'Station',
  },
  chip: {
    label: 'Searching from {{name}} (change)',
  },
};
