import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mediaVariantWidths } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import type { SessionMember } from '../../lib/session.js';
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
  mediaDir: string;
  mediaCacheDir: string;
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
  const root = resolve(deps.mediaDir);
  const cacheRoot = resolve(deps.mediaCacheDir);
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
    const source = resolve(root, relative);
    const extension = extname(source).slice(1).toLowerCase();
    // Traversal (`..`, encoded or not), hidden and temporary files and anything not an image.
    if (
      !source.startsWith(root + sep) ||
      relative.includes('\0') ||
      relative.split('/').some((part) => part.startsWith('.')) ||
      !contentTypes[extension]
    ) {
      throw new AppError('NOT_FOUND');
    }
    const normalized = source
      .slice(root.length + 1)
      .split(sep)
      .join('/');
    // Who may read it and how long it may be kept: one table (media-folders.ts).
    const folder = mediaFolderOf(normalized);
    if (!folder || (cacheRoot !== root && source.startsWith(cacheRoot + sep))) {
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
    const info = await stat(source).catch(() => undefined);
    if (!info?.isFile()) throw new AppError('NOT_FOUND');

    const width = query.data.w;
    // Private photos are not copied into the variant cache: their own thumbnails serve lists.
    if (width !== undefined && !owned && canResize(extension)) {
      reply.header('vary', 'Accept');
      const variant = await variants
        .get({
          source,
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
      return sendOriginal(request, reply, source, info, extension, busyCacheControl);
    }
    return sendOriginal(request, reply, source, info, extension, folder.cacheControl);
  });
}

function sendOriginal(
  request: FastifyRequest,
  reply: FastifyReply,
  source: string,
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
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(createReadStream(source, { start: range.start, end: range.end }));
  }
  return reply.send(createReadStream(source));
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
