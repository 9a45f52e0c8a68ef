import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { defaultBasePaths, isErrorCode, type ErrorCode } from '@carol/contracts';
import { languageFromRequest } from '@carol/i18n';
import { mlPlugin } from '@carol/ml';
import type { Database } from './db/index.js';
import { isUnstorableText } from './db/errors.js';
import type { Config } from './env.js';
import { AppError, presentError } from './lib/errors.js';
import type { EndpointDeps } from './lib/endpoint.js';
import { createOriginCheck } from './lib/origin-check.js';
import { registerUploads } from './lib/uploads.js';
import { inlineScriptHashesOf } from './lib/inline-scripts.js';
import { analyticsCspSources, withAnalyticsMeta } from './lib/analytics-config.js';
import { createSessionLoader, sessionCookieName } from './lib/session.js';
import { memoizePerRequest, registerApiRateLimit } from './lib/rate-limit.js';
import { storeSessionsInRedis } from './lib/session-store.js';
import { createConsoleKeyLoader } from './lib/console-auth.js';
import type { FeatureDeps } from './lib/feature-deps.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { loggerOptions, RedactingLogController, type LogStream } from './lib/logging.js';
import { createSms, type SmsSender } from './lib/sms.js';
import { registerBannerRoutes } from './features/banners/banners.routes.js';
import { registerHomeRoutes } from './features/home/home.routes.js';
import { registerAccountRoutes } from './features/account/account.routes.js';
import { registerConsentRoutes } from './features/consents/consents.routes.js';
import { registerEmailChangeRoutes } from './features/account/email-change.routes.js';
import { registerSupportRoutes } from './features/support/support.routes.js';
import { registerHealthRoutes } from './features/health/health.routes.js';
import {
  registerHairResourceListRoutes,
  registerRandomHairResourceRoutes,
} from './features/hair-resources/hair-resources.routes.js';
import { registerSearchRoutes } from './features/search/search.routes.js';
import { registerCoordRoutes } from './features/coord/coord.routes.js';
import { registerMapRoutes } from './features/map/map.routes.js';
import { registerShopRoutes } from './features/shops/shops.routes.js';
import { registerStylebookRoutes } from './features/stylebook/stylebook.routes.js';
import { registerFavoriteRoutes } from './features/favorites/favorites.routes.js';
import { registerDesignerRoutes } from './features/designers/designers.routes.js';
import { registerReviewRoutes } from './features/reviews/reviews.routes.js';
import { registerAuthRoutes } from './features/auth/auth.routes.js';
import {
  registerPhoneLoginRoutes,
  registerPhoneVerificationRoutes,
} from './features/phone/phone.routes.js';
import { registerOidcRoutes } from './features/oidc/oidc.routes.js';
import { registerQrConsoleRoutes, registerQrMemberRoutes } from './features/qr/qr.routes.js';
import { registerBookingRoutes } from './features/booking/booking.routes.js';
import { registerBookingHistoryRoutes } from './features/booking/booking-history.routes.js';
import { registerWaitlistRoutes } from './features/waitlist/waitlist.routes.js';
import { registerConsoleBookingRoutes } from './features/booking/console/console-booking.routes.js';
import { registerGalleryRoutes } from './features/gallery/gallery.routes.js';
import { registerConsoleRecordRoutes } from './features/console-records/console-records.routes.js';
import { registerMypageRoutes } from './features/mypage/mypage.routes.js';
import { registerRecordRoutes } from './features/records/records.routes.js';
import { registerSeoRoutes } from './features/seo/seo.routes.js';
import { registerResponseCompression } from './lib/web-delivery.js';
import { registerMediaRoutes } from './features/media/media.routes.js';
import {
  registerConsoleReminderRoutes,
  registerReminderRoutes,
} from './features/reminders/reminders.routes.js';
import { createLocalQueue } from './jobs/local-queue.js';
import type { JobQueue } from './jobs/queue.js';
import { createTasks } from './jobs/tasks.js';
import { queuedOutgoing } from './lib/outgoing.js';
import { sealKeyOf } from './lib/sealed-message.js';
import { createStorage, type MediaStorage } from './lib/storage.js';
import { registerReadYourWrites, type ReadRouter } from './lib/read-routing.js';

