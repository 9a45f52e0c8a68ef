import { searchSortValues, type SearchSort } from '@carol/contracts';

export const distanceOptions = [1, 3, 5, 10, 20] as const;
export const treatmentValues = [
  'cut',
  'perm',
  'color',
  'clinic',
  'styling',
  'scalp',
  'other',
] as const;
export type Treatment = (typeof treatmentValues)[number];
export type SearchTab = 'shops' | 'designers';

/** Everything the Find list searches with; it lives in the URL so back/forward and reload keep it. */
export interface SearchFilters {
  keyword: string;
  tab: SearchTab;
  sort: SearchSort;
  distance?: number;
  smart: boolean;
  openNow: boolean;
  minPrice?: number;
  maxPrice?: number;
  gender?: 'w' | 'm';
  treatment?: Treatment;
}

export const defaultFilters: SearchFilters = {
  keyword: '',
  tab: 'shops',
  sort: 'distance',
  smart: false,
  openNow: false,
};

const positiveInt = (v: string | null) => {
  if (v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const sort = params.get('sort');
  const distance = Number(params.get('distance'));
  const gender = params.get('gender');
  const treatment = params.get('treatment');
  return {
    keyword: (params.get('q') ?? '').trim().slice(0, 100),
    tab: params.get('tab') === 'designers' ? 'designers' : 'shops',
    sort: searchSortValues.includes(sort as SearchSort) ? (sort as SearchSort) : 'distance',
    distance: (distanceOptions as readonly number[]).includes(distance) ? distance : undefined,
    smart: params.get('smart') === '1',
    openNow: params.get('open') === '1',
    minPrice: positiveInt(params.get('min')),
    maxPrice: positiveInt(params.get('max')),
    gender: gender === 'w' || gender === 'm' ? gender : undefined,
    treatment: treatmentValues.includes(treatment as Treatment)
      ? (treatment as Treatment)
      : undefined,
  };
}

/** Only non-default values are written, so a plain /find/h stays clean. */
export function filtersToParams(f: SearchFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.keyword) p.set('q', f.keyword);
  if (f.tab !== 'shops') p.set('tab', f.tab);
  if (f.sort !== 'distance') p.set('sort', f.sort);
  if (f.distance !== undefined) p.set('distance', String(f.distance));
  if (f.smart) p.set('smart', '1');
  if (f.openNow) p.set('open', '1');
  if (f.minPrice !== undefined) p.set('min', String(f.minPrice));
  if (f.maxPrice !== undefined) p.set('max', String(f.maxPrice));
  if (f.gender) p.set('gender', f.gender);
  if (f.treatment) p.set('treatment', f.treatment);
  return p;
}

/** How many sheet filters (not keyword, tab or sort) are on. */
export function activeFilterCount(f: SearchFilters): number {
  return [
    f.distance !== undefined,
    f.smart,
    f.openNow,
    f.minPrice !== undefined || f.maxPrice !== undefined,
    f.gender !== undefined,
    f.treatment !== undefined,
  ].filter(Boolean).length;
}

export function withoutSheetFilters(f: SearchFilters): SearchFilters {
  return { keyword: f.keyword, tab: f.tab, sort: f.sort, smart: false, openNow: false };
}
