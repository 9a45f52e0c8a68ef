import type { ClientErrorCode, ErrorCode } from '@carol/contracts';

export type ApiErrorCode = ErrorCode | ClientErrorCode;

export interface ApiFieldError {
  field: string;
  resMessage: string;
}

/**
 * Every failed call ends here: our API's `resCode` + `resMessage` (already localized by the
 * server), or a client-side failure (network, abort, timeout, bad status) with a message from
 * the errors catalog. `status` is 0 when no HTTP response arrived.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly resCode: ApiErrorCode;
  readonly resMessage: string;
  readonly status: number;
  readonly fields: readonly ApiFieldError[];
  /** Seconds until the refused request may be repeated, when the server said so. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    resCode: ApiErrorCode;
    resMessage: string;
    status: number;
    fields?: readonly ApiFieldError[];
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.resMessage, { cause: init.cause });
    this.resCode = init.resCode;
    this.resMessage = init.resMessage;
    this.status = init.status;
    this.fields = init.fields ?? [];
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A call the caller cancelled (the client's REQUEST_ABORTED, or a bare AbortError). */
export function isAbortError(error: unknown): boolean {
  return (
    (isApiError(error) && error.resCode === 'REQUEST_ABORTED') ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}
