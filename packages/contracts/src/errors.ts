/**
 * Every error the product can answer with, in one place (spec section 8 plus the validation
 * messages of section 5 and the infrastructure errors every API needs).
 * The code travels as `resCode`; the localized text as `resMessage` (see packages/i18n, errors namespace).
 */
export const errorCodes = {
  // spec section 8, product messages
  REQUEST_FAILED: 500,
  FAILED_TRY_AGAIN: 400,
  FACE_RECOGNITION_FAILED: 422,
  SIMULATION_FAILED: 500,
  SAVE_REQUIRES_LOGIN: 401,
  SAVE_FAILED: 500,
  LOGIN_FAILED: 401,
  WRONG_CREDENTIALS: 401,
  ACCOUNT_DELETION_FAILED: 400,
  PHONE_IN_USE: 409,
  LINK_FAILED: 400,
  LINK_DUPLICATE: 409,
  // salon records and data linking: this member already linked the salon; the
  // date-range search needs both dates (spec 5); video uploads from the console
  LINK_ALREADY: 409,
  DATE_RANGE_INCOMPLETE: 400,
  VIDEO_INVALID: 422,
  VIDEO_TOO_LONG: 422,
  RESERVATION_UNAVAILABLE: 409,
  SHOP_NOT_TAKING_RESERVATIONS: 409,
  CANCEL_PAST_START: 409,
  RESCHEDULE_PAST_CUTOFF: 409,
  EXTERNAL_LINK_FAILED: 400,
  HIDE_FAILED: 400,
  NO_SHARE_SUPPORT: 400,
  // spec section 5 and 6, validation and permission messages
  PASSWORD_FORMAT: 400,
  PHONE_DIGITS_ONLY: 400,
  PHONE_FORMAT: 400,
  NAME_REQUIRED: 400,
  NOT_A_MEMBER: 401,
  MEMBERS_ONLY: 403,
  PHONE_NOT_VERIFIED: 403,
  // e-mail links (registration, password reset): expired, already used or unknown
  LINK_INVALID: 400,
  // sign-in codes, re-authentication, external accounts, QR
  REAUTH_REQUIRED: 401,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CODE_TOO_MANY_ATTEMPTS: 429,
  RESEND_TOO_SOON: 429,
  EMAIL_IN_USE: 409,
  IDENTITY_ALREADY_LINKED: 409,
  LAST_SIGN_IN_METHOD: 409,
  ID_TOKEN_INVALID: 401,
  // the server-side code exchange (LINE, Kakao) failed: refused code or verifier, provider down
  EXTERNAL_SIGN_IN_FAILED: 400,
  IDENTITY_EMAIL_IN_USE: 409,
  QR_INVALID: 400,
  // ML service: photo uploads and the inference pool
  PHOTO_INVALID: 422,
  PHOTO_TOO_LARGE: 413,
  PHOTO_UNSUPPORTED: 415,
  SIMULATION_BUSY: 503,
  SIMULATION_TIMEOUT: 503,
  // reservation flow (booking-core; spec 5)
  REQUEST_NOTE_TIME_CHANGE: 400,
  CONSENT_REQUIRED: 400,
  RESERVATION_SELECTION_REQUIRED: 400,
  // booking history, reviews, console
  BOOKING_ALREADY_CANCELLED: 409,
  BOOKING_ALREADY_VISITED: 409,
  VISIT_BEFORE_START: 409,
  BOOKING_NOT_DELETABLE: 409,
  REVIEW_NOT_ALLOWED: 409,
  REVIEW_ALREADY_WRITTEN: 409,
  WORKING_HOURS_INVALID: 400,
  DATE_RANGE_INVALID: 400,
  // the waitlist (ADR 058): too many active entries; a date passed or beyond the booking horizon
  WAITLIST_LIMIT: 409,
  WAITLIST_DATE_INVALID: 400,
  // sign-up consents and the first Google / Apple sign-in (ADR 025)
  SIGNUP_CONSENT_REQUIRED: 400,
  TERMS_CONSENT_REQUIRED: 400,
  PRIVACY_CONSENT_REQUIRED: 400,
  AGE_CONSENT_REQUIRED: 400,
  SIGN_UP_EXPIRED: 400,
  // infrastructure
  VALIDATION_FAILED: 400,
  // a text field with a control character (NUL, other C0/C1, DEL) or a lone surrogate
  INVALID_CHARACTERS: 400,
  INVALID_SERVER: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  // the password sign-in throttle: the login screen points to the password reset
  LOGIN_THROTTLED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // request bodies: an unreadable body, a file where the route takes none, too
  // many uploads at once
  MALFORMED_BODY: 400,
  FILES_NOT_ACCEPTED: 415,
  UPLOADS_BUSY: 503,
  SERVER_TIMEOUT: 503,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCodes;

export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export function httpStatusOf(code: ErrorCode): number {
  return errorCodes[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}

/**
 * Client-side failures that never come from our API (spec section 8: identity errors and
 * generic HTTP errors). They are shown through the same catalogue.
 */
export const clientErrorCodes = [
  'NETWORK_ERROR',
  'REQUEST_ABORTED',
  'TIMEOUT_EXCEEDED',
  'REQUEST_STATUS',
  'IDP_TIMEOUT',
  'IDP_POPUP_CLOSED',
  'IDP_POPUP_BLOCKED',
  'IDP_MFA_REQUIRED',
  'IDP_MISSING_REFRESH_TOKEN',
  'IDP_INVALID_STATE',
  'IDP_LOGIN_REQUIRED',
  'IDP_REQUEST_ERROR',
  'SW_UPDATE_PROMPT',
] as const;

export type ClientErrorCode = (typeof clientErrorCodes)[number];
