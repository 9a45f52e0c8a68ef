import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import type { ApiErrorCode } from '../../lib/api/api-error';
import { isApiError } from '../../lib/api/api-error';

export interface IdentityFailure {
  /** A code of the errors catalogue (identity errors of spec 8, or our API's resCode). */
  code: ApiErrorCode;
  /** The server's localized message when the failure came from our API. */
  message?: string;
  /** login_required: the provider session is gone, so the local login state goes too. */
  logout: boolean;
}

const stateMessages = [
  'No matching state found in storage',
  'No state in response',
  'State does not match',
  'no state found in response url',
];

/**
 * Maps every identity error of spec section 8 to its message code: state mismatch and a missing
 * transaction → 'Invalid state'; login_required → local logout; cancelled → 'Popup closed';
 * popup failure; timeout; mfa_required; missing_refresh_token; request errors.
 */
export function mapIdentityError(error: unknown): IdentityFailure {
  if (isApiError(error)) {
    return { code: error.resCode, message: error.resMessage, logout: false };
  }
  if (error instanceof ErrorTimeout) return { code: 'IDP_TIMEOUT', logout: false };
  if (error instanceof ErrorResponse) {
    switch (error.error) {
      case 'login_required':
      case 'interaction_required':
      case 'consent_required':
        return { code: 'IDP_LOGIN_REQUIRED', logout: true };
      case 'mfa_required':
        return { code: 'IDP_MFA_REQUIRED', logout: false };
      case 'missing_refresh_token':
        return { code: 'IDP_MISSING_REFRESH_TOKEN', logout: false };
      case 'state_mismatch':
      case 'missing_transaction':
        return { code: 'IDP_INVALID_STATE', logout: false };
      case 'access_denied':
      case 'cancelled':
        return { code: 'IDP_POPUP_CLOSED', logout: false };
      case 'timeout':
        return { code: 'IDP_TIMEOUT', logout: false };
      default:
        return { code: 'IDP_REQUEST_ERROR', logout: false };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  if (stateMessages.some((m) => message.includes(m))) {
    return { code: 'IDP_INVALID_STATE', logout: false };
  }
  if (/popup blocked|error opening popup|window\.open returned null/i.test(message)) {
    return { code: 'IDP_POPUP_BLOCKED', logout: false };
  }
  if (/popup closed|popup aborted/i.test(message))
    return { code: 'IDP_POPUP_CLOSED', logout: false };
  if (/timed? ?out/i.test(message)) return { code: 'IDP_TIMEOUT', logout: false };
  return { code: 'IDP_REQUEST_ERROR', logout: false };
}

/** Failures worth another token request (spec 9: up to 3 retries): timeouts and network errors. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof ErrorTimeout) return true;
  if (error instanceof TypeError) return true; // fetch: network failure
  const message = error instanceof Error ? error.message : '';
  return /network|failed to fetch|timed? ?out/i.test(message);
}
