import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Response compression (ADR 028). Static files are compressed at build time (apps/web's
 * vite.config.ts writes `.br` and `.gz` beside them) and picked by @fastify/static's
 * `preCompressed`; this hook compresses what the server writes itself — API JSON, the salon
 * and designer pages' HTML, robots.txt and sitemap.xml — when it is worth it.
 */

/** Below this a response fits one TCP packet anyway; compressing would only cost CPU. */
export const compressThreshold = 1024;

const compressibleType =
  /^(?:text\/|application\/(?:json|xml|javascript|manifest\+json)|image\/svg)/i;

export type ResponseEncoding = 'br' | 'gzip';

/**
 * The preferred encoding the client accepts: br, then gzip (equal weights keep that order;
 * `q=0` refuses one). Undefined: send the response as it is.
 */
export function negotiateEncoding(
  header: string | string[] | undefined,
): ResponseEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (name: ResponseEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Adds `accept-encoding` to Vary once, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current ? String(current) : '';
  const tokens = value
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

export function compress(body: Buffer, encoding: ResponseEncoding): Buffer {
  return encoding === 'br'
    ? // Quality 5: most of the gain of 11 at a fraction of the time, for per-request bodies.
      brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Compresses string and buffer bodies of compressible types above the threshold. Streams (the
 * static files, already negotiated by @fastify/static) and bodies that already carry a
 * Content-Encoding are left alone, so nothing is compressed twice.
 */
export function registerResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !compressibleType.test(type)) return payload;
    // The choice depends on the request's Accept-Encoding even when nothing is compressed.
    varyOnAcceptEncoding(reply);
    if (reply.hasHeader('content-encoding') || reply.statusCode === 204) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < compressThreshold) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(body, encoding);
  });
}
