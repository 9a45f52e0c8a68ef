import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import {
  activateRegistration,
  activateWithTel,
  callResetPassword,
  changeMailAddress,
  changeName,
  changePassword,
  confirmMailAddress,
  createPassword,
  deleteAccount,
  loginByEmail,
  logout,
  registerByEmail,
  requestMail,
  requestPasswordReset,
  sendSmsForSimpleLogin,
  simpleLogin,
  type RequestOf,
  type ResponseOf,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';

/**
 * The calls of the sign-in, sign-up and account-setting screens. Each hook binds one endpoint;
 * the screen passes what happens on success and failure.
 */
type MutationOptionsOf<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

type EndpointOptions<C extends Parameters<typeof callEndpoint>[0]> = MutationOptionsOf<
  ResponseOf<C>,
  RequestOf<C>
>;

// --- sign-in and sign-up ------------------------------------------------------------------

export function useLoginByEmail(options: EndpointOptions<typeof loginByEmail> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof loginByEmail>) => callEndpoint(loginByEmail, body),
  });
}

export function useRegisterByEmail(options: EndpointOptions<typeof registerByEmail> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof registerByEmail>) => callEndpoint(registerByEmail, body),
  });
}

/** Completes a sign-up from the mailed link's token. */
export function useActivateRegistration(
  options: MutationOptionsOf<ResponseOf<typeof activateRegistration>, string> = {},
) {
  return useMutation({
    ...options,
    mutationFn: (linkToken: string) => callEndpoint(activateRegistration, { token: linkToken }),
  });
}

export function useSendLoginSms(options: EndpointOptions<typeof sendSmsForSimpleLogin> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof sendSmsForSimpleLogin>) =>
      callEndpoint(sendSmsForSimpleLogin, body),
  });
}

/**
 * A member's first phone sign-in verifies the phone (activate_with_tel); later ones use
 * simple_login. The server tells which only after a correct code, so the app just follows it.
 */
async function signInWithCode(body: RequestOf<typeof simpleLogin>) {
  try {
    return await callEndpoint(simpleLogin, body);
  } catch (error) {
    if (isApiError(error) && error.resCode === 'PHONE_NOT_VERIFIED') {
      return callEndpoint(activateWithTel, body);
    }
    throw error;
  }
}

export function usePhoneLogin(
  options: MutationOptionsOf<
    Awaited<ReturnType<typeof signInWithCode>>,
    RequestOf<typeof simpleLogin>
  > = {},
) {
  return useMutation({ ...options, mutationFn: signInWithCode });
}

// --- password reset -----------------------------------------------------------------------

/** Mails a reset link to the address. */
export function useRequestPasswordReset(
  options: MutationOptionsOf<ResponseOf<typeof requestPasswordReset>, string> = {},
) {
  return useMutation({
    ...options,
    mutationFn: (email: string) => callEndpoint(requestPasswordReset, { email }),
  });
}

/** Sets the new password with the mailed link's token. */
export function useResetPassword(
  token: string,
  options: MutationOptionsOf<ResponseOf<typeof callResetPassword>, string> = {},
) {
  return useMutation({
    ...options,
    mutationFn: (password: string) => callEndpoint(callResetPassword, { token, password }),
  });
}

// --- account settings ---------------------------------------------------------------------

export function useChangeName(options: EndpointOptions<typeof changeName> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof changeName>) => callEndpoint(changeName, body),
  });
}

export function useChangeMailAddress(options: EndpointOptions<typeof changeMailAddress> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof changeMailAddress>) =>
      callEndpoint(changeMailAddress, body),
  });
}

/** Sends the confirmation mail of a pending address change again. */
export function useResendMailChange(
  options: MutationOptionsOf<ResponseOf<typeof requestMail>, void> = {},
) {
  return useMutation({ ...options, mutationFn: () => callEndpoint(requestMail, {}) });
}

/** Confirms the address change from the mailed link's token. */
export function useConfirmMailAddress(
  token: string,
  options: MutationOptionsOf<ResponseOf<typeof confirmMailAddress>, void> = {},
) {
  return useMutation({
    ...options,
    mutationFn: () => callEndpoint(confirmMailAddress, { token }),
  });
}

export function useChangePassword(options: EndpointOptions<typeof changePassword> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof changePassword>) => callEndpoint(changePassword, body),
  });
}

export function useCreatePassword(options: EndpointOptions<typeof createPassword> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof createPassword>) => callEndpoint(createPassword, body),
  });
}

export function useDeleteAccount(options: EndpointOptions<typeof deleteAccount> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: RequestOf<typeof deleteAccount>) => callEndpoint(deleteAccount, body),
  });
}

/** Ends the session on the server (the app's own sign-out follows in the screen). */
export function useSignOut(options: MutationOptionsOf<ResponseOf<typeof logout>, void> = {}) {
  return useMutation({ ...options, mutationFn: () => callEndpoint(logout, {}) });
}
