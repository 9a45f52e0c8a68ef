import { create } from 'zustand';
import { selectIsLoggedIn, useCommonStore } from './stores/common.store';

/** Spec 6: the "Aren't you a member yet?" prompt, one instance for the whole app. */
export const useMembersOnlyPrompt = create<{ isOpen: boolean; close: () => void }>()((set) => ({
  isOpen: false,
  close: () => set({ isOpen: false }),
}));

/**
 * Guards a members-only action (my page, reservation, favourites, saving a simulation):
 * true when a member is signed in; otherwise opens the prompt and answers false.
 */
export function requireMembership(): boolean {
  if (selectIsLoggedIn(useCommonStore.getState())) return true;
  useMembersOnlyPrompt.setState({ isOpen: true });
  return false;
}