export interface AppDeps {
  config: Config;
  db: Database;
  /** Present when REDIS_URL is set: shared rate limits (and later sessions and codes). */
  redis?: Redis;
  /** Replaces the mailer chosen from the config (SMTP_URL or the dev outbox). */
  mailer?: Mailer;
  /** Replaces the SMS provider (default: the dev outbox, DATA_DIR/outbox/sms.jsonl). */
  sms?: SmsSender;
  /**
   * The job queue (ADR 042). Default: the in-process queue over `local_jobs`; main.ts passes
   * graphile-worker on PostgreSQL. Its worker starts when the app is ready and stops (finishing
   * the running job) when the app closes.
   */
  jobs?: JobQueue;
  /** False: jobs are stored but this app runs none (another process's worker does). */
  runJobs?: boolean;
  /** Readiness: /readyz answers 503 once `draining` is set (graceful shutdown, main.ts). */
  lifecycle?: { draining: boolean };
  /**
   * With DATABASE_READ_URL (main.ts): routes marked `reads: 'replica'` read through it, and a
   * client's reads stay on the primary a while after it changed something (ADR 047).
   */
  reads?: ReadRouter;
  /** Replaces the storage chosen from the config (MEDIA_DIR or the S3 bucket, ADR 041). */
  storage?: MediaStorage;
  /** Test hook: replaces the real logger settings. */
  logger?: boolean;
  /** Test hook: the real logger settings, writing here instead of stdout (the redaction test). */
  logStream?: LogStream;
}

