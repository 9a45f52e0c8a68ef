import { createSlice } from './slice';

/** Spec section 3, `simulation`. */
export interface SimulationState {
  hairResourceInfo: unknown;
  /** Object URL or data URL of the photo being edited. */
  simulationImage: string | null;
  landmark: unknown;
  baldImage: string | null;
  isFirstColorUse: boolean;
  isFirstStyleUse: boolean;
}

export const useSimulationStore = createSlice<SimulationState>({
  hairResourceInfo: null,
  simulationImage: null,
  landmark: null,
  baldImage: null,
  isFirstColorUse: true,
  isFirstStyleUse: true,
});
