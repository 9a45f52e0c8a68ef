import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { limits } from '@carol/contracts';

/** Spec section 3, `coordinate`: where the user searches from, and recent keywords. */
export interface CoordinateState {
  locationName: string;
  lng: number | null;
  lat: number | null;
  /** True once a location lookup has finished (found or refused). */
  finishFlag: boolean;
  /** Newest first, at most `limits.recentKeywords`. */
  recentKeyword: string[];
}

export interface CoordinateActions {
  setLocation: (location: { locationName: string; lng: number; lat: number }) => void;
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
      lng: null,
      lat: null,
      finishFlag: false,
      recentKeyword: [],
      setLocation: ({ locationName, lng, lat }) =>
        set({ locationName, lng, lat, finishFlag: true }),
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
