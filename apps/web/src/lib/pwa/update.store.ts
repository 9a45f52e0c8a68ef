import { create } from 'zustand';

/**
 * The service worker's update state (ADR 029), written by register-sw.ts and read by the
 * update prompt. Kept apart from the registration so the prompt is testable without one.
 */
interface PwaUpdateState {
  /** A new version is installed and waiting for the person to reload. */
  needRefresh: boolean;
  /** Activates the waiting version and reloads the page (set once registered). */
  update: () => Promise<void>;
  showPrompt: (update: () => Promise<void>) => void;
  /** "Later": hidden until the next update check finds a new version (or the next visit). */
  dismiss: () => void;
}

export const usePwaUpdateStore = create<PwaUpdateState>((set) => ({
  needRefresh: false,
  update: () => Promise.resolve(),
  showPrompt: (update) => set({ needRefresh: true, update }),
  dismiss: () => set({ needRefresh: false }),
}));
