import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The member's choice about anonymous usage statistics (ADR 030): on unless turned off in
 * Settings. Kept in this browser (localStorage), read before the tag script is requested.
 */
export interface AnalyticsState {
  usageStatsEnabled: boolean;
  setUsageStatsEnabled: (enabled: boolean) => void;
}

export const ANALYTICS_STORAGE_KEY = 'carol-analytics';

/** A factory so tests can build a fresh store against their own storage. */
export function createAnalyticsStore(storage: () => Storage = () => window.localStorage) {
  return create<AnalyticsState>()(
    persist(
      (set) => ({
        usageStatsEnabled: true,
        setUsageStatsEnabled: (usageStatsEnabled) => set({ usageStatsEnabled }),
      }),
      {
        name: ANALYTICS_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage),
        partialize: (state) => ({ usageStatsEnabled: state.usageStatsEnabled }),
        // Only an explicit false turns statistics off; anything malformed keeps the default.
        merge: (persisted, current) => {
          const stored = (persisted ?? {}) as Partial<Pick<AnalyticsState, 'usageStatsEnabled'>>;
          return { ...current, usageStatsEnabled: stored.usageStatsEnabled !== false };
        },
      },
    ),
  );
}

export const useAnalyticsStore = createAnalyticsStore();
