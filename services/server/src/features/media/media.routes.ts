import { extname, posix, relative as relativePath, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mediaVariantWidths } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import type { SessionMember } from '../../lib/session.js';
import { isStorageKey, MissingObjectError, type MediaStorage } from '../../lib/storage.js';
import {
  canResize,
  contentTypes,
  createVariantStore,
  negotiateFormat,
  type VariantStore,
} from './media-variants.js';
import { isOwnedFolder, mediaFolderOf } from './media-folders.js';

export interface MediaRouteDeps {
  db: Database;
  /** Where the files are (ADR 041): the local directory or an S3-compatible bucket. */
  storage: MediaStorage;
  /** The local directory of the `local` backend (the variant cache must not lie inside it). */
  mediaDir: string;
  mediaCacheDir: string;
  /** Private files: streamed after the owner check, or redirected to a short presigned URL. */
  privateDelivery?: { mode: 'stream' | 'presign'; presignSeconds: number };
  loadMember: (request: FastifyRequest) => Promise<SessionMember | null>;
  /** The shop of a console key (`Authorization: Bearer`): the salon that made a record file. */
  loadConsoleShop?: (request: FastifyRequest) => Promise<{ shopId: number } | null>;
  variants?: VariantStore;
}

const allowedWidths = new Set<number>(mediaVariantWidths);
const querySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => allowedWidths.has(w))
    .optional(),
});

/** A short cache for the original served in place of a variant (encoder busy or failed). */
const busyCacheControl = 'public, max-age=60';

/**
 * `GET /media/<path>[?w=<width>]`: the file under the media folder, or a copy `w` pixels wide in
 * the best format the browser accepts (`Vary: Accept`). Registered outside the API scope: never
 * counted by the request limits (ADR 023).
 */
export function registerMediaRoutes(app: FastifyInstance, deps: MediaRouteDeps): void {
  const storage = deps.storage;
  const root = resolve(deps.mediaDir);
  const cacheRoot = resolve(deps.mediaCacheDir);
  // A variant cache inside the local media folder is never served as media.
  const cachePrefix =
    storage.kind === 'local' && cacheRoot.startsWith(root + sep)
      ? `${relativePath(root, cacheRoot).split(sep).join('/')}/`
      : undefined;
  const variants =
    deps.variants ?? createVariantStore({ cacheDir: deps.mediaCacheDir, log: app.log });

  app.get('/media/*', async (request, reply) => {
    const query = querySchema.safeParse(request.query);
    if (!query.success) {
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ field: 'w', code: 'VALIDATION_FAILED' }],
      });
    }
    const relative = (request.params as { '*': string })['*'];
    // The storage key: the path resolved as under a root (no dot segments, single slashes).
    const normalized = posix.resolve('/', relative).slice(1);
    const extension = extname(normalized).slice(1).toLowerCase();
    // Traversal (`..`, encoded or not), hidden and temporary files and anything not an image.
    if (
      relative.includes('\0') ||
      relative.split('/').some((part) => part.startsWith('.')) ||
      !isStorageKey(normalized) ||
      !contentTypes[extension]
    ) {
      throw new AppError('NOT_FOUND');
    }
    // Who may read it and how long it may be kept: one table (media-folders.ts).
    const folder = mediaFolderOf(normalized);
    if (!folder || (cachePrefix && normalized.startsWith(cachePrefix))) {
      throw new AppError('NOT_FOUND');
    }
    const owned = isOwnedFolder(folder);
    if (owned) {
      // The capability URL alone is not enough: only the owner's session gets the photo, and
      // no answer about it (not even the 404) may be kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const url = `/media/${normalized}`;
      const member = await deps.loadMember(request);
      let allowed = member ? await folder.owner(deps.db, member.memberId, url) : false;
      if (!allowed && folder.maker && deps.loadConsoleShop) {
        const shop = await deps.loadConsoleShop(request);
        allowed = shop ? await folder.maker(deps.db, shop.shopId, url) : false;
      }
      if (!allowed) throw new AppError('NOT_FOUND');
    }
    const stored = await storage.stat(normalized);
    if (!stored) throw new AppError('NOT_FOUND');
    const info = { ...stored, mtimeMs: stored.modified.getTime(), mtime: stored.modified };
    if (owned && deps.privateDelivery?.mode === 'presign' && storage.presign) {
      // The owner's browser fetches the bytes (ranges included) from the store itself, with a
      // URL that works for a minute; the redirect is never cached.
      const location = await storage.presign(normalized, {
        seconds: deps.privateDelivery.presignSeconds,
        contentType: contentTypes[extension],
        cacheControl: folder.cacheControl,
      });
      return reply.code(302).header('location', location).send();
    }

    const width = query.data.w;
    // Private photos are not copied into the variant cache: their own thumbnails serve lists.
    if (width !== undefined && !owned && canResize(extension)) {
      reply.header('vary', 'Accept');
      const variant = await variants
        .get({
          source: () =>
            Promise.resolve(storage.localPath?.(normalized) ?? storage.readAll(normalized)),
          relative: normalized,
          extension,
          width,
          format: negotiateFormat(request.headers.accept),
          sourceModified: info.mtime,
        })
        .catch((error: unknown) => {
          // A file sharp cannot read is still an image the browser may show: send it as it is.
          request.log.warn({ err: error, path: normalized }, 'media variant failed');
          return 'busy' as const;
        });
      if (variant !== 'busy') {
        const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}-${width}-${variant.contentType}"`;
        return sendHeaders(request, reply, {
          etag,
          cacheControl: folder.cacheControl,
          contentType: variant.contentType,
          length: variant.data.length,
          modified: info.mtime,
        })
          ? reply.send(variant.data)
          : reply;
      }
      return sendOriginal(request, reply, storage, normalized, info, extension, busyCacheControl);
    }
    return sendOriginal(request, reply, storage, normalized, info, extension, folder.cacheControl);
  });
}

