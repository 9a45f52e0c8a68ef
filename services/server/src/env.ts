import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { serviceBases } from '@carol/contracts';
import { findRepoRoot } from './lib/paths.js';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const commaList = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * The only reader of process.env (docs/architecture.md). Every variable is documented in
 * .env.example; a bad value fails fast with one clear line per problem.
 */
/**
 * API request limits per minute (ADR 023 has the measurements behind them). Static files never
 * count. Signed out: per client address, sized for a salon's or an office's people browsing
 * behind one address. Signed in: per member, wherever they are (never less than signed out).
 */
export const RATE_LIMIT_DEFAULT = 1200;
export const RATE_LIMIT_MEMBER_DEFAULT = 1200;

/** A Google tag measurement id (GA4): `G-` and 4–16 capitals or digits. */
export const ANALYTICS_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().default('data'),
  MEDIA_DIR: z.string().optional(),
  MEDIA_CACHE_DIR: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .optional(),
  SERVICE_BASES: commaList.pipe(z.array(z.enum(serviceBases)).min(1)).default([...serviceBases]),
  APP_ORIGINS: commaList.pipe(z.array(z.url())).optional(),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  SERVE_WEB: booleanString.default(true),
  SEED_ON_START: booleanString.default(true),
  COOKIE_SECURE: booleanString.default(true),
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
  // API requests per minute (ADR 023): per client address when signed out, per member when signed in.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(RATE_LIMIT_DEFAULT),
  RATE_LIMIT_MEMBER_PER_MINUTE: z.coerce.number().int().min(1).default(RATE_LIMIT_MEMBER_DEFAULT),
  // ML service (services/ml): inference worker threads, queue, time limit, model preloading
  ML_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  ML_QUEUE: z.coerce.number().int().min(0).max(200).optional(),
  ML_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  ML_PRELOAD: booleanString.optional(),
  TRUST_PROXY: booleanString.default(false),
  // MiB of upload bodies (multipart with files) read and held at once; an upload beyond it gets
  // 503 UPLOADS_BUSY (issue 26). One upload always fits when none is running.
  UPLOAD_BUFFER_MB: z.coerce.number().min(1).max(4096).default(64),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Carol <no-reply@carol.local>'),
  APP_BASE_URL: z.url().optional(),
  /** OpenID Connect (Google / Apple sign-in). Unset issuer: external sign-in is off. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(200).default('carol-web'),
  /** Expected `aud` of id tokens; default the client id. */
  OIDC_AUDIENCE: z.string().min(1).max(200).optional(),
  /** Which buttons the web shows. */
  OIDC_PROVIDERS: commaList.pipe(z.array(z.enum(['google', 'apple']))).default(['google', 'apple']),
  /** Extra origins the browser may call for the token exchange (CSP connect-src). */
  OIDC_CONNECT_ORIGINS: commaList.pipe(z.array(z.url())).optional(),
  /** Where the dev SMS outbox (sms.jsonl) is written; default DATA_DIR/outbox. */
  SMS_OUTBOX_DIR: z.string().optional(),
  /** HMAC key for SMS codes at rest; set the same value on every instance (32+ characters). */
  CODE_HASH_SECRET: z
    .string()
    .min(32, 'CODE_HASH_SECRET must be at least 32 characters')
    .optional(),
  /** Map tiles for the Find map (Leaflet URL template); `none` hides the tile layer. */
  MAP_TILE_URL: z
    .string()
    .regex(
      /^(none|https?:\/\/[^\s]+|\/[^\s]*)$/,
      'MAP_TILE_URL must be an http(s) URL template, a path on this site, or none',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default('© OpenStreetMap contributors'),
  MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
  /** Usage statistics (ADR 030). Unset: no tag is loaded and the CSP allows no tag manager. */
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .regex(ANALYTICS_ID_PATTERN, 'ANALYTICS_MEASUREMENT_ID must look like G-XXXXXXXXXX')
    .optional(),
  /** Where `/gtag/js?id=…` is loaded from (CSP script-src). */
  ANALYTICS_SCRIPT_ORIGIN: z.url().default('https://www.googletagmanager.com'),
  /** Where the tag sends its hits (CSP connect-src and img-src). */
  ANALYTICS_CONNECT_ORIGINS: commaList
    .pipe(z.array(z.url()).min(1))
    .default(['https://www.google-analytics.com', 'https://region1.google-analytics.com']),
});

