import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { serviceBases } from '@carol/contracts';
import { findRepoRoot } from './lib/paths.js';
import type { StorageConfig } from './lib/storage.js';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Id token signature algorithms an issuer may be configured with (`none` is not one). */
const oidcAlgorithmValues = ['RS256', 'ES256', 'HS256'] as const;
export type OidcAlgorithm = (typeof oidcAlgorithmValues)[number];

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
  // Read replica (ADR 047): public reads go there while it is at most DATABASE_READ_MAX_LAG_MS
  // behind; a client that changed something reads from the primary for DATABASE_READ_STICKY_MS.
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DATABASE_READ_STICKY_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  // false: this instance never migrates; run `npm run db:migrate` first (deploy order, ADR 047).
  MIGRATE_ON_START: booleanString.default(true),
  DATA_DIR: z.string().default('data'),
  MEDIA_DIR: z.string().optional(),
  MEDIA_CACHE_DIR: z.string().optional(),
  // Where stored files live (ADR 041): `local` (MEDIA_DIR) or an S3-compatible bucket.
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a valid bucket name')
    .optional(),
  S3_REGION: z.string().min(1).max(50).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9_-]+\/)*$/, 'S3_KEY_PREFIX must be empty or end with /')
    .default(''),
  // Private files: streamed by the app after the owner check, or a redirect to a presigned URL.
  MEDIA_PRIVATE_DELIVERY: z.enum(['stream', 'presign']).default('stream'),
  MEDIA_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
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
  // SIGTERM: how long /readyz answers 503 before the server stops taking connections (ADR 042).
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  // The purge's schedule on PostgreSQL (graphile-worker crontab fields; once per tick, ADR 042).
  PURGE_SCHEDULE: z
    .string()
    .trim()
    .regex(/^[0-9*,/-]+( +[0-9*,/-]+){4}$/, 'PURGE_SCHEDULE must be five cron fields')
    .default('0 * * * *'),
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
  // 503 UPLOADS_BUSY. One upload always fits when none is running.
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
  /**
   * LINE and Kakao: issuers of their own beside the broker. A provider is on when its client id
   * is set and OIDC_<P>_ENABLED is not false. OIDC_<P>_CLIENT_SECRET (LINE's channel secret,
   * Kakao's client secret) makes the server exchange the code (ADR 060) and serves HS256 (LINE's
   * web login signs with it); it never leaves the server and is never logged.
   */
  OIDC_LINE_ENABLED: booleanString.default(true),
  OIDC_LINE_ISSUER: z.url().default('https://access.line.me'),
  OIDC_LINE_CLIENT_ID: z.string().min(1).max(200).optional(),
  OIDC_LINE_AUDIENCE: z.string().min(1).max(200).optional(),
  OIDC_LINE_ALGORITHMS: commaList.pipe(z.array(z.enum(oidcAlgorithmValues)).min(1)).optional(),
  OIDC_LINE_CLIENT_SECRET: z.string().min(16).max(200).optional(),
  OIDC_KAKAO_ENABLED: booleanString.default(true),
  OIDC_KAKAO_ISSUER: z.url().default('https://kauth.kakao.com'),
  OIDC_KAKAO_CLIENT_ID: z.string().min(1).max(200).optional(),
  OIDC_KAKAO_AUDIENCE: z.string().min(1).max(200).optional(),
  OIDC_KAKAO_ALGORITHMS: commaList.pipe(z.array(z.enum(oidcAlgorithmValues)).min(1)).optional(),
  OIDC_KAKAO_CLIENT_SECRET: z.string().min(16).max(200).optional(),
  /** Where the dev SMS outbox (sms.jsonl) is written; default DATA_DIR/outbox. */
  SMS_OUTBOX_DIR: z.string().optional(),
  /** HMAC key for SMS codes at rest; set the same value on every instance (32+ characters). */
  CODE_HASH_SECRET: z
    .string()
    .min(32, 'CODE_HASH_SECRET must be at least 32 characters')
    .optional(),
  /**
   * HMAC key of the one-tap links in booking reminders (ADR 050); the same value on every
   * instance (32+ characters). Unset: a random key per process (links stop working on restart).
   */
  REMINDER_LINK_SECRET: z
    .string()
    .min(32, 'REMINDER_LINK_SECRET must be at least 32 characters')
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

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL and its bounds (ADR 047); null: every query goes to the primary. */
  readReplica: { url: string; maxLagMs: number; stickyMs: number } | null;
  /** Apply pending migrations at start (under an advisory lock: one migrator at a time). */
  migrateOnStart: boolean;
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  /** Resized copies of `/media/` images (ADR 031); safe to delete at any time. */
  mediaCacheDir: string;
  /** Where stored files live: MEDIA_DIR or an S3-compatible bucket (ADR 041). */
  storage: StorageConfig;
  /**
   * How an owner gets a private file: streamed by the app, or redirected to a URL presigned
   * for `presignSeconds` (S3 only); `origins` are added to the CSP img-src and media-src.
   */
  privateDelivery: { mode: 'stream' | 'presign'; presignSeconds: number; origins: string[] };
  redisUrl: string | undefined;
  serviceBases: ReadonlyArray<(typeof serviceBases)[number]>;
  appOrigins: string[];
  webDistDir: string;
  serveWeb: boolean;
  seedOnStart: boolean;
  cookieSecure: boolean;
  handlerTimeoutMs: number;
  /** On SIGTERM, readiness is false this long before the listener closes (balancer catch-up). */
  shutdownDelayMs: number;
  /** Cron fields of the purge on PostgreSQL (the queue's crontab, once per tick across instances). */
  purgeSchedule: string;
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
    /** LINE and Kakao, each an issuer of its own; only the enabled ones (with a client id). */
    own: OidcProviderConfig[];
    /** Origins the browser talks to during sign-in (issuers + OIDC_CONNECT_ORIGINS), for the CSP. */
    connectOrigins: string[];
  };
  /** The dev SMS provider appends one JSON line per message to `<smsOutboxDir>/sms.jsonl`. */
  smsOutboxDir: string;
  /** Unset: a random key per process (codes then only verify on the instance that sent them). */
  codeHashSecret: string | undefined;
  /** Unset: a random key per process (reminder links then only open until a restart). */
  reminderLinkSecret: string | undefined;
  /** Find map tiles: `tileUrl` '' means no tile layer; `tileOrigins` go into the CSP img-src. */
  map: { tileUrl: string; attribution: string; maxZoom: number; tileOrigins: string[] };
  /** Usage statistics (ADR 030); null when ANALYTICS_MEASUREMENT_ID is unset. */
  analytics: AnalyticsConfig | null;
}

