import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictFaceLandmark } from '@carol/contracts';
import { mlPlugin, type MlPluginOptions } from '../src/index.js';
import { commonFields as common, pngHeader, postPhoto } from './multipart.js';
import { facesDir } from './testdata.js';

const photo = (path: string) => readFileSync(join(facesDir, path));
const apps: FastifyInstance[] = [];

async function mlApp(options: MlPluginOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(mlPlugin, options);
  apps.push(app);
  return app;
}

function post(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  data?: Uint8Array,
  type = 'image/jpeg',
  lang = 'ko',
) {
  return postPhoto(app, url, data, { fields, type, lang });
}

interface Body {
  result?: string;
  resCode?: string;
  resMessage?: string;
  fields?: Array<{ field: string }>;
  pool?: Record<string, number>;
}
const json = (res: { json: () => unknown }) => res.json() as Body;

afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

describe('ML endpoints (real models on the worker pool)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await mlApp({ poolSize: 1, preload: true });
  });

  // Golden values measured once and checked by eye on the landmark overlay (tolerance: 3% of the face box).
  const golden = [
    {
      file: 'human-samples/person-lexi.jpg',
      image: { width: 1024, height: 1451 },
      points: {
        chin: [546.7, 524],
        noseTip: [531.1, 420.6],
        leftEye: [508.5, 321.5],
        rightEye: [630.3, 341.3],
        foreheadTop: [567.9, 232.3],
        leftTemple: [478.7, 246.4],
        rightTemple: [702.5, 269.1],
      },
    },
    {
      file: 'lfw/images/Al_Gore_0006.jpg',
      image: { width: 250, height: 250 },
      points: {
        chin: [124, 191],
        noseTip: [124, 145],
        leftEye: [104, 115],
        rightEye: [148, 115],
        foreheadTop: [126, 81],
        leftTemple: [87, 90],
        rightTemple: [165, 92],
      },
    },
  ] as const;

  it.each(golden)(
    'finds the 468-point mesh and the key points of $file',
    async ({ file, image, points }) => {
      const res = await post(app, predictFaceLandmark.path, {}, photo(file));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: 'success' });
      const body = predictFaceLandmark.response.parse(res.json());
      expect(body.image).toEqual(image);
      const { landmark } = body;
      expect(landmark.mesh).toHaveLength(468);
      expect(landmark.iris).toHaveLength(10);
      expect(landmark.points.faceOval).toHaveLength(36);
      const tolerance = 0.03 * landmark.box.width;
      const named = landmark.points;
      const actual: Record<string, readonly [number, number]> = {
        chin: named.chin,
        noseTip: named.noseTip,
        leftEye: named.leftEye.center,
        rightEye: named.rightEye.center,
        foreheadTop: named.foreheadTop,
        leftTemple: named.leftTemple,
        rightTemple: named.rightTemple,
      };
      for (const [name, [x, y]] of Object.entries(points)) {
        const [ax, ay] = actual[name]!;
        expect(Math.hypot(ax - x, ay - y), name).toBeLessThan(tolerance);
      }
      // the estimated hairline sits above the mesh top, the chin below the eyes
      expect(named.hairline[1]).toBeLessThan(named.foreheadTop[1]);
      expect(named.chin[1]).toBeGreaterThan(named.leftEye.center[1]);
      expect(Math.abs(landmark.rotation.yaw)).toBeLessThan(30);
    },
  );

  const noFace = readdirSync(join(facesDir, 'figaro1k-noface')).map((f) => `figaro1k-noface/${f}`);
  it.each([...noFace, 'figaro1k/images/Frame00404-org.jpg', 'human-samples/background.jpg'])(
    'answers "face recognition failed" for %s',
    async (file) => {
      const res = await post(app, predictFaceLandmark.path, {}, photo(file), 'image/jpeg', 'en');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        result: 'fail',
        resCode: 'FACE_RECOGNITION_FAILED',
        resMessage: 'Face recognition failed.',
      });
    },
  );

  it('refuses corrupt, wrong-type, huge and missing uploads with clear localized errors', async () => {
    const jpeg = photo('lfw/images/Al_Gore_0006.jpg');
    const corrupt = Buffer.concat([jpeg.subarray(0, 30), Buffer.alloc(2000, 0x55)]);
    let res = await post(app, predictFaceLandmark.path, {}, corrupt, 'image/jpeg', 'ja');
    expect([res.statusCode, json(res).resCode, json(res).resMessage]).toEqual([
      422,
      'PHOTO_INVALID',
      '写真を読み込めません。別の写真を選んでください。',
    ]);
    res = await post(
      app,
      predictFaceLandmark.path,
      {},
      Buffer.from('%PDF-1.7 not a photo'),
      'image/jpeg',
    );
    expect([res.statusCode, json(res).resCode]).toEqual([415, 'PHOTO_UNSUPPORTED']);
    // over the byte limit (12 MB): refused while uploading
    res = await post(app, predictFaceLandmark.path, {}, Buffer.alloc(13 * 1024 * 1024, 0xff));
    expect([res.statusCode, json(res).resCode]).toEqual([413, 'PHOTO_TOO_LARGE']);
    // a small file announcing 20000 × 20000 pixels
    res = await post(app, predictFaceLandmark.path, {}, pngHeader(20_000, 20_000), 'image/png');
    expect([res.statusCode, json(res).resCode]).toEqual([413, 'PHOTO_TOO_LARGE']);
    res = await post(app, predictFaceLandmark.path, {});
    expect([res.statusCode, json(res).resCode, json(res).fields?.[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'photo',
    ]);
    res = await post(app, predictFaceLandmark.path, { server: 'us' }, jpeg);
    expect([res.statusCode, json(res).resCode]).toEqual([400, 'INVALID_SERVER']);
    res = await app.inject({
      method: 'POST',
      url: predictFaceLandmark.path,
      payload: { photo: 'x', ...common },
    });
    expect([res.statusCode, json(res).resCode]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('recolours the hair and answers with the image (JPEG or WebP)', async () => {
    const original = photo('figaro1k/images/Frame00459-org.jpg');
    const res = await post(
      app,
      '/hair-color/predict/v1',
      { color: '#c8a26e', strength: '1' },
      original,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([552, 543, undefined]);
    // the hair (ground truth) got much lighter; the face (its oval shrunk by 15%) stayed the same
    const { landmark } = predictFaceLandmark.response.parse(
      (await post(app, predictFaceLandmark.path, {}, original)).json(),
    );
    const oval = landmark.points.faceOval;
    const cx = oval.reduce((sum, p) => sum + p[0], 0) / oval.length;
    const cy = oval.reduce((sum, p) => sum + p[1], 0) / oval.length;
    const inner = oval.map(([x, y]) => [cx + 0.85 * (x - cx), cy + 0.85 * (y - cy)] as const);
    const inFace = (x: number, y: number) => {
      let inside = false;
      for (let a = 0, b = inner.length - 1; a < inner.length; b = a++) {
        const [xa, ya] = inner[a]!;
        const [xb, yb] = inner[b]!;
        if (ya > y !== yb > y && x < ((xb - xa) * (y - ya)) / (yb - ya) + xa) inside = !inside;
      }
      return inside;
    };
    const mask = await sharp(join(facesDir, 'figaro1k/masks/Frame00459-gt.png'))
      .greyscale()
      .raw()
      .toBuffer();
    const before = await sharp(original).greyscale().raw().toBuffer();
    const after = await sharp(res.rawPayload).greyscale().raw().toBuffer();
    let hairGain = 0;
    let hairN = 0;
    let faceDiff = 0;
    let faceN = 0;
    for (let i = 0; i < mask.length; i++) {
      const x = i % 552;
      const y = Math.floor(i / 552);
      if (mask[i]! > 128) {
        hairGain += after[i]! - before[i]!;
        hairN++;
      } else if (inFace(x, y)) {
        faceDiff += Math.abs(after[i]! - before[i]!);
        faceN++;
      }
    }
    expect(faceN).toBeGreaterThan(10_000);
    expect(hairGain / hairN).toBeGreaterThan(40);
    expect(faceDiff / faceN).toBeLessThan(3); // JPEG re-encoding only

    const webp = await post(
      app,
      '/hair-color/predict/v1',
      { color: '#6a2c8c', strength: '0.6', format: 'webp' },
      original,
    );
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
  });

  it("leaves a neighbour's touching hair alone", async () => {
    // Uma Thurman with Ethan Hawke's head at the photo's left edge: the network sees his hair
    // as hair, and it touches hers; the recolour must stop between them
    const original = photo('lfw/images/Uma_Thurman_0002.jpg');
    const res = await post(
      app,
      '/hair-color/predict/v1',
      { color: '#e8d2a6', strength: '1' },
      original,
    );
    expect(res.statusCode).toBe(200);
    const before = await sharp(original).greyscale().raw().toBuffer();
    const after = await sharp(res.rawPayload).greyscale().raw().toBuffer();
    const change = (x0: number, x1: number, y0: number, y1: number, signed = false) => {
      let sum = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) {
          const d = after[y * 250 + x]! - before[y * 250 + x]!;
          sum += signed ? d : Math.abs(d);
        }
      return sum / ((x1 - x0) * (y1 - y0));
    };
    // his hair (top left) unchanged but for JPEG re-encoding; hers (top middle) much lighter
    expect(change(0, 30, 20, 90)).toBeLessThan(4);
    expect(change(110, 170, 10, 40, true)).toBeGreaterThan(30);
  });

  it('refuses a bad colour and photos without a usable face', async () => {
    const face = photo('lfw/images/Al_Gore_0006.jpg');
    let res = await post(app, '/hair-color/predict/v1', { color: 'red' }, face);
    expect([res.statusCode, json(res).resCode, json(res).fields?.[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'color',
    ]);
    res = await post(app, '/hair-color/predict/v1', { color: '#c8a26e', strength: '2' }, face);
    expect([res.statusCode, json(res).fields?.[0]?.field]).toEqual([400, 'strength']);
    res = await post(
      app,
      '/hair-color/predict/v1',
      { color: '#c8a26e' },
      photo('figaro1k-noface/Frame00010-org.jpg'),
    );
    expect([res.statusCode, json(res).resCode]).toEqual([422, 'FACE_RECOGNITION_FAILED']);
  });

  it('reports its models and pool', async () => {
    const res = await app.inject({ method: 'GET', url: '/status' });
    const status = res.json<{ ready: boolean; endpoints: string[]; pool: unknown }>();
    expect(status.ready).toBe(true);
    expect(status.endpoints).toContain('/face-landmark/predict/v1');
    expect(status.endpoints).toContain('/hair-color/predict/v1');
    expect(status.pool).toMatchObject({ size: 1, ready: 1 });
  });
});

describe('ML pool limits seen through the endpoints', () => {
  it('answers SIMULATION_BUSY (503) when the queue is full', async () => {
    const app = await mlApp({ poolSize: 1, maxQueue: 0, segmentation: false, preload: true });
    const face = photo('human-samples/person-lexi.jpg');
    const results = await Promise.all(
      [1, 2, 3].map(() => post(app, predictFaceLandmark.path, {}, face, 'image/jpeg', 'en')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect(codes).toContain(503);
    const busy = results.find((r) => r.statusCode === 503)!;
    expect(busy.json()).toMatchObject({
      resCode: 'SIMULATION_BUSY',
      resMessage: 'We are busy right now. Please try again in a moment.',
    });
  });

  it('answers SIMULATION_TIMEOUT (503) past the time limit and recovers', async () => {
    const app = await mlApp({ poolSize: 1, taskTimeoutMs: 1, segmentation: false, preload: true });
    const res = await post(app, predictFaceLandmark.path, {}, photo('lfw/images/Al_Gore_0006.jpg'));
    expect([res.statusCode, json(res).resCode]).toEqual([503, 'SIMULATION_TIMEOUT']);
    // the stuck worker is terminated and replaced
    await expect
      .poll(async () => json(await app.inject({ method: 'GET', url: '/status' })).pool, {
        timeout: 10_000,
      })
      .toMatchObject({ size: 1, restarts: 1, failed: 1 });
  });
});
