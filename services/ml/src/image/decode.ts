import sharp from 'sharp';
import { MlError } from '../errors.js';

/**
 * Upload decoding: sniff the type, check bytes and pixels, decode with EXIF orientation applied,
 * flatten transparency, cap the working size. The raw pixels live only in memory for the
 * request; nothing uploaded is written anywhere.
 */
export interface PhotoLimits {
  /** Largest accepted upload in bytes. */
  maxBytes: number;
  /** Largest accepted photo in pixels (width × height, before scaling). */
  maxPixels: number;
  /** Smallest accepted side in pixels. */
  minSide: number;
  /** Photos are scaled down so that the longer side is at most this (working resolution). */
  maxSide: number;
}

export const defaultPhotoLimits: PhotoLimits = {
  maxBytes: 12 * 1024 * 1024,
  maxPixels: 40_000_000,
  minSide: 64,
  maxSide: 1600,
};

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface DecodedPhoto {
  /** RGB, 3 channels, row-major, EXIF-oriented. */
  data: Uint8Array;
  width: number;
  height: number;
  /** The upload's format. */
  format: PhotoFormat;
  /** Size of the oriented upload before scaling to the working size. */
  originalWidth: number;
  originalHeight: number;
}

/** The upload's type from its first bytes (the client's file name and type are not trusted). */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg';
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'png';
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}

export async function decodePhoto(
  input: Uint8Array,
  limits: PhotoLimits = defaultPhotoLimits,
): Promise<DecodedPhoto> {
  if (input.byteLength === 0) throw new MlError('PHOTO_INVALID', 'empty upload');
  if (input.byteLength > limits.maxBytes)
    throw new MlError('PHOTO_TOO_LARGE', `${input.byteLength} bytes`);
  const format = sniffPhotoFormat(input);
  if (!format) throw new MlError('PHOTO_UNSUPPORTED', 'not a JPEG, PNG, WebP or AVIF image');

  const open = () =>
    sharp(input, { failOn: 'error', limitInputPixels: false, sequentialRead: true });
  let width: number;
  let height: number;
  try {
    // The header alone decides the size (a pixel bomb is refused before any decoding).
    const meta = await sharp(input, { failOn: 'none', limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    // EXIF orientations 5..8 swap the sides.
    const swap = (meta.orientation ?? 1) >= 5;
    width = swap ? meta.height : meta.width;
    height = swap ? meta.width : meta.height;
  } catch (error) {
    throw new MlError('PHOTO_INVALID', 'unreadable header', { cause: error });
  }
  if (width * height > limits.maxPixels)
    throw new MlError('PHOTO_TOO_LARGE', `${width}x${height} pixels`);
  if (Math.min(width, height) < limits.minSide)
    throw new MlError('PHOTO_INVALID', `${width}x${height} is too small`);

  try {
    const { data, info } = await open()
      .rotate()
      .resize({
        width: limits.maxSide,
        height: limits.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      format,
      originalWidth: width,
      originalHeight: height,
    };
  } catch (error) {
    throw new MlError('PHOTO_INVALID', 'undecodable pixels', { cause: error });
  }
}

/** Scales an RGB image down (never up) so its longer side is at most `maxSide`. */
export async function scaleRgb(
  image: { data: Uint8Array; width: number; height: number },
  maxSide: number,
): Promise<{ data: Uint8Array; width: number; height: number; scale: number }> {
  const longer = Math.max(image.width, image.height);
  if (longer <= maxSide) return { ...image, scale: 1 };
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .resize({ width: maxSide, height: maxSide, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    scale: info.width / image.width,
  };
}
