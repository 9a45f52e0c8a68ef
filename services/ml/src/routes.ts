import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CommonRequestSchema,
  isErrorCode,
  predictBald,
  predictFaceLandmark,
  predictHairColor,
  predictHairMask,
  successMarker,
  type EndpointContract,
  type ErrorCode,
  type ErrorResponse,
  type Language,
} from '@carol/contracts';
import { errorMessage, languageFromRequest } from '@carol/i18n';
import { MlError } from './errors.js';
import type { PhotoLimits } from './image/decode.js';
import type { MlJobs } from './pool/jobs.js';
import type { WorkerPool } from './pool/pool.js';

/**
 * The ML endpoints: POST, multipart form-data with the photo as a file part, validated by the
 * contract (plus `server`/`country_code`), inference on the worker pool, errors in the
 * product's envelope (resCode + localized resMessage).
 */

export interface MlRouteDeps {
  /** Created on first use (models load in the workers then). */
  pool(): WorkerPool<MlJobs>;
  limits: PhotoLimits;
  /** Per-client limit of ML calls per minute (when @fastify/rate-limit is registered). */
  rateLimitPerMinute: number;
}

function languageOf(request: FastifyRequest): Language {
  const body = request.body as { server?: unknown } | undefined;
  const server = body?.server === 'jp' || body?.server === 'kr' ? body.server : undefined;
  return languageFromRequest(request.headers['accept-language'], server);
}

function toMlError(error: FastifyError | MlError): MlError {
  if (error instanceof MlError) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new MlError('PHOTO_TOO_LARGE', error.code, { cause: error });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new MlError('PAYLOAD_TOO_LARGE', error.code, { cause: error });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new MlError('UNSUPPORTED_MEDIA_TYPE', error.code, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new MlError('VALIDATION_FAILED', error.code, { cause: error });
  }
  // The host app's own errors (Origin check, rate limit) already carry a product code.
  if (isErrorCode(error.code)) return new MlError(error.code, undefined, { cause: error });
  if (error.statusCode === 429) return new MlError('RATE_LIMITED', undefined, { cause: error });
  if (error.statusCode === 400) return new MlError('VALIDATION_FAILED', error.message);
  return new MlError('INTERNAL', error.message, { cause: error });
}

export function presentMlError(
  error: MlError,
  language: Language,
  requestId: string,
  fields?: Array<{ field: string; code: ErrorCode }>,
): ErrorResponse {
  const body: ErrorResponse = {
    result: 'fail',
    success: false,
    resCode: error.code,
    resMessage: errorMessage(error.code, language),
    request_id: requestId,
  };
  if (fields?.length)
    body.fields = fields.map((f) => ({
      field: f.field,
      resMessage: errorMessage(f.code, language),
    }));
  return body;
}

class MlValidationError extends MlError {
  constructor(readonly fields: Array<{ field: string; code: ErrorCode }>) {
    const specific = fields.find((f) => f.code !== 'VALIDATION_FAILED');
    super(specific?.code ?? 'VALIDATION_FAILED', fields.map((f) => f.field).join(','));
  }
}

/** Parses the body against the contract; form-data values are strings and Buffers. */
function parseInput<C extends EndpointContract>(
  contract: C,
  request: FastifyRequest,
): z.output<C['request']> & z.output<typeof CommonRequestSchema> {
  // Photos come only as multipart form-data.
  if (!request.isMultipart())
    throw new MlError('UNSUPPORTED_MEDIA_TYPE', 'not multipart/form-data');
  const schema = CommonRequestSchema.extend(contract.request.shape);
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success)
    return parsed.data as z.output<C['request']> & z.output<typeof CommonRequestSchema>;
  const fields = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '(body)');
    const code: ErrorCode =
      field === 'server' || field === 'country_code'
        ? 'INVALID_SERVER'
        : isErrorCode(issue.message)
          ? issue.message
          : 'VALIDATION_FAILED';
    return { field, code };
  });
  throw new MlValidationError(fields);
}

