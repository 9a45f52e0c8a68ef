import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MlError } from '../errors.js';
import { decodePhoto, defaultPhotoLimits, scaleRgb, sniffPhotoFormat } from './decode.js';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof MlError ? error.code : String(error);
  }
}

/** A 200×100 photo: left half red, right half blue. */
async function twoTone(format: 'jpeg' | 'png' | 'webp', orientation?: number): Promise<Buffer> {
  const raw = Buffer.alloc(200 * 100 * 3);
  for (let y = 0; y < 100; y++)
    for (let x = 0; x < 200; x++)
      raw.set(x < 100 ? [220, 20, 20] : [20, 20, 220], (y * 200 + x) * 3);
  let img = sharp(raw, { raw: { width: 200, height: 100, channels: 3 } });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toFormat(format).toBuffer();
}

describe('decodePhoto', () => {
  it('sniffs JPEG, PNG, WebP by content, not by name', async () => {
    expect(sniffPhotoFormat(await twoTone('jpeg'))).toBe('jpeg');
    expect(sniffPhotoFormat(await twoTone('png'))).toBe('png');
    expect(sniffPhotoFormat(await twoTone('webp'))).toBe('webp');
    expect(sniffPhotoFormat(Buffer.from('GIF89a........'))).toBeNull();
    expect(sniffPhotoFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('decodes to RGB and honours the EXIF orientation', async () => {
    const upright = await decodePhoto(await twoTone('png'));
    expect([upright.width, upright.height, upright.data.length]).toEqual([200, 100, 200 * 100 * 3]);
    // orientation 6 = rotate 90° clockwise to display: red (left) ends up on top
    const rotated = await decodePhoto(await twoTone('jpeg', 6));
    expect([rotated.width, rotated.height]).toEqual([100, 200]);
    const top = rotated.data.subarray((10 * 100 + 50) * 3, (10 * 100 + 50) * 3 + 3);
    const bottom = rotated.data.subarray((190 * 100 + 50) * 3, (190 * 100 + 50) * 3 + 3);
    expect(top[0]!).toBeGreaterThan(150);
    expect(bottom[2]!).toBeGreaterThan(150);
  });

  it('scales large photos down to the working size', async () => {
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const photo = await decodePhoto(big, { ...defaultPhotoLimits, maxSide: 1200 });
    expect([photo.width, photo.height, photo.originalWidth]).toEqual([1200, 800, 3000]);
    const scaled = await scaleRgb(photo, 600);
    expect([scaled.width, scaled.height, scaled.scale]).toEqual([600, 400, 0.5]);
  });

  it('refuses wrong types, corrupt files, oversized bytes and pixels with clear codes', async () => {
    const jpeg = await twoTone('jpeg');
    expect(await codeOf(decodePhoto(Buffer.from('hello, not a photo')))).toBe('PHOTO_UNSUPPORTED');
    expect(await codeOf(decodePhoto(new Uint8Array(0)))).toBe('PHOTO_INVALID');
    // a JPEG header followed by garbage, and a truncated JPEG
    const garbage = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(500, 7)]);
    expect(await codeOf(decodePhoto(garbage))).toBe('PHOTO_INVALID');
    expect(await codeOf(decodePhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe(
      'PHOTO_INVALID',
    );
    expect(await codeOf(decodePhoto(jpeg, { ...defaultPhotoLimits, maxBytes: 100 }))).toBe(
      'PHOTO_TOO_LARGE',
    );
    expect(await codeOf(decodePhoto(jpeg, { ...defaultPhotoLimits, maxPixels: 10_000 }))).toBe(
      'PHOTO_TOO_LARGE',
    );
    expect(await codeOf(decodePhoto(jpeg, { ...defaultPhotoLimits, minSide: 150 }))).toBe(
      'PHOTO_INVALID',
    );
  });
});
