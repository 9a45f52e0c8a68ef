import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { limits, type Language } from '@carol/contracts';

/** Spec section 3, `coordinate`: where the user searches from, and recent keywords. */
export interface CoordinateState {
  /** The chosen place's name as the gazetteer wrote it in `locationLanguage`. */
  locationName: string;
  /** The gazetteer id of the chosen place: names it again in another language. */
  locationPlaceId: string | null;
  locationLanguage: Language | null;
  lng: number | null;
  lat: number | null;
  /** True once a location lookup has finished (found or refused). */
  finishFlag: boolean;
  /** Newest first, at most `limits.recentKeywords`. */
  recentKeyword: string[];
}

export interface CoordinateActions {
  setLocation: (location: {
    locationName: string;
    lng: number;
    lat: number;
    placeId?: string | null;
    language?: Language | null;
  }) => void;
  setFinished: (finishFlag: boolean) => void;
  /** Spec section 4: at most five; the oldest is dropped; a repeat moves to the newest position. */
  addRecentKeyword: (keyword: string) => void;
  removeRecentKeyword: (keyword: string) => void;
  clearRecentKeywords: () => void;
}

export function nextRecentKeywords(list: readonly string[], keyword: string): string[] {
  const trimmed = keyword.trim();
  if (trimmed === '') return [...list];
  return [trimmed, ...list.filter((k) => k !== trimmed)].slice(0, limits.recentKeywords);
}

export const useCoordinateStore = create<CoordinateState & CoordinateActions>()(
  persist(
    (set) => ({
      locationName: '',
      locationPlaceId: null,
      locationLanguage: null,
      lng: null,
      lat: null,
      finishFlag: false,
      recentKeyword: [],
      setLocation: ({ locationName, lng, lat, placeId = null, language = null }) =>
        set({
          locationName,
          locationPlaceId: placeId,
          locationLanguage: language,
          lng,
          lat,
          finishFlag: true,
        }),
      setFinished: (finishFlag) => set({ finishFlag }),
      addRecentKeyword: (keyword) =>
        set((state) => ({ recentKeyword: nextRecentKeywords(state.recentKeyword, keyword) })),
      removeRecentKeyword: (keyword) =>
        set((state) => ({ recentKeyword: state.recentKeyword.filter((k) => k !== keyword) })),
      clearRecentKeywords: () => set({ recentKeyword: [] }),
    }),
    {
      name: 'carol-coordinate',
      version: 1,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ recentKeyword: state.recentKeyword }),
    },
  ),
);
