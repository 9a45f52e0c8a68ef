/** Longest side of the photo sent to the ML service: fast to upload, enough for a phone screen. */
export const UPLOAD_MAX_SIDE = 1280;
const UPLOAD_QUALITY = 0.9;

export interface PreparedPhoto {
  blob: Blob;
  /** Object URL of `blob` (revoke it when the photo is replaced). */
  url: string;
  width: number;
  height: number;
}

/** The size a `width`×`height` image is drawn at so its longest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide = UPLOAD_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export class PhotoDecodeError extends Error {
  constructor(cause?: unknown) {
    super('The file is not a photo this browser can open', { cause });
    this.name = 'PhotoDecodeError';
  }
}

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      // Browsers apply the EXIF orientation here, so a phone portrait stays upright.
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // Some formats (e.g. HEIC on Safari) only decode through <img>.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    return image;
  } catch (error) {
    throw new PhotoDecodeError(error);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Decodes the chosen or taken photo, turns it upright and scales it down to UPLOAD_MAX_SIDE as a
 * JPEG, so each call to the ML service sends a few hundred KB instead of a 12 MP original. The
 * result has no EXIF (location) data: a canvas never writes any.
 */
export async function preparePhoto(
  file: Blob,
  maxSide: number = UPLOAD_MAX_SIDE,
): Promise<PreparedPhoto> {
  const source = await decode(file);
  const naturalWidth = 'naturalWidth' in source ? source.naturalWidth : source.width;
  const naturalHeight = 'naturalHeight' in source ? source.naturalHeight : source.height;
  if (!naturalWidth || !naturalHeight) throw new PhotoDecodeError();
  const { width, height } = fitWithin(naturalWidth, naturalHeight, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoDecodeError();
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  if ('close' in source) source.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', UPLOAD_QUALITY),
  );
  if (!blob) throw new PhotoDecodeError();
  return { blob, url: URL.createObjectURL(blob), width, height };
}
