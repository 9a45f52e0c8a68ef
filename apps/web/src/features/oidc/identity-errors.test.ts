import { describe, expect, it } from 'vitest';
import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { ApiError } from '../../lib/api/api-error';
import { isRetriable, mapIdentityError } from './identity-errors';

const response = (error: string) => new ErrorResponse({ error });

describe('mapIdentityError (spec 8 identity errors)', () => {
  it.each([
    [response('login_required'), 'IDP_LOGIN_REQUIRED', true],
    [response('mfa_required'), 'IDP_MFA_REQUIRED', false],
    [response('missing_refresh_token'), 'IDP_MISSING_REFRESH_TOKEN', false],
    [response('state_mismatch'), 'IDP_INVALID_STATE', false],
    [response('missing_transaction'), 'IDP_INVALID_STATE', false],
    [response('access_denied'), 'IDP_POPUP_CLOSED', false],
    [response('cancelled'), 'IDP_POPUP_CLOSED', false],
    [response('server_error'), 'IDP_REQUEST_ERROR', false],
    [new ErrorTimeout('timed out'), 'IDP_TIMEOUT', false],
    [new Error('No matching state found in storage'), 'IDP_INVALID_STATE', false],
    [new Error('No state in response'), 'IDP_INVALID_STATE', false],
    [new Error('Popup closed by user'), 'IDP_POPUP_CLOSED', false],
    [
      new Error('Unable to open a popup for loginWithPopup - window.open returned null'),
      'IDP_POPUP_BLOCKED',
      false,
    ],
    [new Error('Popup blocked by user'), 'IDP_POPUP_BLOCKED', false],
    [new TypeError('Failed to fetch'), 'IDP_REQUEST_ERROR', false],
    ['something odd', 'IDP_REQUEST_ERROR', false],
  ])('%s → %s', (error, code, logout) => {
    expect(mapIdentityError(error)).toMatchObject({ code, logout });
  });

  it("keeps our API's code and localized message", () => {
    const error = new ApiError({
      resCode: 'IDENTITY_ALREADY_LINKED',
      resMessage: '이미 다른 회원과 연결되어 있습니다.',
      status: 409,
    });
    expect(mapIdentityError(error)).toEqual({
      code: 'IDENTITY_ALREADY_LINKED',
      message: '이미 다른 회원과 연결되어 있습니다.',
      logout: false,
    });
  });

  it('retries only timeouts and network failures', () => {
    expect(isRetriable(new ErrorTimeout('x'))).toBe(true);
    expect(isRetriable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetriable(response('invalid_grant'))).toBe(false);
    expect(isRetriable(new Error('No matching state found in storage'))).toBe(false);
  });
});
