import { useMutation } from '@tanstack/react-query';
import {
  connectIdentity,
  getOidcConfig,
  oidcExchange,
  oidcLogin,
  oidcSignUp,
  type RequestOf,
  type ResponseOf,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { queryClient } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import { oidcConfigKey } from './use-oidc-config';

/** The server's OpenID Connect settings, from the cache when the sign-in button already read them. */
export function fetchOidcConfig() {
  return queryClient.fetchQuery({
    queryKey: oidcConfigKey(useCommonStore.getState().server),
    queryFn: () => callEndpoint(getOidcConfig, {}),
  });
}

/** Links the identity provider's account to the signed-in member. */
export function connectIdentityWith(body: RequestOf<typeof connectIdentity>) {
  return callEndpoint(connectIdentity, body);
}

/** Signs in with the provider's ID token: a member, or a sign-up still to be agreed to. */
export function signInWithIdToken(body: RequestOf<typeof oidcLogin>) {
  return callEndpoint(oidcLogin, body);
}

/** LINE / Kakao with a secret: the server exchanges the code and signs in or links (ADR 060). */
export function exchangeCode(body: RequestOf<typeof oidcExchange>) {
  return callEndpoint(oidcExchange, body);
}

type SignUpConsentBody = Omit<RequestOf<typeof oidcSignUp>, 'sign_up_token'>;

/** Creates the account of a pending provider sign-up once the consents are given. */
export function useOidcSignUp(
  signUpToken: string,
  options: {
    onSuccess?: (member: ResponseOf<typeof oidcSignUp>) => void;
    onError?: (error: Error) => void;
  } = {},
) {
  return useMutation({
    ...options,
    mutationFn: (values: SignUpConsentBody) =>
      callEndpoint(oidcSignUp, { sign_up_token: signUpToken, ...values }),
  });
}
