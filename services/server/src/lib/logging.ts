import {
  LogController,
  type FastifyError,
  type FastifyLoggerOptions,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../env.js';

/**
 * What the server log may carry: never bound query parameters, passwords,
 * hashes, tokens, codes, cookies, e-mail addresses or phone numbers. Three layers:
 *
 * - `err`: an allow-list serializer. Drizzle puts every bound parameter into its error message
 *   ("Failed query: … params: …") and PGlite and node-postgres errors carry `params`, `detail`
 *   ("Failing row contains (…)") and more. Only the error's type, its message without the
 *   parameters, the stack frames and a few diagnostic fields (SQLSTATE, constraint, table) are
 *   kept, for the whole `cause` chain.
 * - `req`: the URL without query values and without token-like path segments (the e-mail links
 *   carry their token in the path). Bodies and headers are never logged.
 * - `redact`: the sensitive field names wherever a log call passes them, one level deep.
 */

const redacted = '[redacted]';

const sensitiveKeys = [
  'password',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'id_token',
  'sign_up_token',
  'sessionToken',
  'email',
  'new_email',
  'phone',
  'tel',
  'booker_phone',
  'cookie',
  'authorization',
];

export const redactPaths = [
  // Request headers, wherever a log call puts them (@fastify/multipart logs busboy's options,
  // headers included, at trace level).
  ...['headers', '*.headers'].flatMap((at) => [
    `${at}.cookie`,
    `${at}.authorization`,
    `${at}["set-cookie"]`,
  ]),
  'body',
  '*.body',
  ...sensitiveKeys.flatMap((key) => [key, `*.${key}`]),
];

// Values that must not appear even inside free text (an error message, a URL).
const argon2Hash = /\$argon2(?:id|i|d)\$[^\s"',)]*/g;
const emailAddress = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const phoneNumber = /(?:\+\d{1,3}[- ]?)?\b0\d{1,2}[- ]?\d{3,4}[- ]?\d{4}\b|\+\d{9,15}\b/g;
// V8 quotes the start of a body it could not parse: `Unexpected token 'x', "{"password":…" is not valid JSON`.
const jsonSnippet = /(, )(?:\.\.\.)?"[\s\S]*"(?:\.\.\.)?( is not valid JSON)/g;

/** `text` with hashes, e-mail addresses, phone numbers and quoted request bodies replaced. */
export function scrubText(text: string): string {
  return text
    .replace(jsonSnippet, `$1${redacted}$2`)
    .replace(argon2Hash, redacted)
    .replace(emailAddress, redacted)
    .replace(phoneNumber, redacted);
}

// Diagnostic fields worth keeping: PostgreSQL's SQLSTATE and where it happened, Fastify's status,
// Node's system error fields. Everything else (params, query, detail, where, hint, response,
// command, validation, …) is dropped: any of them can hold a value a client sent.
const keptErrorFields = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
  'errno',
  'syscall',
] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** The `err` serializer: strings are scrubbed, errors reduced to an allow-list (see above). */
export function serializeError(value: unknown): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return serializeErrorChain(value, 0);
  // Something thrown that is not an Error: its shape is unknown, so only its message is kept.
  if (typeof value !== 'object' || value === null) return value;
  const message = (value as { message?: unknown }).message;
  return { type: 'object', message: typeof message === 'string' ? scrubText(message) : redacted };
}

function serializeErrorChain(error: Error, depth: number): SerializedError {
  const fields = error as unknown as Record<string, unknown>;
  const type = error.name !== 'Error' ? error.name : error.constructor?.name || 'Error';
  // Drizzle: "Failed query: <sql>\nparams: <values>". The SQL has placeholders; the values go.
  const message = scrubText(error.message.replace(/\nparams: [\s\S]*$/, ''));
  const out: SerializedError = { type, message, stack: `${type}: ${message}${framesOf(error)}` };
  for (const key of keptErrorFields) {
    const field = fields[key];
    if (typeof field === 'string' || typeof field === 'number') out[key] = field;
  }
  if (error.cause instanceof Error && depth < 5) {
    out.cause = serializeErrorChain(error.cause, depth + 1);
  }
  return out;
}

/** The stack below its header (the header repeats the message, parameters and all). */
function framesOf(error: Error): string {
  const stack = error.stack ?? '';
  const at = stack.indexOf(error.message);
  const rest = at >= 0 ? stack.slice(at + error.message.length) : stack;
  const frames = rest.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length ? `\n${scrubText(frames.join('\n'))}` : '';
}

// A path segment that looks like a secret: 32+ URL-safe characters mixing letters and digits
// (the e-mail links' 43-character tokens, the 32-hex-digit private photo names). Slugs, ids and
// hashed asset names stay readable.
const tokenLike = /[A-Za-z0-9_-]{32,}/g;

/** `url` as the log shows it: token-like path segments and every query value replaced. */
export function scrubUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt >= 0 ? url.slice(0, queryAt) : url;
  const query = queryAt >= 0 ? url.slice(queryAt + 1) : undefined;
  const safePath = scrubText(
    path.replace(tokenLike, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? redacted : run)),
  );
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${scrubText(pair.split('=')[0] ?? '').slice(0, 40)}=${redacted}`);
  return `${safePath}?${keys.join('&')}`;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    // A client address is personal data: only its network (IPv4 /24, IPv6 /48) is logged, enough
    // to see that traffic comes from one place, not whose device it was. No port.
    remoteNetwork: networkOf(request.ip),
  };
}

/** `203.0.113.57` → `203.0.113.0/24`; `2001:db8:1:2::5` → `2001:db8:1::/48`; anything else → `?`. */
export function networkOf(ip: string | undefined): string {
  if (!ip) return '?';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return '?';
  const [head = '', tail] = ip.split('::');
  const groups = head ? head.split(':') : [];
  if (tail !== undefined) while (groups.length < 3) groups.push('0');
  if (groups.length < 3) return '?';
  return `${groups
    .slice(0, 3)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/**
 * The Fastify logger options of the server. `stream` (tests) replaces stdout and the development
 * pretty-printer.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'nodeEnv'>,
  stream?: LogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: redacted },
    serializers: {
      // Pino passes whatever a call put under `err` (an Error, or e.g. `error.message`).
      err: serializeError as (err: FastifyError) => SerializedError,
      req: serializeRequest,
    },
    ...(stream
      ? { stream }
      : config.nodeEnv === 'development'
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
  };
}

/** Fastify's own request log lines, with the default 404 line's raw URL scrubbed too. */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${scrubUrl(request.url)} not found`);
  }
}
