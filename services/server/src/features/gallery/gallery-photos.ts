import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { galleryLimits } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';

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
  /** Files on disk, to remove again if the row is not written. */
  files: string[];
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

/** Writes the photo under `<mediaDir>/gallery/<yyyy-mm>/` with an unguessable name. */
export async function storeGalleryPhoto(
  mediaDir: string,
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
    files: [join(mediaDir, mainPath), join(mediaDir, thumbPath)],
  };
  try {
    await mkdir(dirname(stored.files[0]!), { recursive: true });
    await writeFile(stored.files[0]!, photo.main, { flag: 'wx' });
    await writeFile(stored.files[1]!, photo.thumb, { flag: 'wx' });
  } catch (error) {
    await removeGalleryFiles(mediaDir, [stored.url, stored.thumbUrl]);
    throw error;
  }
  return stored;
}

/**
 * Removes the files behind `/media/gallery/...` URLs. Only paths inside `<mediaDir>/gallery/`
 * are touched (a URL from the database is never trusted as a path).
 */
export async function removeGalleryFiles(
  mediaDir: string,
  urls: ReadonlyArray<string | null>,
): Promise<void> {
  const safe = /^\/media\/(gallery\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp)$/;
  await Promise.all(
    urls.flatMap((url) => {
      const match = url ? safe.exec(url) : null;
      return match ? [rm(join(mediaDir, match[1]!), { force: true })] : [];
    }),
  );
}
