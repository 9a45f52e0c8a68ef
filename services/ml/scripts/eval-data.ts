/**
 * Reading a labelled folder for `eval:ml` (scripts/eval.ts): which mask belongs to which photo,
 * and the mask as hair / not hair. Kept apart from the script so it is unit-tested: a held-back
 * set laid out "like ../shared/testdata/faces" may still differ in small ways (mask names with
 * `_mask`, labels stored as 0/1 instead of 0/255, a mask with an alpha channel), and one
 * unreadable file must not end a long run.
 */
import { basename, extname } from 'node:path';
import sharp from 'sharp';

/** Suffixes that label sets put on a photo's or a mask's name (Figaro-1k: `-org`, `-gt`). */
const NAME_SUFFIX = /[-_](org|orig|original|img|image|gt|mask|label|labels|seg)$/i;

/** The name a photo and its mask share: the file's stem without a set's suffix, lower case. */
export function sampleStem(file: string): string {
  return basename(file, extname(file)).replace(NAME_SUFFIX, '').toLowerCase();
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.bmp', '.tif', '.tiff']);

/** Photo and mask file names paired by stem; photos without a mask are listed apart. */
export function pairSamples(
  imageFiles: readonly string[],
  maskFiles: readonly string[],
): { pairs: Array<{ image: string; mask: string }>; unlabelled: string[] } {
  const isImage = (f: string) => IMAGE_EXTENSIONS.has(extname(f).toLowerCase());
  const masks = new Map(maskFiles.filter(isImage).map((f) => [sampleStem(f), f]));
  const pairs: Array<{ image: string; mask: string }> = [];
  const unlabelled: string[] = [];
  for (const image of [...imageFiles].filter(isImage).sort()) {
    const mask = masks.get(sampleStem(image));
    if (mask) pairs.push({ image, mask });
    else unlabelled.push(image);
  }
  return { pairs, unlabelled };
}

/**
 * A ground-truth mask at `width`×`height` as 0 / 255 (255 = hair). Transparent pixels count as
 * not hair; a pixel is hair when it is at least half as bright as the mask's brightest pixel, so
 * masks stored as 0/1 read the same as 0/255 (an all-black mask stays empty).
 */
export async function readTruthMask(
  path: string,
  width: number,
  height: number,
): Promise<Uint8Array> {
  const { data, info } = await sharp(path)
    .rotate()
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`${path}: expected one channel, got ${info.channels}`);
  let max = 0;
  for (const v of data) if (v > max) max = v;
  const out = new Uint8Array(data.length);
  if (max === 0) return out;
  const threshold = max / 2;
  for (let i = 0; i < data.length; i++) out[i] = data[i]! >= threshold ? 255 : 0;
  return out;
}