export type EnvInput = z.input<typeof EnvSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  /** Resized copies of `/media/` images (ADR 031); safe to delete at any time. */
  mediaCacheDir: string;
  redisUrl: string | undefined;
  serviceBases: ReadonlyArray<(typeof serviceBases)[number]>;
  appOrigins: string[];
  webDistDir: string;
  serveWeb: boolean;
  seedOnStart: boolean;
  cookieSecure: boolean;
  handlerTimeoutMs: number;
  /** API requests per minute from one client address without a member session. */
  rateLimitPerMinute: number;
  /** API requests per minute of one signed-in member (any address). */
  rateLimitMemberPerMinute: number;
  /** Options of the in-process ML service (services/ml mlPlugin). */
  ml: { poolSize?: number; maxQueue?: number; taskTimeoutMs: number; preload: boolean };
  trustProxy: boolean;
  /** Bytes of upload bodies (multipart with files) read and held at once (lib/uploads.ts). */
  uploadBufferBytes: number;
  /** Unset: mails go to the dev outbox (DATA_DIR/outbox) instead of an SMTP server. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin used to build links in mails (no trailing slash). */
  appBaseUrl: string;
  /**
   * The site's public origin for absolute URLs in link previews, robots.txt and the sitemap
   * (ADR 028): APP_BASE_URL, else the first of APP_ORIGINS; undefined: the request's own host.
   */
  publicOrigin: string | undefined;
  outboxDir: string;
  /** OpenID Connect: `issuer` undefined means the external sign-in is off. */
  oidc: {
    issuer: string | undefined;
    clientId: string;
    audience: string;
    providers: Array<'google' | 'apple'>;
    /** Origins the browser talks to during sign-in (issuer + OIDC_CONNECT_ORIGINS), for the CSP. */
    connectOrigins: string[];
  };
  /** The dev SMS provider appends one JSON line per message to `<smsOutboxDir>/sms.jsonl`. */
  smsOutboxDir: string;
  /** Unset: a random key per process (codes then only verify on the instance that sent them). */
  codeHashSecret: string | undefined;
  /** Find map tiles: `tileUrl` '' means no tile layer; `tileOrigins` go into the CSP img-src. */
  map: { tileUrl: string; attribution: string; maxZoom: number; tileOrigins: string[] };
  /** Usage statistics (ADR 030); null when ANALYTICS_MEASUREMENT_ID is unset. */
  analytics: AnalyticsConfig | null;
}

export interface AnalyticsConfig {
  measurementId: string;
  /** Origin of the tag script (`${scriptOrigin}/gtag/js?id=…`). */
  scriptOrigin: string;
  /** Origins the tag sends its hits to. */
  connectOrigins: string[];
}

/** The origin of a tile URL template for the CSP (`{s}.tile.example` → `*.tile.example`). */
export function tileOriginOf(template: string): string[] {
  const match = /^(https?):\/\/([^/?#]+)/.exec(template);
  if (!match) return [];
  return [`${match[1]}://${match[2]!.replace(/\{s\}/g, '*')}`];
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  const env = parsed.data;
  const root = findRepoRoot();
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p));
  const dataDir = abs(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    mediaDir: env.MEDIA_DIR ? abs(env.MEDIA_DIR) : join(dataDir, 'media'),
    mediaCacheDir: env.MEDIA_CACHE_DIR ? abs(env.MEDIA_CACHE_DIR) : join(dataDir, 'media-cache'),
    redisUrl: env.REDIS_URL,
    serviceBases: env.SERVICE_BASES,
    appOrigins: env.APP_ORIGINS ?? [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
    webDistDir: abs(env.WEB_DIST_DIR),
    serveWeb: env.SERVE_WEB,
    seedOnStart: env.SEED_ON_START,
    cookieSecure: env.COOKIE_SECURE,
    handlerTimeoutMs: env.HANDLER_TIMEOUT_MS,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitMemberPerMinute: env.RATE_LIMIT_MEMBER_PER_MINUTE,
    ml: {
      ...(env.ML_WORKERS ? { poolSize: env.ML_WORKERS } : {}),
      ...(env.ML_QUEUE !== undefined ? { maxQueue: env.ML_QUEUE } : {}),
      taskTimeoutMs: env.ML_TIMEOUT_MS,
      // Load the models at start in production; elsewhere on the first ML call.
      preload: env.ML_PRELOAD ?? env.NODE_ENV === 'production',
    },
    trustProxy: env.TRUST_PROXY,
    uploadBufferBytes: Math.round(env.UPLOAD_BUFFER_MB * 1024 * 1024),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    appBaseUrl: (env.APP_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    publicOrigin: (env.APP_BASE_URL ?? env.APP_ORIGINS?.[0])?.replace(/\/+$/, ''),
    outboxDir: join(dataDir, 'outbox'),
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE ?? env.OIDC_CLIENT_ID,
      providers: env.OIDC_PROVIDERS,
      connectOrigins: env.OIDC_ISSUER
        ? [
            ...new Set([
              new URL(env.OIDC_ISSUER).origin,
              ...(env.OIDC_CONNECT_ORIGINS ?? []).map((o) => new URL(o).origin),
            ]),
          ]
        : [],
    },
    smsOutboxDir: env.SMS_OUTBOX_DIR ? abs(env.SMS_OUTBOX_DIR) : join(dataDir, 'outbox'),
    codeHashSecret: env.CODE_HASH_SECRET,
    map: {
      tileUrl: env.MAP_TILE_URL === 'none' ? '' : env.MAP_TILE_URL,
      attribution: env.MAP_TILE_ATTRIBUTION,
      maxZoom: env.MAP_TILE_MAX_ZOOM,
      tileOrigins: env.MAP_TILE_URL === 'none' ? [] : tileOriginOf(env.MAP_TILE_URL),
    },
    analytics: env.ANALYTICS_MEASUREMENT_ID
      ? {
          measurementId: env.ANALYTICS_MEASUREMENT_ID,
          scriptOrigin: new URL(env.ANALYTICS_SCRIPT_ORIGIN).origin,
          connectOrigins: [...new Set(env.ANALYTICS_CONNECT_ORIGINS.map((o) => new URL(o).origin))],
        }
      : null,
  };
}
