import { userCheck } from '@carol/contracts';
import { callEndpoint } from './api/client';
import { memberKeys, queryClient } from './api/query-client';
import { selectIsLoggedIn, useCommonStore } from './stores/common.store';
import { useLoginStore } from './stores/login.store';
import { useMypageStore } from './stores/mypage.store';
import { useReservationStore } from './stores/reservation.store';

/**
 * A navigation waits at most this long for user_check. A slow server must not freeze every tap
 * for the 30 s request timeout; the check still finishes in the background and logs out then.
 */
export const USER_CHECK_WAIT_MS = 3_000;
/** Redirect chains (/find -> /find/h) are several navigations; one answer covers them. */
export const USER_CHECK_REUSE_MS = 2_000;

/** Spec section 4: logout clears the login state, cancels a pending reservation and clears user info. */
export function logout(): void {
  useReservationStore.getState().cancelPending();
  useMypageStore.getState().reset();
  useLoginStore.getState().reset();
  useCommonStore.getState().clearLogin();
  queryClient.removeQueries({ queryKey: memberKeys.all });
}

/**
 * Asks the server whether the stored member still exists. Resolves true/false, or null when
 * the answer is unknown (network down, server error): an unknown answer never logs anyone out.
 */
export async function memberStillExists(loginID: number): Promise<boolean | null> {
  try {
    const answer = await queryClient.fetchQuery({
      queryKey: memberKeys.userCheck(loginID),
      queryFn: ({ signal }) => callEndpoint(userCheck, { user_id: loginID }, { signal }),
      staleTime: USER_CHECK_REUSE_MS,
      retry: false,
    });
    return answer.user_exists;
  } catch {
    return null;
  }
}

/** Spec section 2: before every navigation while logged in, log out a member who no longer exists. */
export async function checkMemberBeforeNavigation(): Promise<void> {
  const state = useCommonStore.getState();
  if (!selectIsLoggedIn(state) || state.loginID === null) return;
  const loginID = state.loginID;
  const check = memberStillExists(loginID).then((exists) => {
    // Only act if the same member is still signed in when the answer arrives.
    if (exists === false && useCommonStore.getState().loginID === loginID) logout();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, USER_CHECK_WAIT_MS);
  });
  await Promise.race([check, giveUp]);
  clearTimeout(timer);
}
