import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';
import type { MediaStorage } from '../../lib/storage.js';

/** Raster formats a phone or a browser hands us; anything else (SVG, PDF, TIFF…) is refused. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

export const reviewPhotoSizes = { main: 1600, thumb: 400 } as const;

/** Decompression bombs: refuse anything above 50 megapixels before decoding it. */
const maxInputPixels = 50_000_000;

export interface StoredPhoto {
  url: string;
  thumbUrl: string;
  /** Storage keys, to remove again if the review is not saved. */
  keys: string[];
}

/**
 * Decodes each upload with sharp and re-encodes it as WebP: EXIF orientation is applied and
 * then every metadata block (EXIF with GPS position, XMP, IPTC, ICC) is dropped, because sharp
 * writes none unless asked. A file that is not a supported image is refused as a whole
 * (UNSUPPORTED_MEDIA_TYPE) before anything is written.
 */
export async function encodeReviewPhotos(
  uploads: readonly Uint8Array[],
): Promise<Array<{ main: Buffer; thumb: Buffer }>> {
  const encoded: Array<{ main: Buffer; thumb: Buffer }> = [];
  for (const upload of uploads) {
    const input = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: maxInputPixels }).metadata()).format;
    } catch (error) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
    }
    if (!format || !acceptedFormats.has(format)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    try {
      // Only the first frame of an animation; rotate() bakes in the EXIF orientation.
      const base = () =>
        sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
      const main = await base()
        .resize(reviewPhotoSizes.main, reviewPhotoSizes.main, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer();
      const thumb = await base()
        .resize(reviewPhotoSizes.thumb, reviewPhotoSizes.thumb, { fit: 'cover' })
        .webp({ quality: 78 })
        .toBuffer();
      encoded.push({ main, thumb });
    } catch (error) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
    }
  }
  return encoded;
}

/** Stores encoded photos under `reviews/<yyyy-mm>/` with unguessable names. */
export async function storeReviewPhotos(
  storage: MediaStorage,
  encoded: ReadonlyArray<{ main: Buffer; thumb: Buffer }>,
  now = new Date(),
): Promise<StoredPhoto[]> {
  const folder = `reviews/${now.toISOString().slice(0, 7)}`;
  const stored: StoredPhoto[] = [];
  try {
    for (const photo of encoded) {
      const name = randomBytes(16).toString('hex');
      const mainPath = `${folder}/${name}.webp`;
      const thumbPath = `${folder}/${name}-t.webp`;
      // Listed before writing, so a failure halfway still removes what was written.
      stored.push({
        url: `/media/${mainPath}`,
        thumbUrl: `/media/${thumbPath}`,
        keys: [mainPath, thumbPath],
      });
      await storage.put(mainPath, photo.main, 'image/webp');
      await storage.put(thumbPath, photo.thumb, 'image/webp');
    }
  } catch (error) {
    await removeStoredPhotos(storage, stored);
    throw error;
  }
  return stored;
}

export async function removeStoredPhotos(
  storage: MediaStorage,
  stored: readonly StoredPhoto[],
): Promise<void> {
  await storage.remove(stored.flatMap((p) => p.keys));
}
