import { createSlice } from './slice';

/** Spec section 3, `shop`. Element types arrive with the salon-finder contracts. */
export interface ShopState {
  shopSearchResult: unknown[];
  designerSearchResult: unknown[];
  placeSearchResult: unknown[];
  mapSearchResult: unknown[];
  shopDetail: unknown;
  styleBook: unknown[];
  shareStyle: unknown;
  styleTypeInfo: unknown[];
  visitList: unknown[];
  menuList: unknown[];
  coordsAddress: string;
  flagSmartSalon: boolean;
  /** Search radius in metres; null = no distance filter. */
  filterDistance: number | null;
}

export const useShopStore = createSlice<ShopState>({
  shopSearchResult: [],
  designerSearchResult: [],
  placeSearchResult: [],
  mapSearchResult: [],
  shopDetail: null,
  styleBook: [],
  shareStyle: null,
  styleTypeInfo: [],
  visitList: [],
  menuList: [],
  coordsAddress: '',
  flagSmartSalon: false,
  filterDistance: null,
});
