import { createSlice } from './slice';

/**
 * Spec section 3, `mypage`: the booking whose detail screen is open. The lists the spec also
 * names here are server state (TanStack Query), not store fields. Cleared on logout (spec
 * section 4: "clears user info").
 */
export interface MypageState {
  detailBookingID: number | null;
}

export const useMypageStore = createSlice<MypageState>({
  detailBookingID: null,
});
