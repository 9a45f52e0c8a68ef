import type { ResponseOf, loginByEmail } from '@carol/contracts';
import { useCommonStore } from '../../lib/stores/common.store';
import { useLoginStore } from '../../lib/stores/login.store';

export type SignedInMember = ResponseOf<typeof loginByEmail>;

/**
 * After the server set the session cookie (login or activation): the client-held login state of
 * spec section 3 (`loginID`, `loginFlag`, `loginInfo`). The cookie itself is HttpOnly; the
 * store only remembers who is signed in, and user_check re-validates it before every navigation.
 */
export function completeSignIn(member: SignedInMember): void {
  useLoginStore.setState({ loginInfo: member.user_id, apiResult: 'success', message: '' });
  useCommonStore.getState().setLogin(member.user_id);
}

export function recordSignInFailure(message: string): void {
  useLoginStore.setState({ apiResult: 'fail', message });
}
