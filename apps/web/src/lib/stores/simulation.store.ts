import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { FaceLandmarks, HairResource } from '@carol/contracts';

/** The landmarks the ML service found, with the size of the photo its coordinates refer to. */
export interface SimulationLandmark {
  image: { width: number; height: number };
  landmark: FaceLandmarks;
}

/** First-use hints: each is shown once, then remembered on this device. */
export const simulationHints = ['color', 'compare', 'style'] as const;
export type SimulationHint = (typeof simulationHints)[number];

/** Spec section 3, `simulation`. */
export interface SimulationState {
  /** The hairstyle overlay chosen (a `style` hair resource), or null. */
  hairResourceInfo: HairResource | null;
  /** Object URL of the photo being edited (already downscaled for upload). */
  simulationImage: string | null;
  landmark: SimulationLandmark | null;
  /** Object URL of the photo with the bangs removed (bald service, fetched once per photo). */
  baldImage: string | null;
  /** First-use flags (persisted). */
  isFirstColorUse: boolean;
  isFirstCompareUse: boolean;
  isFirstStyleUse: boolean;
}

export interface SimulationActions {
  patch: (partial: Partial<SimulationState>) => void;
  /** A new photo: the previous one's landmarks, results and bald image no longer apply. */
  setPhoto: (url: string | null) => void;
  setLandmark: (landmark: SimulationLandmark | null) => void;
  /** The user has used the feature the hint explains: never show that hint again. */
  markHintSeen: (hint: SimulationHint) => void;
  /** Clears the photo and its data; the first-use flags stay. */
  reset: () => void;
}

export type SimulationStore = SimulationState & SimulationActions;

const hintFlag = {
  color: 'isFirstColorUse',
  compare: 'isFirstCompareUse',
  style: 'isFirstStyleUse',
} as const satisfies Record<SimulationHint, keyof SimulationState>;

export const SIMULATION_STORAGE_KEY = 'carol-simulation';

const photoless = {
  hairResourceInfo: null,
  simulationImage: null,
  landmark: null,
  baldImage: null,
} satisfies Partial<SimulationState>;

/** Storage that never throws: private browsing or a full quota only loses the flags. */
function tolerant(storage: () => Storage): StateStorage {
  return {
    getItem: (key) => {
      try {
        return storage().getItem(key);
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        storage().setItem(key, value);
      } catch {
        // Not remembered; the hint shows again next time.
      }
    },
    removeItem: (key) => {
      try {
        storage().removeItem(key);
      } catch {
        // Nothing to do.
      }
    },
  };
}

/** A factory so tests can build a fresh store against their own storage. */
export function createSimulationStore(storage: () => Storage = () => localStorage) {
  return create<SimulationStore>()(
    persist(
      (set) => ({
        ...photoless,
        isFirstColorUse: true,
        isFirstCompareUse: true,
        isFirstStyleUse: true,
        patch: (partial) => set(partial),
        setPhoto: (url) => set({ ...photoless, simulationImage: url }),
        setLandmark: (landmark) => set({ landmark }),
        markHintSeen: (hint) => set({ [hintFlag[hint]]: false }),
        reset: () => set(photoless),
      }),
      {
        name: SIMULATION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => tolerant(storage)),
        // Photos are object URLs of this page only: only the first-use flags survive a reload.
        partialize: (s) => ({
          isFirstColorUse: s.isFirstColorUse,
          isFirstCompareUse: s.isFirstCompareUse,
          isFirstStyleUse: s.isFirstStyleUse,
        }),
      },
    ),
  );
}

export const useSimulationStore = createSimulationStore();

/** Whether the hint should still be shown. */
export const selectShowsHint = (hint: SimulationHint) => (s: SimulationState) => s[hintFlag[hint]];
