import { create } from 'zustand';

export interface SliceActions<S> {
  /** Merge part of the state. */
  patch: (partial: Partial<S>) => void;
  /** Back to the initial state. */
  reset: () => void;
}

/**
 * A plain client-state slice with `patch` and `reset`. Server data belongs in TanStack Query;
 * slices hold what the spec keeps on the client between screens.
 */
export function createSlice<S extends object, A extends object = object>(
  initial: S,
  actions?: (set: (partial: Partial<S>) => void, get: () => S & A & SliceActions<S>) => A,
) {
  return create<S & A & SliceActions<S>>()((set, get) => ({
    ...initial,
    ...(actions
      ? actions((partial) => set(partial as Partial<S & A & SliceActions<S>>), get)
      : ({} as A)),
    patch: (partial) => set(partial as Partial<S & A & SliceActions<S>>),
    reset: () => set(initial as Partial<S & A & SliceActions<S>>),
  }));
}
