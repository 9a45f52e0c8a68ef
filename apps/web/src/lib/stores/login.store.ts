import { createSlice } from './slice';

/** Spec section 3, `login`: the last sign-in attempt. */
export interface LoginState {
  /** The user id returned by the last sign-in. */
  loginInfo: number | null;
  apiResult: 'idle' | 'success' | 'fail';
  message: string;
}

export const useLoginStore = createSlice<LoginState>({
  loginInfo: null,
  apiResult: 'idle',
  message: '',
});
