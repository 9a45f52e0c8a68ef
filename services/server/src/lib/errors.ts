import { httpStatusOf, type ErrorCode, type ErrorResponse, type Language } from '@carol/contracts';
import { errorMessage } from '@carol/i18n';

/** A failure the client should see as `resCode` + localized `resMessage`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly values: Record<string, string | number> | undefined;
  readonly fields: Array<{ field: string; code: ErrorCode }> | undefined;
  /** Seconds until the request may be repeated (`retry_after` and the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      values?: Record<string, string | number>;
      fields?: Array<{ field: string; code: ErrorCode }>;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.values = options.values;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}

export function presentError(
  error: AppError,
  language: Language,
  requestId?: string,
): ErrorResponse {
  const body: ErrorResponse = {
    result: 'fail',
    success: false,
    resCode: error.code,
    resMessage: errorMessage(error.code, language, error.values),
  };
  if (error.fields?.length) {
    body.fields = error.fields.map((f) => ({
      field: f.field,
      resMessage: errorMessage(f.code, language, error.values),
    }));
  }
  if (error.retryAfterSeconds !== undefined) body.retry_after = error.retryAfterSeconds;
  if (requestId) body.request_id = requestId;
  return body;
}
