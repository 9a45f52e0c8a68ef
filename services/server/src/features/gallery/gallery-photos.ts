import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { galleryLimits } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';
import type { MediaStorage } from '../../lib/storage.js';

/** What a phone, a browser canvas or the ML service hands us; anything else is refused. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

/** Decompression bombs: refuse anything above 50 megapixels before decoding it. */
const maxInputPixels = 50_000_000;

export interface EncodedGalleryPhoto {
  main: Buffer;
  thumb: Buffer;
}

export interface StoredGalleryPhoto {
  url: string;
  thumbUrl: string;
  /** Storage keys written, to remove again if the row is not written. */
  keys: string[];
}

/**
 * Decodes the upload with sharp and re-encodes it as WebP: EXIF orientation is applied first,
 * then every metadata block (EXIF with GPS position, XMP, IPTC, ICC) is dropped, because sharp
 * writes none unless asked. A file that is not a supported raster image is refused
 * (UNSUPPORTED_MEDIA_TYPE) before anything is written.
 */
export async function encodeGalleryPhoto(upload: Uint8Array): Promise<EncodedGalleryPhoto> {
  const input = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
  if (input.byteLength === 0 || input.byteLength > galleryLimits.photoMaxBytes) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: maxInputPixels }).metadata()).format;
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
  }
  if (!format || !acceptedFormats.has(format)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  try {
    const base = () => sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
    const main = await base()
      .resize(galleryLimits.photoMaxSide, galleryLimits.photoMaxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 86 })
      .toBuffer();
    const thumb = await base()
      .resize(galleryLimits.thumbSide, galleryLimits.thumbSide, { fit: 'cover', position: 'top' })
      .webp({ quality: 80 })
      .toBuffer();
    return { main, thumb };
  } catch (error) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { cause: error });
  }
}

/** Stores the photo under `gallery/<yyyy-mm>/` with an unguessable name. */
export async function storeGalleryPhoto(
  storage: MediaStorage,
  photo: EncodedGalleryPhoto,
  now = new Date(),
): Promise<StoredGalleryPhoto> {
  const folder = `gallery/${now.toISOString().slice(0, 7)}`;
  const name = randomBytes(16).toString('hex');
  const mainPath = `${folder}/${name}.webp`;
  const thumbPath = `${folder}/${name}-t.webp`;
  const stored: StoredGalleryPhoto = {
    url: `/media/${mainPath}`,
    thumbUrl: `/media/${thumbPath}`,
    keys: [mainPath, thumbPath],
  };
  try {
    await storage.put(mainPath, photo.main, 'image/webp');
    await storage.put(thumbPath, photo.thumb, 'image/webp');
  } catch (error) {
    await removeGalleryFiles(storage, [stored.url, stored.thumbUrl]);
    throw error;
  }
  return stored;
}

/**
 * Removes the files behind `/media/gallery/...` URLs. Only keys under `gallery/` of the shape
 * this module writes are touched (a URL from the database is never trusted as a path).
 */
export async function removeGalleryFiles(
  storage: MediaStorage,
  urls: ReadonlyArray<string | null>,
): Promise<void> {
  const safe = /^\/media\/(gallery\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp)$/;
  await storage.remove(
    urls.flatMap((url) => {
      const match = url ? safe.exec(url) : null;
      return match ? [match[1]!] : [];
    }),
  );
}