/** The upload as bytes the worker can own (a copy: the request's Buffer may be pooled). */
function photoBytes(photo: Blob | Uint8Array): Uint8Array {
  if (!(photo instanceof Uint8Array))
    throw new MlValidationError([{ field: 'photo', code: 'VALIDATION_FAILED' }]);
  return new Uint8Array(photo);
}

/** The steps' durations as a Server-Timing header value. */
function serverTiming(result: { timings: Record<string, number> }): string {
  return Object.entries(result.timings)
    .map(([name, ms]) => `${name};dur=${ms}`)
    .join(', ');
}

/** An image answer (the blob endpoints): its size and the steps' timings in headers. */
function sendImage(
  reply: FastifyReply,
  result: { width: number; height: number; timings: Record<string, number> },
  type: string,
  bytes: Uint8Array,
) {
  return reply
    .header('cache-control', 'no-store')
    .header('x-image-width', String(result.width))
    .header('x-image-height', String(result.height))
    .header('server-timing', serverTiming(result))
    .type(type)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export function registerMlRoutes(app: FastifyInstance, deps: MlRouteDeps): void {
  app.setErrorHandler((error: FastifyError | MlError, request, reply) => {
    const mlError = toMlError(error);
    const fields = mlError instanceof MlValidationError ? mlError.fields : undefined;
    if (mlError.statusCode >= 500 && mlError.code !== 'SIMULATION_BUSY')
      request.log.error({ err: error, code: mlError.code }, 'ml request failed');
    else request.log.info({ code: mlError.code, detail: mlError.detail }, 'ml request refused');
    return reply
      .status(mlError.statusCode)
      .header('cache-control', 'no-store')
      .send(presentMlError(mlError, languageOf(request), request.id, fields));
  });

  const routeConfig = {
    rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute' },
    // Standalone (src/main.ts): its own multipart plugin reads by these limits.
    multipartOptions: { limits: { fileSize: deps.limits.maxBytes, files: 1, fields: 10 } },
    // Mounted in the server: its upload mechanism (services/server lib/uploads.ts) reads by these.
    uploads: { files: { photo: 1 }, fileBytes: deps.limits.maxBytes },
  };

  app.post(predictFaceLandmark.path, { config: routeConfig }, async (request, reply) => {
    const input = parseInput(predictFaceLandmark, request);
    const photo = photoBytes(input.photo);
    const result = await deps.pool().run('landmarks', { photo }, [photo.buffer as ArrayBuffer]);
    void reply.header('cache-control', 'no-store').header('server-timing', serverTiming(result));
    return {
      image: result.image,
      landmark: result.landmark,
      check: result.check,
      ...successMarker(predictFaceLandmark.envelope),
    };
  });

  app.post(predictHairColor.path, { config: routeConfig }, async (request, reply: FastifyReply) => {
    const input = parseInput(predictHairColor, request);
    const photo = photoBytes(input.photo);
    const result = await deps
      .pool()
      .run(
        'hairColor',
        { photo, request: { color: input.color, strength: input.strength, format: input.format } },
        [photo.buffer as ArrayBuffer],
      );
    return sendImage(reply, result, result.mimeType, result.image);
  });

  app.post(predictHairMask.path, { config: routeConfig }, async (request, reply: FastifyReply) => {
    const input = parseInput(predictHairMask, request);
    const photo = photoBytes(input.photo);
    const result = await deps.pool().run('hairMask', { photo }, [photo.buffer as ArrayBuffer]);
    return sendImage(reply, result, 'image/png', result.png);
  });

  app.post(predictBald.path, { config: routeConfig }, async (request, reply) => {
    const input = parseInput(predictBald, request);
    const photo = photoBytes(input.photo);
    const result = await deps.pool().run('bald', { photo }, [photo.buffer as ArrayBuffer]);
    const dataUrl = (type: string, bytes: Uint8Array) =>
      `data:${type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
    void reply.header('cache-control', 'no-store').header('server-timing', serverTiming(result));
    return {
      image: { width: result.width, height: result.height },
      baldImage: dataUrl('image/jpeg', result.image),
      mask: dataUrl('image/png', result.mask),
      scalp: dataUrl('image/png', result.scalp),
      head: result.head,
      ...successMarker(predictBald.envelope),
    };
  });
}