export interface OidcProviderConfig {
  provider: 'line' | 'kakao';
  issuer: string;
  clientId: string;
  audience: string;
  /** The signature algorithms accepted for this issuer's id tokens (never `none`). */
  algorithms: OidcAlgorithm[];
  /**
   * LINE's channel secret / Kakao's client secret: sent to the token endpoint by the server
   * (never to the browser) and, when `algorithms` has HS256, the id tokens' HMAC key.
   */
  clientSecret: string | undefined;
  /** `server` when a secret is set: the code is exchanged by oidc/exchange (ADR 060). */
  exchange: 'browser' | 'server';
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

/** Rules across the storage variables (ADR 041), one line each. */
function storageEnvProblems(env: z.output<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.MEDIA_STORAGE === 's3' && !env.S3_BUCKET) {
    problems.push('S3_BUCKET: required when MEDIA_STORAGE=s3');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
  }
  if (env.MEDIA_PRIVATE_DELIVERY === 'presign' && env.MEDIA_STORAGE !== 's3') {
    problems.push('MEDIA_PRIVATE_DELIVERY: presign needs MEDIA_STORAGE=s3');
  }
  return problems;
}

/**
 * LINE and Kakao, each enabled by its client id (and OIDC_<P>_ENABLED not false). Default
 * algorithms are the ones each publishes: LINE ES256 (JWKS), plus HS256 when the channel
 * secret is set (LINE's web login signs with it); Kakao RS256.
 */
function ownOidcProviders(env: z.output<typeof EnvSchema>): {
  providers: OidcProviderConfig[];
  problems: string[];
} {
  const problems: string[] = [];
  const providers: OidcProviderConfig[] = [];
  const entries = [
    {
      provider: 'line' as const,
      name: 'LINE',
      enabled: env.OIDC_LINE_ENABLED,
      issuer: env.OIDC_LINE_ISSUER,
      clientId: env.OIDC_LINE_CLIENT_ID,
      audience: env.OIDC_LINE_AUDIENCE,
      algorithms: env.OIDC_LINE_ALGORITHMS,
      secret: env.OIDC_LINE_CLIENT_SECRET,
      defaults: env.OIDC_LINE_CLIENT_SECRET ? ['ES256', 'HS256'] : ['ES256'],
    },
    {
      provider: 'kakao' as const,
      name: 'KAKAO',
      enabled: env.OIDC_KAKAO_ENABLED,
      issuer: env.OIDC_KAKAO_ISSUER,
      clientId: env.OIDC_KAKAO_CLIENT_ID,
      audience: env.OIDC_KAKAO_AUDIENCE,
      algorithms: env.OIDC_KAKAO_ALGORITHMS,
      secret: env.OIDC_KAKAO_CLIENT_SECRET,
      defaults: ['RS256'],
    },
  ];
  for (const entry of entries) {
    if (!entry.enabled || !entry.clientId) continue;
    const algorithms = [...new Set(entry.algorithms ?? entry.defaults)] as OidcAlgorithm[];
    const symmetric = algorithms.includes('HS256');
    if (symmetric && !entry.secret) {
      problems.push(`OIDC_${entry.name}_CLIENT_SECRET: required when HS256 is allowed`);
    }
    providers.push({
      provider: entry.provider,
      issuer: entry.issuer,
      clientId: entry.clientId,
      audience: entry.audience ?? entry.clientId,
      algorithms,
      clientSecret: entry.secret,
      exchange: entry.secret ? 'server' : 'browser',
    });
  }
  return { providers, problems };
}

