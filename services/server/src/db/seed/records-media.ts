import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { portraitFor } from './artwork.js';
import type { baseShape, Gender, Length } from './content/catalogue.js';
import { DEMO_CLIP } from './content/demo-clip.js';
import { microscopeSvg } from './images/microscope.js';
import { portraitSvg } from './images/portrait.js';
import type { Rng } from '../../lib/prng.js';
import { stream } from './records-common.js';

/**
 * The salon records' files: photos cut from a drawing of the customer's look, microscope images,
 * the demo clip, written atomically under MEDIA_DIR with names that look random but come from
 * the seed. Each file is a job; the jobs run a few at a time.
 */

export const RECORD_PHOTO = { width: 600, height: 750, thumbWidth: 320, thumbHeight: 400 };
export const MICROSCOPE = { width: 480, height: 480, thumb: 240 };

export const pad = (v: number) => String(v).padStart(2, '0');
export const monthOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** Names the files of one customer at one salon: random-looking, the same on every run. */
export class FileNamer {
  private readonly rng: Rng;
  private readonly used = new Set<string>();
  constructor(seed: number, key: string) {
    this.rng = stream(seed, `record-files:${key}`);
  }
  next(): string {
    for (;;) {
      const name = this.rng.hex(12);
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

export type Job = () => Promise<number>;

export async function runJobs(jobs: readonly Job[], concurrency = 3): Promise<number> {
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as Job;
      const written = await job();
      bytes += written;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bytes;
}

export interface Look {
  key: string;
  gender: Gender;
  length: Length;
  shape: ReturnType<typeof baseShape>;
  color: string;
}

/** One picture of the customer per look, shared by the photos cut from it. */
export class LookCache {
  private readonly rasters = new Map<
    string,
    Promise<{ data: Buffer; width: number; height: number }>
  >();
  constructor(private readonly faceKey: string) {}
  get(look: Look) {
    let r = this.rasters.get(look.key);
    if (!r) {
      const spec = portraitFor(this.faceKey, look.gender, look.shape, look.color);
      const W = Math.round(RECORD_PHOTO.width * 1.25);
      const H = Math.round(RECORD_PHOTO.height * 1.25);
      r = sharp(Buffer.from(portraitSvg(spec, { width: W, height: H, crop: 'portrait' })))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
      this.rasters.set(look.key, r);
    }
    return r;
  }
}

export type PhotoLabel = 'before' | 'after' | 'front' | 'side' | 'back' | 'detail';

/** How each label's shot is framed from the look's picture (fractions of the picture). */
const framing: Record<
  PhotoLabel,
  { zoom: number; cx: number; cy: number; flop?: boolean; light: number }
> = {
  before: { zoom: 1.05, cx: 0.5, cy: 0.5, light: 0.93 },
  after: { zoom: 1.1, cx: 0.5, cy: 0.48, light: 1.05 },
  front: { zoom: 1.25, cx: 0.5, cy: 0.45, light: 1.02 },
  side: { zoom: 1.35, cx: 0.36, cy: 0.45, flop: true, light: 1 },
  back: { zoom: 1.7, cx: 0.5, cy: 0.3, light: 0.98 },
  detail: { zoom: 2.2, cx: 0.3, cy: 0.5, light: 1.03 },
};

export function photoJob(
  cache: LookCache,
  look: Look,
  label: PhotoLabel,
  mediaDir: string,
  path: string,
  thumbPath: string,
): Job {
  return async () => {
    const raster = await cache.get(look);
    const f = framing[label];
    const w = Math.round(raster.width / f.zoom);
    const h = Math.round(raster.height / f.zoom);
    const left = Math.max(0, Math.min(raster.width - w, Math.round(raster.width * f.cx - w / 2)));
    const top = Math.max(0, Math.min(raster.height - h, Math.round(raster.height * f.cy - h / 2)));
    let img: Sharp = sharp(raster.data, {
      raw: { width: raster.width, height: raster.height, channels: 3 },
    });
    if (f.flop) img = img.flop();
    const cut = await img
      .extract({ left, top, width: w, height: h })
      .resize(RECORD_PHOTO.width, RECORD_PHOTO.height)
      .modulate({ brightness: f.light, saturation: label === 'before' ? 0.85 : 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: cut.info.width, height: cut.info.height, channels: cut.info.channels },
    };
    const main = await sharp(cut.data, raw).webp({ quality: 78, effort: 1 }).toBuffer();
    const thumb = await sharp(cut.data, raw)
      .resize(RECORD_PHOTO.thumbWidth, RECORD_PHOTO.thumbHeight)
      .webp({ quality: 75, effort: 1 })
      .toBuffer();
    await writeAtomic(join(mediaDir, path), main);
    await writeAtomic(join(mediaDir, thumbPath), thumb);
    // visit_media.bytes is the size of the photo itself, as for an upload.
    return main.length;
  };
}

export function microscopeJob(
  spec: Parameters<typeof microscopeSvg>[0],
  mediaDir: string,
  path: string,
  thumbPath: string,
): Job {
  return async () => {
    const raster = await sharp(Buffer.from(microscopeSvg(spec, MICROSCOPE)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels },
    };
    const main = await sharp(raster.data, raw).webp({ quality: 80, effort: 1 }).toBuffer();
    const thumb = await sharp(raster.data, raw)
      .resize(MICROSCOPE.thumb, MICROSCOPE.thumb)
      .webp({ quality: 78, effort: 1 })
      .toBuffer();
    await writeAtomic(join(mediaDir, path), main);
    await writeAtomic(join(mediaDir, thumbPath), thumb);
    return main.length + thumb.length;
  };
}

/** The committed demo clip and its poster, copied (the app never needs ffmpeg). */
export function clipJob(mediaDir: string, path: string, posterPath: string): Job {
  return async () => {
    const src = join(import.meta.dirname, 'content');
    await mkdir(dirname(join(mediaDir, path)), { recursive: true });
    await copyFile(join(src, DEMO_CLIP.file), join(mediaDir, path));
    await copyFile(join(src, DEMO_CLIP.poster), join(mediaDir, posterPath));
    return (await stat(join(mediaDir, path))).size;
  };
}
