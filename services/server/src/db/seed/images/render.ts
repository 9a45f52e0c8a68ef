import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Renders SVG illustrations (or rasters drawn in code) to WebP files under `<mediaDir>/seed/...`.
 * A file that already exists is kept: the output is a pure function of its path (the path
 * carries the renderer version), so re-seeding a database reuses the images of an earlier run.
 */

/** Bump when any drawing changes, so stale files from an older renderer are not reused. */
export const RENDERER_VERSION = 'v1';

export const SEED_MEDIA_PREFIX = `seed/${RENDERER_VERSION}`;

export interface ImageJob {
  /** Relative to the media directory, e.g. seed/v1/styles/w-bob-cut-tassel-1.webp. */
  path: string;
  width: number;
  height: number;
  /** The picture as SVG... */
  svg?: () => string;
  /** ...or as straight RGBA pixels drawn in code (hairstyle overlays). */
  raster?: () => RgbaRaster;
  /** A smaller copy encoded from the same raster. */
  thumb?: { path: string; width: number; height: number };
  /** Keep transparency (hair overlays). */
  alpha?: boolean;
}

export interface RgbaRaster {
  width: number;
  height: number;
  /** 4 bytes per pixel, not premultiplied. */
  data: Buffer;
}

export interface RenderResult {
  rendered: number;
  reused: number;
  bytes: number;
  ms: number;
}

/** URL under which the app serves `<mediaDir>/<path>`. */
export function mediaUrl(path: string): string {
  return `/media/${path}`;
}

async function exists(path: string): Promise<number | undefined> {
  try {
    const s = await stat(path);
    return s.size > 0 ? s.size : undefined;
  } catch {
    return undefined;
  }
}

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  // A crash mid-write must not leave a truncated file that a later run would reuse.
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

function source(job: ImageJob): Sharp {
  if (job.raster) {
    const { width, height, data } = job.raster();
    return sharp(data, { raw: { width, height, channels: 4 } });
  }
  if (job.svg) return sharp(Buffer.from(job.svg()));
  throw new Error(`image job ${job.path} has neither svg nor raster`);
}

async function renderOne(job: ImageJob, mediaDir: string): Promise<number> {
  const raster = await source(job)
    .resize(job.width, job.height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = {
    raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels },
  };
  const encode = (img: Sharp) =>
    (job.alpha ? img : img.removeAlpha())
      .webp({ quality: 80, effort: 2, smartSubsample: true, alphaQuality: 90 })
      .toBuffer();
  const main = await encode(sharp(raster.data, raw));
  await writeAtomic(join(mediaDir, job.path), main);
  let bytes = main.length;
  if (job.thumb) {
    const thumb = await encode(
      sharp(raster.data, raw).resize(job.thumb.width, job.thumb.height, { fit: 'cover' }),
    );
    await writeAtomic(join(mediaDir, job.thumb.path), thumb);
    bytes += thumb.length;
  }
  return bytes;
}

export async function renderImages(
  jobs: readonly ImageJob[],
  options: { mediaDir: string; concurrency?: number; force?: boolean },
): Promise<RenderResult> {
  const started = Date.now();
  const unique = new Map<string, ImageJob>();
  for (const job of jobs) unique.set(job.path, job);
  const queue = [...unique.values()];
  let rendered = 0;
  let reused = 0;
  let bytes = 0;
  // libvips already threads inside one image; a few jobs in flight keep both cores busy.
  const workers = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const job = queue[next++] as ImageJob;
      if (!options.force) {
        const have = await exists(join(options.mediaDir, job.path));
        const haveThumb = job.thumb ? await exists(join(options.mediaDir, job.thumb.path)) : 0;
        if (have !== undefined && haveThumb !== undefined) {
          reused++;
          bytes += have + haveThumb;
          continue;
        }
      }
      // Not `bytes += await ...`: that reads `bytes` before the await and loses other workers' sums.
      const written = await renderOne(job, options.mediaDir);
      bytes += written;
      rendered++;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { rendered, reused, bytes, ms: Date.now() - started };
}
