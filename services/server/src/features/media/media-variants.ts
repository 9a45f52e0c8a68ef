import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** Formats a variant is encoded in; `original` keeps the source's own format. */
export type VariantFormat = 'avif' | 'webp' | 'original';

export const contentTypes: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  // Salon record videos: sniffed on upload, served as stored with byte ranges.
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/** Sources sharp resizes; anything else (gif) is served as it is. */
const resizable = new Set(['webp', 'avif', 'jpg', 'jpeg', 'png']);

export function canResize(extension: string): boolean {
  return resizable.has(extension);
}

/**
 * The best format the browser accepts: AVIF, else WebP, else the source's own. Only an explicit
 * `image/avif` / `image/webp` counts (every browser that decodes them sends it for <img>), so a
 * bare `*\/*` gets the original format.
 */
export function negotiateFormat(accept: string | undefined): VariantFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.q > 0)
    .map((t) => t.type);
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'original';
}

/** Decompression bombs: the same bound as uploads. */
const maxInputPixels = 50_000_000;

async function encode(
  source: string | Buffer,
  width: number,
  format: VariantFormat,
  extension: string,
) {
  const img = sharp(source, { limitInputPixels: maxInputPixels, failOn: 'error' }).resize({
    width,
    withoutEnlargement: true,
  });
  const target = format === 'original' ? extension : format;
  switch (target) {
    // Effort 2: measured ~2.5× WebP's time for ~10% fewer bytes (effort 4 is ~12× for ~20%);
    // a variant is encoded once and then read from the cache.
    case 'avif':
      return img.avif({ quality: 50, effort: 2 }).toBuffer();
    case 'webp':
      return img.webp({ quality: 75, effort: 4 }).toBuffer();
    case 'png':
      return img.png({ compressionLevel: 9, palette: true }).toBuffer();
    default:
      return img.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  }
}

export interface VariantRequest {
  /**
   * The source's bytes, or its path on this machine (local storage): read only when the
   * variant is not in the cache. Its key was already checked.
   */
  source: () => Promise<string | Buffer>;
  /** Path relative to the media folder (names the cache file). */
  relative: string;
  extension: string;
  width: number;
  format: VariantFormat;
  sourceModified: Date;
}

export interface Variant {
  data: Buffer;
  contentType: string;
}

export interface VariantStore {
  /** The variant from the cache or freshly encoded; `busy` when the encode queue is full. */
  get(request: VariantRequest): Promise<Variant | 'busy'>;
}

/**
 * Resized copies under `<cacheDir>/<relative>/<width>.<format>`, encoded on first request.
 * At most `concurrency` encodes run at once (libvips threads inside each), at most `maxQueue`
 * wait; the same variant asked for twice at once is encoded once. A cache file older than its
 * source is encoded again. The cache can be deleted at any time.
 */
export function createVariantStore(options: {
  cacheDir: string;
  concurrency?: number;
  maxQueue?: number;
  log?: { warn(obj: object, msg: string): void };
}): VariantStore {
  const concurrency = options.concurrency ?? 2;
  const maxQueue = options.maxQueue ?? 32;
  const inFlight = new Map<string, Promise<Variant>>();
  const waiting: Array<() => void> = [];
  let running = 0;

  const acquire = async () => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };

  async function produce(request: VariantRequest, file: string, contentType: string) {
    await acquire();
    let data: Buffer;
    try {
      data = await encode(await request.source(), request.width, request.format, request.extension);
    } finally {
      release();
    }
    try {
      await mkdir(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (error) {
      // A read-only or full disk costs an encode per request, not the image.
      options.log?.warn({ err: error, file }, 'media variant not cached');
    }
    return { data, contentType };
  }

  return {
    async get(request) {
      const extension = request.format === 'original' ? request.extension : request.format;
      const contentType = contentTypes[extension] ?? 'application/octet-stream';
      const file = join(options.cacheDir, request.relative, `${request.width}.${extension}`);
      const cached = await stat(file).catch(() => undefined);
      if (cached?.isFile() && cached.mtime >= request.sourceModified) {
        return { data: await readFile(file), contentType };
      }
      const pending = inFlight.get(file);
      if (pending) return pending;
      if (running >= concurrency && waiting.length >= maxQueue) return 'busy';
      const job = produce(request, file, contentType).finally(() => inFlight.delete(file));
      inFlight.set(file, job);
      return job;
    },
  };
}
