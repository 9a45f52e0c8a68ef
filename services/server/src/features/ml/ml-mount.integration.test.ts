import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictFaceLandmark, predictHairColor } from '@carol/contracts';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { facesDir } from '../../../../ml/test/testdata.js';

/**
 * The ML service mounted in-process at /ml-api (services/ml mlPlugin): the server's multipart
 * parser, Origin check and error envelope work with it. The models themselves are tested in
 * services/ml; here one real landmark call proves the wiring.
 */
const faces = facesDir;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ML_WORKERS: '1', ML_PRELOAD: 'false' });
});
afterAll(async () => t.close());

function upload(path: string, fields: Record<string, string>, photo?: Buffer, origin?: string) {
  const form = new FormData();
  form.set('server', 'jp');
  form.set('country_code', 'jp');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (photo) form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  return t.app.inject({
    method: 'POST',
    url: `/ml-api${path}`,
    payload: form,
    headers: origin ? { origin } : {},
  });
}

describe('ML service under /ml-api', () => {
  it('finds face landmarks of an uploaded photo', async () => {
    const res = await upload(
      predictFaceLandmark.path,
      {},
      readFileSync(`${faces}lfw/images/Al_Gore_0006.jpg`),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: string; landmark: { mesh: unknown[] } }>();
    expect(body.result).toBe('success');
    expect(body.landmark.mesh).toHaveLength(468);
  });

  it('answers failures in the product envelope, localized by the server setting', async () => {
    const res = await upload(
      predictHairColor.path,
      { color: '#aa3355' },
      Buffer.from('not an image'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      result: 'fail',
      success: false,
      resCode: 'PHOTO_UNSUPPORTED',
      resMessage: 'JPEG・PNG・WebPの写真のみご利用いただけます。',
    });
  });

  it('keeps the Origin check of the API bases', async () => {
    const res = await upload(
      predictFaceLandmark.path,
      {},
      Buffer.from('x'),
      'https://evil.example',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
  });
});
