import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { predictBald } from '@carol/contracts';
import { errorBody, postPhoto } from './multipart.js';
import { withPoolApp } from './pool-app.js';
import { facesDir } from './testdata.js';

const photo = (path: string) => readFileSync(join(facesDir, path));
const post = (app: FastifyInstance, data: Uint8Array | undefined, lang?: string) =>
  postPhoto(app, predictBald.path, data, lang ? { lang } : {});

const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');

describe('POST /bald/predict/v3 (real models on the worker pool)', () => {
  const pool = withPoolApp();

  it('removes the hair: skin on the head, the mask of what was replaced', async () => {
    const original = photo('human-samples/person-vlado.jpg');
    const res = await post(pool.app, original);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = predictBald.response.parse(res.json());
    const { width, height } = body.image;
    const bald = await sharp(fromDataUrl(body.baldImage))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const maskPng = fromDataUrl(body.mask);
    const maskMeta = await sharp(maskPng).metadata();
    expect([maskMeta.format, maskMeta.width, maskMeta.height, maskMeta.channels]).toEqual([
      'png',
      width,
      height,
      1,
    ]);
    const mask = await sharp(maskPng).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([bald.info.width, bald.info.height]).toEqual([width, height]);
    const before = await sharp(original)
      .rotate()
      .resize({ width, height })
      .removeAlpha()
      .raw()
      .toBuffer();
    // The skull: replaced pixels inside the head ellipse went from dark hair to a light skin tone.
    const { center, up, halfWidth, halfHeightUp } = body.head;
    let count = 0;
    let lumaBefore = 0;
    let lumaAfter = 0;
    let masked = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (mask.data[i]! < 255) continue;
        masked++;
        const dx = x - center[0];
        const dy = y - center[1];
        const u = (dx * -up[1] + dy * up[0]) / halfWidth;
        const v = (dx * up[0] + dy * up[1]) / halfHeightUp;
        if (v < 0.2 || u * u + v * v > 0.8) continue;
        const l = (d: Buffer) => 0.299 * d[i * 3]! + 0.587 * d[i * 3 + 1]! + 0.114 * d[i * 3 + 2]!;
        lumaBefore += l(before);
        lumaAfter += l(bald.data);
        count++;
      }
    expect(masked / (width * height)).toBeGreaterThan(0.005);
    expect(masked / (width * height)).toBeLessThan(0.5);
    expect(count).toBeGreaterThan(500);
    expect(lumaAfter / count - lumaBefore / count).toBeGreaterThan(40);
    // The scalp map: a part of the replaced pixels (beside the head above the temples; little
    // on a frontal face), none at the face's middle.
    const scalpPng = fromDataUrl(body.scalp);
    expect((await sharp(scalpPng).metadata()).width).toBe(width);
    const scalp = await sharp(scalpPng).extractChannel(0).raw().toBuffer();
    let onScalp = 0;
    let outsideMask = 0;
    for (let i = 0; i < width * height; i++) {
      if (scalp[i]! < 128) continue;
      onScalp++;
      if (mask.data[i]! === 0) outsideMask++;
    }
    expect(onScalp).toBeGreaterThan(100);
    expect(onScalp).toBeLessThan(masked);
    expect(outsideMask).toBe(0);
    const nose = Math.round(center[1]) * width + Math.round(center[0]);
    expect(scalp[nose]).toBe(0);
  }, 60_000);

  it('answers "face recognition failed" for a photo without a face', async () => {
    const res = await post(pool.app, photo('human-samples/background.jpg'), 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      result: 'fail',
      resCode: 'FACE_RECOGNITION_FAILED',
      resMessage: 'Face recognition failed.',
    });
  }, 60_000);

  it('refuses a corrupt upload and a missing photo with clear errors', async () => {
    const jpeg = photo('lfw/images/Al_Gore_0006.jpg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(2000, 0x55)]);
    let res = await post(pool.app, corrupt, 'ja');
    expect([res.statusCode, errorBody(res).resCode, errorBody(res).resMessage]).toEqual([
      422,
      'PHOTO_INVALID',
      '写真を読み込めません。別の写真を選んでください。',
    ]);
    res = await post(pool.app, undefined);
    expect([res.statusCode, errorBody(res).resCode, errorBody(res).fields?.[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'photo',
    ]);
  }, 60_000);
});