const apiPrefixes = Object.values(defaultBasePaths);
const bodyLimit = 1024 * 1024;
const requestIdPattern = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole HTTP app. No I/O happens here: main.ts opens the database and listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    // Never query parameters, secrets, e-mail or phone in a log line (lib/logging.ts).
    logger: deps.logger === false ? false : loggerOptions(config, deps.logStream),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming)
        ? incoming
        : randomUUID();
    },
    logController: new RedactingLogController({ requestIdLogLabel: 'request_id' }),
    trustProxy: config.trustProxy,
    bodyLimit,
    requestTimeout: 30_000,
    // The ML plugin loads its models at start: on a busy 2-core machine (browser tests of three
    // worktrees at once) that took over Fastify's default 10 s and the server exited.
    pluginTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // API JSON and server-written pages above 1 KB, by Accept-Encoding (ADR 028).
  registerResponseCompression(app);

  // Sessions live in Redis when it is configured, else in the sessions table (lib/session-store.ts).
  if (deps.redis) storeSessionsInRedis(db, deps.redis);
  const loadMember = memoizePerRequest(
    createSessionLoader(db, sessionCookieName(config.cookieSecure)),
  );

  // CSRF (ADR 004): every state-changing request, whatever its path is spelled like, unless the
  // route the router matched is a console route (authenticated by key, not cookie). Decided on
  // the matched route, never on the raw URL (`/%61pi/…` used to skip the check).
  const checkOrigin = createOriginCheck(config.appOrigins);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.access === 'console') return;
    checkOrigin(request);
  });

  await app.register(cookie);
  await app.register(formbody);
  // Multipart: file parts only where the matched route's contract takes them, limits checked
  // before reading, the session before a member-only upload is read (lib/uploads.ts).
  await registerUploads(app, {
    bodyLimit,
    bufferBytes: config.uploadBufferBytes,
    loadMember,
  });
  const webIndex = join(config.webDistDir, 'index.html');
  const serveWeb = config.serveWeb && existsSync(webIndex);
  // index.html's boot fallback (an inline script) runs by its hash; no other inline script does.
  const indexHtml = serveWeb ? readFileSync(webIndex, 'utf8') : '';
  const inlineScripts = serveWeb ? inlineScriptHashesOf(indexHtml) : [];
  // With a measurement id the SPA fallback sends index.html with the analytics meta (ADR 030).
  const servedIndex =
    serveWeb && config.analytics ? withAnalyticsMeta(indexHtml, config.analytics) : null;
  const analyticsSrc = analyticsCspSources(config.analytics);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, ...analyticsSrc.scriptSrc],
        // Map tiles of the Find map come from MAP_TILE_URL's host.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...config.map.tileOrigins,
          ...analyticsSrc.imgSrc,
          ...config.privateDelivery.origins,
        ],
        // Styling-history videos; presigned private files come from the store (ADR 041).
        mediaSrc: ["'self'", ...config.privateDelivery.origins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        // The browser exchanges the sign-in code at the identity provider (OpenID Connect).
        connectSrc: ["'self'", ...config.oidc.connectOrigins, ...analyticsSrc.connectSrc],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        // Added per request below, only over HTTPS.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // HSTS and upgrade-insecure-requests only on answers that went out over HTTPS (the
  // connection's protocol, or X-Forwarded-Proto from a proxy with TRUST_PROXY): `npm start` on
  // plain http://localhost (COOKIE_SECURE defaults to true there, Secure cookies work on
  // localhost) sent both before.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && !csp.includes('upgrade-insecure-requests')) {
      reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Carol API',
        version: '0.1.0',
        description:
          'Main (/api), shop (/shop-api) and ML (/ml-api) bases. Every call is POST with form-data (urlencoded and JSON accepted) and carries server and country_code (kr | jp).',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${defaultBasePaths.main}/docs` });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    const language = requestLanguage(request);
    if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, err: error.message }, 'request refused');
    if (appError.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(appError.retryAfterSeconds));
    }
    return reply.status(appError.statusCode).send(presentError(appError, language, request.id));
  });

  const endpoints: EndpointDeps = {
    basePaths: defaultBasePaths,
    handlerTimeoutMs: config.handlerTimeoutMs,
    loadMember,
    // Memoized: the route's onRequest check and the handler ask once between them.
    loadConsoleShop: memoizePerRequest(createConsoleKeyLoader(db)),
    ...(deps.reads ? { reads: deps.reads } : {}),
  };
  if (deps.reads) registerReadYourWrites(app, deps.reads);
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const sms = deps.sms ?? createSms(config, app.log);
  const jobs = deps.jobs ?? createLocalQueue(db);
  const storage = deps.storage ?? createStorage(config.storage);
  const sealKey = sealKeyOf(config.codeHashSecret);
  const outgoing = queuedOutgoing(jobs, sealKey);
  const featureDeps: FeatureDeps = { db, config, endpoints, mailer, sms, jobs, outgoing, storage };
  if (deps.runJobs !== false) {
    const tasks = createTasks({ db, mailer, sms, sealKey, config, log: app.log, storage });
    app.addHook('onReady', async () => {
      await jobs.start(tasks, app.log);
    });
  }
  // After the server stopped taking requests and the running ones answered (Fastify's close).
  app.addHook('onClose', async () => {
    await jobs.stop();
    app.log.info({ queue: jobs.kind }, 'job worker stopped');
  });

  registerHealthRoutes(app, { db, redis: deps.redis, lifecycle: deps.lifecycle });
  // The API scope: the only routes the request limits apply to (lib/rate-limit.ts, ADR 023).
  // Static files, fonts, public images, /media/ and the SPA fallback live outside it.
  await app.register(async (api) => {
    await registerApiRateLimit(api, {
      anonymousPerMinute: config.rateLimitPerMinute,
      memberPerMinute: config.rateLimitMemberPerMinute,
      loadMember,
      ...(deps.redis ? { redis: deps.redis } : {}),
    });
    if (config.serviceBases.includes('main')) {
      registerBannerRoutes(api, featureDeps);
      registerHomeRoutes(api, featureDeps);
      registerAccountRoutes(api, featureDeps);
      registerEmailChangeRoutes(api, featureDeps);
      registerSupportRoutes(api, featureDeps);
      registerSearchRoutes(api, featureDeps);
      registerCoordRoutes(api, featureDeps);
      registerMapRoutes(api, featureDeps);
      registerShopRoutes(api, featureDeps);
      registerStylebookRoutes(api, featureDeps);
      registerFavoriteRoutes(api, featureDeps);
      registerDesignerRoutes(api, featureDeps);
      registerMypageRoutes(api, featureDeps);
      registerRecordRoutes(api, featureDeps);
      registerReviewRoutes(api, featureDeps);
      registerAuthRoutes(api, featureDeps);
      registerPhoneLoginRoutes(api, featureDeps);
      registerOidcRoutes(api, featureDeps);
      registerConsentRoutes(api, featureDeps);
      registerQrMemberRoutes(api, featureDeps);
      registerHairResourceListRoutes(api, featureDeps);
      registerReminderRoutes(api, featureDeps);
    }
    if (config.serviceBases.includes('shop')) {
      registerRandomHairResourceRoutes(api, featureDeps);
      registerPhoneVerificationRoutes(api, featureDeps);
      registerQrConsoleRoutes(api, featureDeps);
      registerBookingRoutes(api, featureDeps);
      registerBookingHistoryRoutes(api, featureDeps);
      registerWaitlistRoutes(api, featureDeps);
      registerConsoleBookingRoutes(api, featureDeps);
      registerGalleryRoutes(api, featureDeps);
      registerConsoleRecordRoutes(api, featureDeps);
      registerConsoleReminderRoutes(api, featureDeps);
    }
    if (config.serviceBases.includes('ml')) {
      // Not awaited: the model preload then runs on its own plugin timer, not this scope's.
      void api.register(mlPlugin, { prefix: defaultBasePaths.ml, ...config.ml });
    }
  });

  // Outside the API scope: never counted (ADR 023). Cache headers per folder, ?w= variants and
  // the owner check on gallery photos: features/media (ADR 031).
  registerMediaRoutes(app, {
    db,
    storage,
    privateDelivery: config.privateDelivery,
    mediaDir: config.mediaDir,
    mediaCacheDir: config.mediaCacheDir,
    loadMember,
    loadConsoleShop: createConsoleKeyLoader(db),
  });
  if (serveWeb) {
    const hashedAssets = join(config.webDistDir, 'assets') + sep;
    const alwaysRevalidated = /(?:\.html|[\\/]sw\.js|[\\/]workbox-[^\\/]+\.js|\.webmanifest)$/;
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file (ADR 028): picked by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, sentPath) {
        // Vite fingerprints everything under assets/ (scripts, styles, fonts, images): cached
        // for a year. index.html, the service worker (sw.js and its workbox-*.js) and the web
        // app manifest are always revalidated, or a new version would wait a day (ADR 029); the
        // few other unhashed public files (favicon, icons) for a day. A precompressed copy is
        // cached as the file it stands for.
        const path = sentPath.replace(/\.(?:br|gz)$/, '');
        reply.header(
          'cache-control',
          path.startsWith(hashedAssets)
            ? 'public, max-age=31536000, immutable'
            : alwaysRevalidated.test(path)
              ? 'no-cache'
              : 'public, max-age=86400',
        );
      },
    });
    // Link-preview pages are the same index.html (with the analytics meta when configured).
    registerSeoRoutes(app, { db, config, indexHtml: servedIndex ?? indexHtml });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      apiPrefixes.some((p) => request.url.startsWith(p)) || request.url.startsWith('/media/');
    // A missing hashed file (a chunk of an older build) is a 404, not the app's HTML: the
    // page's import fails at once and the error screen offers a reload.
    const isAsset = request.url.startsWith('/assets/');
    if (serveWeb && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache').type('text/html');
      return servedIndex !== null
        ? reply.send(servedIndex)
        : reply.sendFile('index.html', config.webDistDir);
    }
    const error = new AppError('NOT_FOUND');
    return reply.status(404).send(presentError(error, requestLanguage(request), request.id));
  });

  return app;
}

function requestLanguage(request: FastifyRequest) {
  const body = request.body as { server?: unknown } | undefined;
  const server = body?.server === 'jp' || body?.server === 'kr' ? body.server : undefined;
  return languageFromRequest(request.headers['accept-language'], server);
}

export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '(body)';
      const code: ErrorCode = isErrorCode(issue.message)
        ? issue.message
        : field === 'server' || field === 'country_code'
          ? 'INVALID_SERVER'
          : 'VALIDATION_FAILED';
      return { field, code };
    });
    const specific = fields.find((f) => f.code !== 'VALIDATION_FAILED');
    return new AppError(specific?.code ?? 'VALIDATION_FAILED', { fields, cause: error });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION_FAILED', { cause: error });
  }
  if (error.statusCode === 400) return new AppError('VALIDATION_FAILED', { cause: error });
  // Text the database cannot store (NUL, broken escapes) is bad input on every route, raw ones
  // too, never a 500; the contracts' text rule refuses it before a handler runs.
  if (isUnstorableText(error)) return new AppError('INVALID_CHARACTERS', { cause: error });
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', { cause: error });
  return new AppError('INTERNAL', { cause: error });
}
