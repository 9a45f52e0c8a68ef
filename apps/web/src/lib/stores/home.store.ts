import type { Banner } from '@carol/contracts';
import { createSlice } from './slice';

/**
 * Spec section 3, `home`. Banners are fetched with TanStack Query (features/home/api); the
 * fields stay here for the spec's client state and for screens that hand data to each other.
 */
export interface HomeState {
  mainBanners: Banner[];
  middleBanners: Banner[];
  mainPopularStyle: unknown[];
  /** Which simulation the home page asked for (colour or style), filled by the simulation issue. */
  simulationType: 'color' | 'style' | null;
  simulationData: unknown;
}

export const useHomeStore = createSlice<HomeState>({
  mainBanners: [],
  middleBanners: [],
  mainPopularStyle: [],
  simulationType: null,
  simulationData: null,
});
