import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { consoleRecordLimits } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';
import type { MediaStorage } from '../../lib/storage.js';
import { stripVideoMetadata } from './metadata-strip.js';
import { sniffVideo, type SniffedVideo } from './video-sniff.js';

/** What a salon's camera, phone or mirror hands us; anything else is PHOTO_UNSUPPORTED. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);

/** Decompression bombs: refuse anything above 50 megapixels before decoding it. */
const maxInputPixels = 50_000_000;

export type RecordFolder = 'records' | 'scalp';

export interface EncodedPhoto {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

function bufferOf(upload: Uint8Array | Blob): Buffer {
  // Multipart parts arrive as Buffers (lib/uploads.ts); a Blob never reaches the server.
  if (!(upload instanceof Uint8Array)) throw new AppError('PHOTO_INVALID');
  return Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
}

/**
 * Decodes a photo with sharp and re-encodes it as WebP at most 2048 px on its longer side, with
 * a 480 px square thumbnail: the EXIF orientation is applied first, then every metadata block
 * (EXIF with GPS position, XMP, IPTC, ICC) is dropped, because sharp writes none unless asked.
 * Over 15 MB: PHOTO_TOO_LARGE; not a raster format we take: PHOTO_UNSUPPORTED; unreadable:
 * PHOTO_INVALID — all before anything is written.
 */
export async function encodeRecordPhoto(
  upload: Uint8Array | Blob,
  field = 'file',
): Promise<EncodedPhoto> {
  const input = bufferOf(upload);
  const refuse = (
    code: 'PHOTO_INVALID' | 'PHOTO_UNSUPPORTED' | 'PHOTO_TOO_LARGE',
    cause?: unknown,
  ) => new AppError(code, { fields: [{ field, code }], cause });
  if (input.byteLength > consoleRecordLimits.photoMaxBytes) throw refuse('PHOTO_TOO_LARGE');
  if (input.byteLength === 0) throw refuse('PHOTO_INVALID');
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: maxInputPixels }).metadata()).format;
  } catch (error) {
    throw refuse('PHOTO_UNSUPPORTED', error);
  }
  if (!format || !acceptedFormats.has(format)) throw refuse('PHOTO_UNSUPPORTED');
  try {
    const base = () => sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
    const side = consoleRecordLimits.photoMaxSide;
    const main = await base()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base()
      .resize(consoleRecordLimits.thumbSide, consoleRecordLimits.thumbSide, {
        fit: 'cover',
        position: 'attention',
      })
      .webp({ quality: 80 })
      .toBuffer();
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch (error) {
    throw refuse('PHOTO_INVALID', error);
  }
}

/**
 * Reads a video's container from its bytes (video-sniff.ts): at most 50 MB (PAYLOAD_TOO_LARGE),
 * an MP4/MOV with H.264 (+AAC) or a WebM with VP8/VP9/AV1 (+Opus/Vorbis) (VIDEO_INVALID
 * otherwise), at most 60 s (VIDEO_TOO_LONG). The bytes returned carry no recording metadata:
 * GPS position, title, dates, XMP, tags and the writing app are blanked in place, with the size
 * and every offset unchanged (metadata-strip.ts); the upload's own buffer is changed.
 */
export function checkRecordVideo(upload: Uint8Array | Blob): {
  bytes: Buffer;
  video: SniffedVideo;
} {
  const bytes = bufferOf(upload);
  if (bytes.byteLength > consoleRecordLimits.videoMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      fields: [{ field: 'file', code: 'PAYLOAD_TOO_LARGE' }],
    });
  }
  const video = sniffVideo(bytes);
  if (!video) {
    throw new AppError('VIDEO_INVALID', { fields: [{ field: 'file', code: 'VIDEO_INVALID' }] });
  }
  if (video.durationMs > consoleRecordLimits.videoMaxSeconds * 1000) {
    throw new AppError('VIDEO_TOO_LONG', {
      values: { seconds: consoleRecordLimits.videoMaxSeconds },
      fields: [{ field: 'file', code: 'VIDEO_TOO_LONG' }],
    });
  }
  // A structure the stripper cannot walk is refused rather than stored with its metadata.
  if (!stripVideoMetadata(bytes, video.container)) {
    throw new AppError('VIDEO_INVALID', { fields: [{ field: 'file', code: 'VIDEO_INVALID' }] });
  }
  return { bytes, video };
}

/** Whether the bytes look like a video container at all (decides photo or video for `file`). */
export function looksLikeVideo(upload: Uint8Array | Blob): boolean {
  if (!(upload instanceof Uint8Array) || upload.byteLength < 12) return false;
  const b = Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength);
  if (b.toString('latin1', 4, 8) === 'ftyp') {
    // HEIC/AVIF photos are ISO-BMFF too: their brands say so.
    const brand = b.toString('latin1', 8, 12);
    return !/^(?:heic|heix|heim|heis|hevc|hevx|mif1|msf1|avif|avis)$/.test(brand);
  }
  return b.readUInt32BE(0) === 0x1a45dfa3;
}

export interface StoredFiles {
  urls: string[];
  /** Storage keys written, to remove again if the row is not written. */
  keys: string[];
}

/**
 * Stores files under `<folder>/<yyyy-mm>/<random><suffix>.<ext>` (fresh, unguessable names)
 * and returns their `/media/...` URLs in order.
 */
export async function storeRecordFiles(
  storage: MediaStorage,
  folder: RecordFolder,
  parts: ReadonlyArray<{ data: Buffer; suffix: '' | '-t' | '-p'; ext: 'webp' | 'mp4' | 'webm' }>,
  now = new Date(),
): Promise<StoredFiles> {
  const dir = `${folder}/${now.toISOString().slice(0, 7)}`;
  const name = randomBytes(16).toString('hex');
  const relatives = parts.map((p) => `${dir}/${name}${p.suffix}.${p.ext}`);
  const stored: StoredFiles = {
    urls: relatives.map((r) => `/media/${r}`),
    keys: relatives,
  };
  try {
    for (const [i, part] of parts.entries()) {
      await storage.put(relatives[i]!, part.data, contentTypeOf[part.ext]);
    }
  } catch (error) {
    await removeRecordFiles(storage, stored.urls);
    throw error;
  }
  return stored;
}

const contentTypeOf = { webp: 'image/webp', mp4: 'video/mp4', webm: 'video/webm' } as const;

const safeUrl =
  /^\/media\/((?:records|scalp)\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-[tp])?\.(?:webp|mp4|webm))$/;

/**
 * Removes the files behind `/media/records/...` and `/media/scalp/...` URLs. Only paths of the
 * shape this module writes are touched (a URL from the database is never trusted as a path).
 */
export async function removeRecordFiles(
  storage: MediaStorage,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  await storage.remove(
    urls.flatMap((url) => {
      const match = url ? safeUrl.exec(url) : null;
      return match ? [match[1]!] : [];
    }),
  );
}
