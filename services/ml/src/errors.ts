import { httpStatusOf, type ErrorCode } from '@carol/contracts';

/**
 * A failure the caller sees as `resCode` + localized `resMessage` (the same envelope as the
 * server's AppError; the ML service shares contracts and i18n, not the server's code).
 * `detail` is for logs only (e.g. why a face was rejected), never shown to the user.
 */
export class MlError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, detail?: string, options: { cause?: unknown } = {}) {
    super(detail ? `${code}: ${detail}` : code, { cause: options.cause });
    this.name = 'MlError';
    this.code = code;
    this.detail = detail;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }
}