/**
 * The origins the browser calls for one provider: its issuer (discovery) and, when the browser
 * exchanges the code with the real LINE, LINE's API host (token endpoint). With the server-side
 * exchange (ADR 060) the token endpoint is the server's business, not the page's.
 */
function connectOriginsOf(provider: OidcProviderConfig): string[] {
  const origin = new URL(provider.issuer).origin;
  return origin === 'https://access.line.me' && provider.exchange === 'browser'
    ? [origin, 'https://api.line.me']
    : [origin];
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
  const { providers: ownProviders, problems: oidcProblems } = ownOidcProviders(env);
  const ruleProblems = [...storageEnvProblems(env), ...oidcProblems];
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    ruleProblems.push('DATABASE_READ_URL: needs DATABASE_URL (a replica of that primary)');
  }
  if (ruleProblems.length > 0) {
    throw new Error(
      `Invalid environment configuration:\n${ruleProblems.map((p) => `  ${p}`).join('\n')}\nSee .env.example.`,
    );
  }
  const root = findRepoRoot();
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(root, p));
  const dataDir = abs(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    readReplica: env.DATABASE_READ_URL
      ? {
          url: env.DATABASE_READ_URL,
          maxLagMs: env.DATABASE_READ_MAX_LAG_MS,
          stickyMs: env.DATABASE_READ_STICKY_MS,
        }
      : null,
    migrateOnStart: env.MIGRATE_ON_START,
    dataDir,
    pgliteDir: join(dataDir, 'pglite'),
    mediaDir: env.MEDIA_DIR ? abs(env.MEDIA_DIR) : join(dataDir, 'media'),
    mediaCacheDir: env.MEDIA_CACHE_DIR ? abs(env.MEDIA_CACHE_DIR) : join(dataDir, 'media-cache'),
    storage:
      env.MEDIA_STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            prefix: env.S3_KEY_PREFIX,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { kind: 'local', dir: env.MEDIA_DIR ? abs(env.MEDIA_DIR) : join(dataDir, 'media') },
    privateDelivery: {
      mode: env.MEDIA_PRIVATE_DELIVERY,
      presignSeconds: env.MEDIA_PRESIGN_SECONDS,
      origins:
        env.MEDIA_PRIVATE_DELIVERY === 'presign'
          ? [
              env.S3_ENDPOINT
                ? new URL(env.S3_ENDPOINT).origin
                : `https://*.s3.${env.S3_REGION}.amazonaws.com`,
            ]
          : [],
    },
    redisUrl: env.REDIS_URL,
    serviceBases: env.SERVICE_BASES,
    appOrigins: env.APP_ORIGINS ?? [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`],
    webDistDir: abs(env.WEB_DIST_DIR),
    serveWeb: env.SERVE_WEB,
    seedOnStart: env.SEED_ON_START,
    cookieSecure: env.COOKIE_SECURE,
    handlerTimeoutMs: env.HANDLER_TIMEOUT_MS,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    purgeSchedule: env.PURGE_SCHEDULE,
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
      own: ownProviders,
      connectOrigins:
        env.OIDC_ISSUER || ownProviders.length > 0
          ? [
              ...new Set([
                ...(env.OIDC_ISSUER ? [new URL(env.OIDC_ISSUER).origin] : []),
                ...ownProviders.flatMap((p) => connectOriginsOf(p)),
                ...(env.OIDC_CONNECT_ORIGINS ?? []).map((o) => new URL(o).origin),
              ]),
            ]
          : [],
    },
    smsOutboxDir: env.SMS_OUTBOX_DIR ? abs(env.SMS_OUTBOX_DIR) : join(dataDir, 'outbox'),
    codeHashSecret: env.CODE_HASH_SECRET,
    reminderLinkSecret: env.REMINDER_LINK_SECRET,
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
