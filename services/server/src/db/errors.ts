// Both drivers report PostgreSQL errors with a SQLSTATE `code` (and `constraint`), but drizzle
// wraps them in DrizzleQueryError, so the original sits somewhere down the `cause` chain.

export const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** "invalid byte sequence for encoding UTF8: 0x00": a NUL in a text parameter. */
  characterNotInRepertoire: '22021',
  /** "unsupported Unicode escape sequence": `\u0000` inside a json/jsonb value. */
  untranslatableCharacter: '22P05',
} as const;

export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
  message: string;
}

/** The PostgreSQL error behind `error`, or undefined when it is not one. */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const candidate = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: candidate.message,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** True for a unique violation, optionally of one named constraint / unique index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return matches(error, pgErrorCodes.uniqueViolation, constraint);
}

/** True when an EXCLUDE constraint refused the row, e.g. `bookings_no_overlap` (a double booking). */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  return matches(error, pgErrorCodes.exclusionViolation, constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  return matches(error, pgErrorCodes.foreignKeyViolation, constraint);
}

export function isCheckViolation(error: unknown, constraint?: string): boolean {
  return matches(error, pgErrorCodes.checkViolation, constraint);
}

/** Serialization failures and deadlocks: the transaction is safe to run again from the start. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === pgErrorCodes.serializationFailure || code === pgErrorCodes.deadlockDetected;
}

/**
 * PostgreSQL refused the text itself (a NUL, a `\u0000` in JSON): the client's input, not a
 * fault of ours. The contracts' text rule refuses these first; this is the net behind it.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return (
    code === pgErrorCodes.characterNotInRepertoire || code === pgErrorCodes.untranslatableCharacter
  );
}

function matches(error: unknown, code: string, constraint: string | undefined): boolean {
  const info = pgErrorOf(error);
  return info?.code === code && (constraint === undefined || info.constraint === constraint);
}
