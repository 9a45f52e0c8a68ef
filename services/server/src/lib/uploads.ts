import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Access, UploadRule } from '@carol/contracts';
import { AppError } from './errors.js';
import type { SessionMember } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's access (lib/endpoint.ts): `console` routes skip the Origin check. */
    access?: Access;
    /** The file parts the route takes; absent: none (lib/uploads.ts). */
    uploads?: UploadRule;
  }
  interface FastifyRequest {
    /** Gives back this request's share of the upload buffer (once; lib/uploads.ts). */
    releaseUpload?: () => void;
  }
}

export interface UploadOptions {
  /** Largest body of a route that takes no file (the JSON/form limit). */
  bodyLimit: number;
  /**
   * Bytes of upload bodies read and held at once (each counted at its Content-Length, or without
   * one at its route's file limit and then at what is read); an upload that does not fit is
   * refused with UPLOADS_BUSY. One upload is always let in when none is running.
   */
  bufferBytes: number;
  loadMember(request: FastifyRequest): Promise<SessionMember | null>;
}

const fieldsBytes = 1024 * 1024;
const fieldLimits = { fields: 50, fieldSize: 64 * 1024, parts: 100 };
/** Seconds a refused upload is told to wait. */
const busyRetryAfter = 5;

/**
 * Multipart bodies, decided by the route the router matched:
 * - a route whose contract declares no `uploads` takes text fields only: a file part is refused
 *   (415 FILES_NOT_ACCEPTED) when it starts, without reading it, and a body above the JSON/form
 *   limit is refused (413) from its Content-Length before anything is read;
 * - an upload route reads its declared file fields only, each within its count and size, the
 *   whole body within its total (Content-Length first, then while reading);
 * - a member-only upload route looks at the session before it reads a byte (401);
 * - upload bodies read and held at once stay within `bufferBytes` (each by its Content-Length,
 *   or one file's limit and then what is read; 503 UPLOADS_BUSY with Retry-After beyond it),
 *   given back when the response is sent or the client goes away;
 * - an unreadable body (no boundary, unterminated part, not multipart inside) is a 400
 *   MALFORMED_BODY, not a 500.
 * Values end up in `request.body` as strings and Buffers (arrays when a field repeats), as the
 * contracts expect.
 */
export async function registerUploads(app: FastifyInstance, options: UploadOptions) {
  // Only the content-type parser and request.parts(): nothing is read until the hook below.
  await app.register(multipart, { limits: { ...fieldLimits, files: 0 } });
  let held = 0;
  let running = 0;

  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    // An unmatched path (404) reads nothing.
    if (request.routeOptions.url === undefined) return;
    const { uploads, access } = request.routeOptions.config;
    const total = uploads ? totalOf(uploads) : options.bodyLimit;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > total) throw refuse(reply, 'PAYLOAD_TOO_LARGE');
    if (!uploads) {
      request.body = await readBody(request, reply, undefined, total);
      return;
    }
    if (access === 'member' && !(await options.loadMember(request)))
      throw refuse(reply, 'UNAUTHORIZED');
    // Without a Content-Length (chunked), one file at its largest to start with; the bytes
    // actually read are added as they come beyond that.
    let weight = Number.isFinite(declared) ? declared : uploads.fileBytes + fieldsBytes;
    if (running > 0 && held + weight > options.bufferBytes) {
      reply.header('retry-after', String(busyRetryAfter));
      throw refuse(reply, 'UPLOADS_BUSY', busyRetryAfter);
    }
    held += weight;
    running += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held -= weight;
      running -= 1;
    };
    request.releaseUpload = release;
    // 'close' comes when the answer is sent and when the client goes away before it.
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
    const account = (read: number) => {
      if (released || read <= weight) return;
      held += read - weight;
      weight = read;
    };
    try {
      request.body = await readBody(request, reply, uploads, total, account);
    } catch (error) {
      release();
      throw error;
    }
  });

  app.addHook('onResponse', async (request) => {
    request.releaseUpload?.();
  });
}

/** How many files a rule's fields take together. */
function fileCountOf(files: Readonly<Record<string, number>>): number {
  return Object.values(files).reduce((sum, n) => sum + n, 0);
}

function totalOf(rule: UploadRule): number {
  return rule.totalBytes ?? fileCountOf(rule.files) * rule.fileBytes + fieldsBytes;
}

/** Sends the connection away after a refusal: an unread body is not drained into the server. */
function refuse(reply: FastifyReply, code: ErrorCodeOf, retryAfterSeconds?: number): AppError {
  reply.header('connection', 'close');
  return new AppError(code, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
}

type ErrorCodeOf = ConstructorParameters<typeof AppError>[0];

async function readBody(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: UploadRule | undefined,
  total: number,
  account: (read: number) => void = () => undefined,
): Promise<Record<string, unknown>> {
  const files = rule?.files ?? {};
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const seen = new Map<string, number>();
  let read = 0;
  const add = (name: string, value: unknown) => {
    const previous = body[name];
    if (previous === undefined) body[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else body[name] = [previous, value];
  };
  try {
    const parts = request.parts({
      limits: {
        ...fieldLimits,
        // One more than allowed: the extra file reaches the loop below and is refused there,
        // before a byte of it is read (busboy itself would skip it and say "limit": a 413).
        files: fileCountOf(files) + 1,
        fileSize: rule?.fileBytes ?? 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        read += Buffer.byteLength(String(part.value)) + part.fieldname.length;
        if (read > total) throw refuse(reply, 'PAYLOAD_TOO_LARGE');
        add(part.fieldname, part.value);
        continue;
      }
      const allowed = files[part.fieldname] ?? 0;
      if (allowed === 0) throw refuse(reply, 'FILES_NOT_ACCEPTED');
      const count = (seen.get(part.fieldname) ?? 0) + 1;
      seen.set(part.fieldname, count);
      // One file too many is the field's own validation failure (as the contract's max says),
      // answered before the extra file is read.
      if (count > allowed) {
        reply.header('connection', 'close');
        throw new AppError('VALIDATION_FAILED', {
          fields: [{ field: part.fieldname, code: 'VALIDATION_FAILED' }],
        });
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > total) throw refuse(reply, 'PAYLOAD_TOO_LARGE');
        account(read);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw refuse(reply, 'PAYLOAD_TOO_LARGE');
      add(part.fieldname, Buffer.concat(chunks));
    }
  } catch (error) {
    throw toBodyError(error, reply);
  }
  return { ...body };
}

/** The parser's failures as product errors: limits 413, anything unreadable 400, never 500. */
function toBodyError(error: unknown, reply: FastifyReply): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return refuse(reply, 'PAYLOAD_TOO_LARGE');
  }
  const appError = refuse(reply, 'MALFORMED_BODY');
  (appError as { cause?: unknown }).cause = error;
  return appError;
}
