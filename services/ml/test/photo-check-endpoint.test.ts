import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictFaceLandmark, type PhotoCheck } from '@carol/contracts';
import { mlPlugin } from '../src/index.js';
import { postPhoto } from './multipart.js';
import { hardCases, type PhotoCase } from './photo-cases.js';
import { facesDir } from './testdata.js';

/**
 * The photo check (ADR 037) through the landmark endpoint, on real photos of each kind from the
 * evaluation set (read at test time, never copied) and on hard cases built from a frontal
 * portrait with sharp (photo-cases.ts): rotated, cut, shrunk, a second person beside it.
 */
let app: FastifyInstance;
let cases: Map<string, Buffer>;

const upload = async (path: string) =>
  sharp(join(facesDir, path))
    .rotate()
    .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();

async function checkOf(bytes: Buffer): Promise<PhotoCheck> {
  const res = await postPhoto(app, predictFaceLandmark.path, bytes, {
    fields: {},
    type: 'image/jpeg',
    lang: 'ko',
  });
  expect(res.statusCode).toBe(200);
  const body = predictFaceLandmark.response.parse(res.json());
  // every existing field is still there
  expect(body.landmark.mesh).toHaveLength(468);
  expect(body.landmark.points.faceOval).toHaveLength(36);
  expect(res.headers['server-timing']).toMatch(/landmarks;dur=\d+/);
  return body.check;
}
const codes = (check: PhotoCheck) => check.findings.map((f) => f.code);

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(mlPlugin, { poolSize: 1, preload: true });
  const built: PhotoCase[] = await hardCases(facesDir, async (bytes) => {
    const res = await postPhoto(app, predictFaceLandmark.path, bytes, { fields: {} });
    return predictFaceLandmark.response.parse(res.json()).landmark.box;
  });
  cases = new Map(built.map((c) => [c.name, c.bytes]));
}, 180_000);

afterAll(async () => {
  await app.close();
});

describe('the photo check of the landmark endpoint', () => {
  it('finds nothing on frontal portraits with the face clear', async () => {
    for (const file of ['human-samples/person-vlado.jpg', 'figaro1k/images/Frame00450-org.jpg']) {
      const check = await checkOf(await upload(file));
      expect(check, file).toMatchObject({ ok: true, findings: [] });
      // the hair network ran (one pass on the detector's copy) and measured the face
      expect(check.measures.hairOverFace, file).not.toBeNull();
      expect(check.measures.faceLuma, file).toBeGreaterThan(60);
    }
  });

  it('measures how far the own hair reaches below the chin (the style picker suggests a length)', async () => {
    // short hair, hair to the shoulders, hair far below them
    const short = await checkOf(await upload('human-samples/person-vlado.jpg'));
    expect(short.measures.hairBelowChin).toBeLessThan(0.25);
    const curls = await checkOf(await upload('figaro1k/images/Frame00442-org.jpg'));
    expect(curls.measures.hairBelowChin).toBeGreaterThanOrEqual(0.25);
    expect(curls.measures.hairBelowChin).toBeLessThan(0.8);
    const long = await checkOf(await upload('human-samples/person-lexi.jpg'));
    expect(long.measures.hairBelowChin).toBeGreaterThanOrEqual(0.8);
  });

  it('flags turned heads with the measured angle', async () => {
    const turned = await checkOf(await upload('figaro1k/images/Frame00998-org.jpg'));
    expect(codes(turned)).toContain('head_yaw');
    const yaw = turned.findings.find((f) => f.code === 'head_yaw')!;
    expect(yaw.value).toBeGreaterThan(yaw.limit);
    expect(yaw.limit).toBe(30);
    // a head tilted sideways (and down), small in the frame
    const tilted = await checkOf(await upload('human-samples/person-christina.jpg'));
    expect(codes(tilted)).toEqual(expect.arrayContaining(['head_roll', 'face_small']));
    // the frontal portrait rotated by 35 degrees
    expect(codes(await checkOf(cases.get('case-roll-35')!))).toContain('head_roll');
  });

  it('flags a face small in the frame, cut by the edge, or with the top of the head cut', async () => {
    expect(codes(await checkOf(cases.get('case-small')!))).toEqual(['face_small']);
    const side = await checkOf(cases.get('case-cut-side')!);
    expect(codes(side)).toContain('face_cut_off');
    expect(side.measures.ovalOutside).toBeGreaterThan(0.1);
    expect(codes(await checkOf(cases.get('case-cut-top')!))).toContain('head_cut_off');
  });

  it('flags another person in the photo', async () => {
    const check = await checkOf(cases.get('case-two-faces')!);
    expect(codes(check)).toContain('several_faces');
    expect(check.measures.otherFaces).toBe(1);
  });

  it('flags hair over the eyes and over the face, from the hair network', async () => {
    // a fringe down over the eyes
    expect(codes(await checkOf(await upload('figaro1k/images/Frame00128-org.jpg')))).toContain(
      'hair_over_eyes',
    );
    // a head bowed behind a curtain of long hair
    expect(codes(await checkOf(await upload('figaro1k/images/Frame00138-org.jpg')))).toEqual([
      'hair_over_face',
    ]);
  });

  it('flags a dark face', async () => {
    const check = await checkOf(await upload('figaro1k/images/Frame00013-org.jpg'));
    expect(codes(check)).toContain('face_dark');
    expect(check.measures.faceLuma).toBeLessThan(60);
  });

  it('still refuses what cannot work at all (no face)', async () => {
    const res = await postPhoto(
      app,
      predictFaceLandmark.path,
      readFileSync(join(facesDir, 'figaro1k-noface/Frame00010-org.jpg')),
      { fields: {}, lang: 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ resCode: 'FACE_RECOGNITION_FAILED' });
  });
});