async function sendOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  key: string,
  info: { size: number; mtime: Date; mtimeMs: number },
  extension: string,
  cacheControl: string,
) {
  const etag = `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
  reply.header('accept-ranges', 'bytes');
  if (
    !sendHeaders(request, reply, {
      etag,
      cacheControl,
      contentType: contentTypes[extension]!,
      length: info.size,
      modified: info.mtime,
    })
  ) {
    return reply;
  }
  const range = rangeOf(request, info, etag);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${info.size}`)
      .header('content-length', '0')
      .send();
  }
  // Removed between the stat and the read (a sweep, a delete): still a 404.
  const open = (r?: { start: number; end: number }) =>
    storage.read(key, r).catch((error: unknown) => {
      if (error instanceof MissingObjectError) throw new AppError('NOT_FOUND');
      throw error;
    });
  if (range) {
    const body = await open(range);
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(body);
  }
  return reply.send(await open());
}

/**
 * One byte range of `Range: bytes=...` (RFC 9110 §14): `a-b`, `a-` or the last `-n` bytes,
 * clipped to the file. Several ranges, another unit or a malformed header: the whole file (the
 * RFC lets a server ignore Range). `If-Range` that does not match the current validator: the
 * whole file too. A range starting at or beyond the end: 416.
 */
export function rangeOf(
  request: FastifyRequest,
  info: { size: number; mtime: Date },
  etag: string,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const header = request.headers.range;
  if (typeof header !== 'string' || request.method !== 'GET') return undefined;
  const ifRange = request.headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag && ifRange !== info.mtime.toUTCString()) {
    return undefined;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const size = info.size;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Sets the headers; answers 304 (and returns false) when the client's copy is current. */
function sendHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  h: { etag: string; cacheControl: string; contentType: string; length: number; modified: Date },
): boolean {
  reply
    .header('etag', h.etag)
    .header('cache-control', h.cacheControl)
    .header('last-modified', h.modified.toUTCString());
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === h.etag)) {
    reply.code(304).send();
    return false;
  }
  reply.type(h.contentType).header('content-length', String(h.length));
  return true;
}
