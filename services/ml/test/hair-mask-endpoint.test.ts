import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictHairMask } from '@carol/contracts';
import { defaultPhotoLimits } from '../src/image/decode.js';
import { findHair, loadModels, type Models } from '../src/pipelines.js';
import { commonFields, errorBody, pngHeader, postPhoto } from './multipart.js';
import { withPoolApp } from './pool-app.js';
import { facesDir } from './testdata.js';

const photo = (path: string) => readFileSync(join(facesDir, path));
const post = (app: FastifyInstance, data: Uint8Array | undefined, type?: string, lang?: string) =>
  postPhoto(app, predictHairMask.path, data, { ...(type && { type }), ...(lang && { lang }) });

/** The PNG's one channel (raw output would be sRGB). */
async function greyPixels(png: Uint8Array) {
  const meta = await sharp(png).metadata();
  expect([meta.format, meta.channels]).toEqual(['png', 1]);
  return sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
}

describe('POST /hair-mask/predict/v1 (real models on the worker pool)', () => {
  const pool = withPoolApp();

  it('answers the soft hair matte as an 8-bit greyscale PNG of the photo, hair where the hair is', async () => {
    const res = await post(pool.app, photo('figaro1k/images/Frame00459-org.jpg'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([res.headers['x-image-width'], res.headers['x-image-height']]).toEqual(['552', '543']);
    const { data, info } = await greyPixels(res.rawPayload);
    expect([info.width, info.height, info.channels]).toEqual([552, 543, 1]);
    const truth = await sharp(join(facesDir, 'figaro1k/masks/Frame00459-gt.png'))
      .greyscale()
      .raw()
      .toBuffer();
    let hairSum = 0;
    let hairN = 0;
    let both = 0;
    let either = 0;
    const levels = new Set<number>();
    for (let i = 0; i < truth.length; i++) {
      levels.add(data[i]!);
      const isHair = truth[i]! > 128;
      if (isHair) {
        hairSum += data[i]!;
        hairN++;
      }
      if (isHair && data[i]! >= 128) both++;
      if (isHair || data[i]! >= 128) either++;
    }
    expect(hairSum / hairN).toBeGreaterThan(200);
    expect(both / either).toBeGreaterThan(0.85);
    // soft: the edges hold the levels between, not only 0 and 255
    expect(levels.size).toBeGreaterThan(100);
  });

  it('refuses photos without a usable face, corrupt, too large and non-multipart uploads', async () => {
    let res = await post(pool.app, photo('figaro1k-noface/Frame00010-org.jpg'), 'image/jpeg', 'en');
    expect([res.statusCode, errorBody(res).resCode, errorBody(res).resMessage]).toEqual([
      422,
      'FACE_RECOGNITION_FAILED',
      'Face recognition failed.',
    ]);
    const jpeg = photo('lfw/images/Al_Gore_0006.jpg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(2000, 0x55)]);
    res = await post(pool.app, corrupt, 'image/jpeg', 'ja');
    expect([res.statusCode, errorBody(res).resCode, errorBody(res).resMessage]).toEqual([
      422,
      'PHOTO_INVALID',
      '写真を読み込めません。別の写真を選んでください。',
    ]);
    res = await post(pool.app, Buffer.alloc(13 * 1024 * 1024, 0xff));
    expect([res.statusCode, errorBody(res).resCode]).toEqual([413, 'PHOTO_TOO_LARGE']);
    res = await post(pool.app, pngHeader(20_000, 20_000), 'image/png');
    expect([res.statusCode, errorBody(res).resCode]).toEqual([413, 'PHOTO_TOO_LARGE']);
    res = await post(pool.app, undefined);
    expect([res.statusCode, errorBody(res).resCode, errorBody(res).fields?.[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'photo',
    ]);
    res = await pool.app.inject({
      method: 'POST',
      url: predictHairMask.path,
      payload: { photo: 'x', ...commonFields },
    });
    expect([res.statusCode, errorBody(res).resCode]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  describe('is the matte the recolour uses', () => {
    let models: Models;
    beforeAll(async () => {
      models = await loadModels();
    }, 120_000);
    afterAll(async () => {
      await models.hairNetwork?.close();
    });

    it.each(['human-samples/person-lexi.jpg', 'lfw/images/Uma_Thurman_0002.jpg'])(
      '%s: findHair (what predictHairColor recolours with, landmark-guided) to the 8-bit level',
      async (file) => {
        const bytes = photo(file);
        const res = await post(pool.app, bytes);
        expect(res.statusCode).toBe(200);
        const { data, info } = await greyPixels(res.rawPayload);
        const { photo: decoded, matte } = await findHair(
          models,
          new Uint8Array(bytes),
          defaultPhotoLimits,
          () => undefined,
        );
        expect([info.width, info.height]).toEqual([decoded.width, decoded.height]);
        let differing = 0;
        for (let i = 0; i < matte.length; i++)
          if (data[i] !== Math.round(matte[i]! * 255)) differing++;
        expect(differing).toBe(0);
      },
      60_000,
    );
  });
});
