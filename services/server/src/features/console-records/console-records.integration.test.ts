import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type {
  ConsoleCustomer,
  ConsoleDiagnosis,
  ConsoleMedia,
  ConsoleNotice,
  ConsoleVisit,
} from '@carol/contracts';
import { members, shopCustomers, shopLinks, visitMedia } from '../../db/schema/index.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
let mediaDir: string;
const BASE = '/shop-api/console/records';
const fixtures = join(import.meta.dirname, '../../../test/fixtures');
const fixture = (name: string) => readFile(join(fixtures, name));

const ctx = {} as {
  shopId: number;
  key: string;
  designerId: number;
  otherShopId: number;
  otherKey: string;
  otherDesignerId: number;
  jpShopKey: string;
  linkedToken: string;
  linkedPhone: string;
  strangerToken: string;
  strangerPhone: string;
};

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'rec-console-media-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_DIR: mediaDir });
  const db = t.database.db;
  const shop = await buildShop(db, { name: '헤어샵 기록' });
  const other = await buildShop(db, { name: '다른 살롱' });
  const jp = await buildShop(db, { server: 'jp' });
  const linked = await buildMember(db, { phone: '010-5555-0001' });
  const stranger = await buildMember(db, { phone: '010-5555-0002' });
  // The linked member: linked with the shop under the phone the salon records.
  await db.insert(shopLinks).values({ memberId: linked.id, shopId: shop.id, phone: linked.phone! });
  Object.assign(ctx, {
    shopId: shop.id,
    key: await buildConsoleKey(db, shop.id),
    designerId: (await buildDesigner(db, shop.id, { name: '박보니' })).id,
    otherShopId: other.id,
    otherKey: await buildConsoleKey(db, other.id),
    otherDesignerId: (await buildDesigner(db, other.id)).id,
    jpShopKey: await buildConsoleKey(db, jp.id),
    linkedToken: await buildSession(db, linked.id),
    linkedPhone: linked.phone!,
    strangerToken: await buildSession(db, stranger.id),
    strangerPhone: stranger.phone!,
  });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const bearer = (key: string | null): Record<string, string> =>
  key === null ? {} : { authorization: `Bearer ${key}` };

/** A console call with JSON, as a staff system would send it. */
function call(path: string, body: Record<string, unknown> = {}, key: string | null = ctx.key) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    headers: bearer(key),
    payload: { server: 'kr', country_code: 'kr', ...body },
  });
}

interface Part {
  data: Buffer;
  type: string;
  name: string;
}

/** A console call with form-data and file parts, as a mirror would send it. */
function upload(
  path: string,
  fields: Record<string, string | number>,
  files: Record<string, Part | Part[]>,
  key: string | null = ctx.key,
) {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  for (const [k, v] of Object.entries(fields)) form.set(k, String(v));
  for (const [field, parts] of Object.entries(files)) {
    for (const p of [parts].flat()) {
      form.append(field, new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
    }
  }
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/${path}`,
    payload: form,
    headers: bearer(key),
  });
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const asMember = (token: string) => ({ cookie: `carol_sid=${token}` });

/** A photo from a phone: 600×400 pixels stored sideways (EXIF orientation 6), with GPS. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#884422' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SalonCam', Artist: 'Customer home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 5940/100' },
    })
    .toBuffer();
}

const jpegPart = (data: Buffer, name = 'p.jpg'): Part => ({ data, type: 'image/jpeg', name });
const fileOnDisk = (url: string) => join(mediaDir, url.replace(/^\/media\//, ''));
const exists = async (url: string) => (await stat(fileOnDisk(url)).catch(() => null)) !== null;

async function newVisit(phone = ctx.linkedPhone, key = ctx.key) {
  const res = await call(
    'add_visit',
    { phone, visited_at: '2026-11-20T14:30:00+09:00', treatments: ['컷'] },
    key,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ visit: ConsoleVisit }>().visit;
}

async function addPhoto(visitId: number) {
  const res = await upload(
    'add_visit_media',
    { visit_id: visitId, label: 'after' },
    { file: jpegPart(await phonePhoto()) },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ media: ConsoleMedia }>().media;
}

async function addVideo(visitId: number, name = 'clip-h264-aac.mp4') {
  const res = await upload(
    'add_visit_media',
    { visit_id: visitId },
    {
      file: { data: await fixture(name), type: 'application/octet-stream', name: 'v.bin' },
      poster: jpegPart(await phonePhoto(), 'poster.jpg'),
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ media: ConsoleMedia }>().media;
}

describe('console key', () => {
  it('refuses every call without a key, with a wrong key and with a member session (401)', async () => {
    const photo = jpegPart(await phonePhoto());
    // Valid bodies, so that only the key decides (the schema is checked before the key).
    const json: Record<string, Record<string, unknown>> = {
      save_customer: { phone: '010-1111-2222' },
      get_customer_records: { phone: '010-1111-2222' },
      add_visit: { phone: '010-1111-2222', visited_at: '2026-11-20T10:00:00Z' },
      update_visit: { visit_id: 1, shop_memo: 'x' },
      delete_visit: { visit_id: 1 },
      delete_visit_media: { media_id: 1 },
      delete_diagnosis: { diagnosis_id: 1 },
      get_notice_list: {},
      save_notice: { type: 'news', title: 't' },
      delete_notice: { notice_id: 1 },
      get_linked_members: {},
      delete_customer: { phone: '010-1111-2222' },
    };
    const multipart: Record<string, [Record<string, string>, Record<string, Part>]> = {
      add_visit_media: [{ visit_id: '1' }, { file: photo }],
      add_diagnosis: [
        {
          phone: '010-1111-2222',
          diagnosed_at: '2026-11-20T10:00:00Z',
          measures: JSON.stringify([
            { key: 'density', value: 1, unit: 'x', normal_min: null, normal_max: null },
          ]),
        },
        { images: photo },
      ],
    };
    for (const key of [null, 'k'.repeat(43)]) {
      for (const [path, body] of Object.entries(json)) {
        expect((await call(path, body, key)).statusCode, path).toBe(401);
        const member = await t.app.inject({
          method: 'POST',
          url: `${BASE}/${path}`,
          headers: asMember(ctx.linkedToken),
          payload: { server: 'kr', country_code: 'kr', ...body },
        });
        expect(member.statusCode, path).toBe(401);
      }
      for (const [path, [fields, files]] of Object.entries(multipart)) {
        const res = await upload(path, fields, files, key);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(401);
      }
    }
    expect(Object.keys(json).length + Object.keys(multipart).length).toBe(14);
    // Nothing was written by the refused calls.
    const rows = await t.database.db
      .select()
      .from(shopCustomers)
      .where(eq(shopCustomers.phone, '010-1111-2222'));
    expect(rows).toEqual([]);
  });
});

describe('customers', () => {
  it('saves a customer by the canonical phone and keeps the name when none is sent', async () => {
    const res = await call('save_customer', { phone: '010 7777 1234', name: '김고객' });
    expect(res.statusCode, res.body).toBe(200);
    const customer = res.json<{ customer: ConsoleCustomer }>().customer;
    expect(customer).toMatchObject({
      phone: '010-7777-1234',
      name: '김고객',
      is_linked: false,
      visit_count: 0,
      diagnosis_count: 0,
    });
    const again = await call('save_customer', { phone: '01077771234' });
    expect(again.json<{ customer: ConsoleCustomer }>().customer).toMatchObject({
      customer_id: customer.customer_id,
      name: '김고객',
    });
  });

  it("refuses a phone that is not a mobile number of the shop's market", async () => {
    const format = await call('save_customer', { phone: '02-123-4567' });
    expect(format.statusCode).toBe(400);
    expect(format.json()).toMatchObject({ resCode: 'PHONE_FORMAT' });
    const digits = await call('save_customer', { phone: '010-abcd-1234' });
    expect(digits.json()).toMatchObject({ resCode: 'PHONE_DIGITS_ONLY' });
    // A Japanese salon takes Japanese numbers only, whatever `server` the body says.
    const jp = await call('save_customer', { phone: '010-7777-1234' }, ctx.jpShopKey);
    expect(jp.json()).toMatchObject({ resCode: 'PHONE_FORMAT' });
    const jpOk = await call('save_customer', { phone: '090-1234-5678' }, ctx.jpShopKey);
    expect(jpOk.statusCode, jpOk.body).toBe(200);
  });

  it('answers NOT_FOUND for an unknown phone, and for a phone only another shop knows', async () => {
    await call('save_customer', { phone: '010-7777-9999' }, ctx.otherKey);
    const res = await call('get_customer_records', { phone: '010-7777-9999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
  });
});

describe('visits', () => {
  it('creates the customer on the first visit and records designer, treatments and memo', async () => {
    const form = await postForm(
      t.app,
      `${BASE}/add_visit`,
      {
        phone: '010-6666-0001',
        customer_name: '이첫방문',
        visited_at: '2026-11-21T05:30:00Z',
        designer_id: ctx.designerId,
        treatments: JSON.stringify(['컷', '클리닉']),
        shop_memo: '앞머리 짧게\n다음엔 펌',
      },
      { headers: bearer(ctx.key) },
    );
    expect(form.statusCode, form.body).toBe(200);
    const visit = form.json<{ visit: ConsoleVisit }>().visit;
    expect(visit).toMatchObject({
      phone: '010-6666-0001',
      visited_at: '2026-11-21T05:30:00.000Z',
      designer_id: ctx.designerId,
      designer_name: '박보니',
      treatments: ['컷', '클리닉'],
      shop_memo: '앞머리 짧게\n다음엔 펌',
      media: [],
    });
    const records = await call('get_customer_records', { phone: '01066660001' });
    expect(records.json()).toMatchObject({
      customer: { name: '이첫방문', visit_count: 1 },
      visits: [{ visit_id: visit.visit_id }],
      diagnoses: [],
    });
  });

  it("refuses another shop's designer and an unknown one (NOT_FOUND), and bad input", async () => {
    for (const designer_id of [ctx.otherDesignerId, 999_999]) {
      const res = await call('add_visit', {
        phone: '010-6666-0002',
        visited_at: '2026-11-21T05:30:00Z',
        designer_id,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
    // Nothing was created for the refused visits.
    expect((await call('get_customer_records', { phone: '010-6666-0002' })).statusCode).toBe(404);
    const noDate = await call('add_visit', { phone: '010-6666-0002', visited_at: '2026-11-21' });
    expect(noDate.statusCode).toBe(400);
    const badPhone = await call('add_visit', { phone: '123', visited_at: '2026-11-21T05:30:00Z' });
    expect(badPhone.json()).toMatchObject({ resCode: 'PHONE_FORMAT' });
  });

  it("updates only the fields sent; another shop's visit is NOT_FOUND", async () => {
    const visit = await newVisit();
    const res = await call('update_visit', {
      visit_id: visit.visit_id,
      designer_id: ctx.designerId,
      shop_memo: '두피 건조',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ visit: ConsoleVisit }>().visit).toMatchObject({
      designer_name: '박보니',
      treatments: ['컷'],
      shop_memo: '두피 건조',
    });
    const other = await call(
      'update_visit',
      { visit_id: visit.visit_id, shop_memo: 'x' },
      ctx.otherKey,
    );
    expect(other.statusCode).toBe(404);
    const badDesigner = await call('update_visit', {
      visit_id: visit.visit_id,
      designer_id: ctx.otherDesignerId,
    });
    expect(badDesigner.statusCode).toBe(404);
    expect(
      (await call('delete_visit', { visit_id: visit.visit_id }, ctx.otherKey)).statusCode,
    ).toBe(404);
  });
});

describe('visit photos and videos', () => {
  it('re-encodes a photo upright without any metadata, with a 480 px thumbnail', async () => {
    const visit = await newVisit();
    const media = await addPhoto(visit.visit_id);
    expect(media).toMatchObject({
      kind: 'photo',
      label: 'after',
      mime_type: 'image/webp',
      // 600×400 stored with orientation 6 is a 400×600 picture.
      width: 400,
      height: 600,
      duration_ms: null,
    });
    expect(media.url).toMatch(/^\/media\/records\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
    const stored = await readFile(fileOnDisk(media.url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('SalonCam'))).toBe(false);
    const thumb = await sharp(await readFile(fileOnDisk(media.thumb_url))).metadata();
    expect(thumb).toMatchObject({ width: 480, height: 480 });
    expect(thumb.exif).toBeUndefined();
  });

  it('refuses files that are not photos, and a photo above 15 MB', async () => {
    const visit = await newVisit();
    const text = await upload(
      'add_visit_media',
      { visit_id: visit.visit_id },
      { file: jpegPart(Buffer.from('<html>not an image</html>')) },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ resCode: 'PHOTO_UNSUPPORTED' });
    const big = await upload(
      'add_visit_media',
      { visit_id: visit.visit_id },
      { file: jpegPart(Buffer.concat([await phonePhoto(), Buffer.alloc(16 * 1024 * 1024)])) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ resCode: 'PHOTO_TOO_LARGE' });
    const rows = await t.database.db
      .select()
      .from(visitMedia)
      .where(eq(visitMedia.visitId, visit.visit_id));
    expect(rows).toEqual([]);
  });

  it('takes an MP4 (H.264/AAC) and a WebM (VP9/Opus) as sent, sniffed, with a re-encoded poster', async () => {
    const visit = await newVisit();
    const mp4 = await addVideo(visit.visit_id);
    expect(mp4).toMatchObject({
      kind: 'video',
      mime_type: 'video/mp4',
      width: 64,
      height: 48,
      bytes: (await fixture('clip-h264-aac.mp4')).length,
    });
    expect(mp4.duration_ms).toBeGreaterThan(1900);
    expect(mp4.duration_ms).toBeLessThan(2200);
    expect(mp4.url).toMatch(/^\/media\/records\/\d{4}-\d{2}\/[0-9a-f]{32}\.mp4$/);
    expect(await readFile(fileOnDisk(mp4.url))).toEqual(await fixture('clip-h264-aac.mp4'));
    const poster = await sharp(await readFile(fileOnDisk(mp4.thumb_url))).metadata();
    expect(poster).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(poster.exif).toBeUndefined();

    const webm = await addVideo(visit.visit_id, 'clip-vp9-opus.webm');
    expect(webm).toMatchObject({ mime_type: 'video/webm', width: 64, height: 48 });
    expect(webm.url).toMatch(/\.webm$/);
    const records = await call('get_customer_records', { phone: ctx.linkedPhone });
    const listed = records
      .json<{ visits: ConsoleVisit[] }>()
      .visits.find((v) => v.visit_id === visit.visit_id)!;
    expect(listed.media.map((m) => m.media_id)).toEqual([mp4.media_id, webm.media_id]);
  });

  it('refuses a renamed non-video, another codec, a video over 60 s and a video without poster', async () => {
    const visit = await newVisit();
    const poster = jpegPart(await phonePhoto(), 'poster.jpg');
    const asVideo = (data: Buffer): Part => ({ data, type: 'video/mp4', name: 'clip.mp4' });
    const cases: Array<[string, Record<string, Part>, number, string]> = [
      [
        'a photo named clip.mp4',
        { file: asVideo(await phonePhoto()), poster },
        422,
        'VIDEO_INVALID',
      ],
      [
        'MPEG-4 part 2',
        { file: asVideo(await fixture('mpeg4-part2.mp4')), poster },
        422,
        'VIDEO_INVALID',
      ],
      [
        'a truncated mp4',
        { file: asVideo((await fixture('clip-h264-aac.mp4')).subarray(0, 300)), poster },
        422,
        'VIDEO_INVALID',
      ],
      [
        '65 seconds',
        { file: asVideo(await fixture('long-65s.mp4')), poster },
        422,
        'VIDEO_TOO_LONG',
      ],
      [
        'no poster',
        { file: asVideo(await fixture('clip-h264-aac.mp4')) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a poster that is not an image',
        {
          file: asVideo(await fixture('clip-h264-aac.mp4')),
          poster: jpegPart(Buffer.from('nope')),
        },
        415,
        'PHOTO_UNSUPPORTED',
      ],
    ];
    for (const [label, files, status, code] of cases) {
      const res = await upload('add_visit_media', { visit_id: visit.visit_id }, files);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json(), label).toMatchObject({ success: false, resCode: code });
    }
    const rows = await t.database.db
      .select()
      .from(visitMedia)
      .where(eq(visitMedia.visitId, visit.visit_id));
    expect(rows).toEqual([]);
  });

  it("refuses media for another shop's visit (NOT_FOUND) and a body over the video limit", async () => {
    const visit = await newVisit();
    const other = await upload(
      'add_visit_media',
      { visit_id: visit.visit_id },
      { file: jpegPart(await phonePhoto()) },
      ctx.otherKey,
    );
    expect(other.statusCode).toBe(404);
    const huge = await upload(
      'add_visit_media',
      { visit_id: visit.visit_id },
      {
        file: {
          data: Buffer.concat([await fixture('clip-h264-aac.mp4'), Buffer.alloc(51 * 1024 * 1024)]),
          type: 'video/mp4',
          name: 'big.mp4',
        },
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ resCode: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('GET /media/records/...', () => {
  it('answers byte ranges (206, 416) and conditional requests for a video', async () => {
    const visit = await newVisit();
    const video = await addVideo(visit.visit_id);
    const bytes = await fixture('clip-h264-aac.mp4');
    const who = bearer(ctx.key);
    const full = await get(video.url, who);
    expect(full.statusCode).toBe(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['cache-control']).toBe('private, no-cache');
    expect(full.rawPayload).toEqual(bytes);

    const first = await get(video.url, { ...who, range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload).toEqual(bytes.subarray(0, 100));
    // iOS Safari's first probe.
    const probe = await get(video.url, { ...who, range: 'bytes=0-1' });
    expect(probe.statusCode).toBe(206);
    expect(probe.rawPayload).toEqual(bytes.subarray(0, 2));
    const tail = await get(video.url, { ...who, range: 'bytes=-10' });
    expect(tail.headers['content-range']).toBe(
      `bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(tail.rawPayload).toEqual(bytes.subarray(bytes.length - 10));
    const open = await get(video.url, { ...who, range: `bytes=${bytes.length - 5}-` });
    expect(open.rawPayload).toEqual(bytes.subarray(bytes.length - 5));
    const past = await get(video.url, { ...who, range: `bytes=${bytes.length + 10}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
    // A range under another validator: the whole current file.
    const stale = await get(video.url, { ...who, range: 'bytes=0-9', 'if-range': 'W/"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);
    const notModified = await get(video.url, {
      ...who,
      'if-none-match': String(full.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('serves record files to the linked member and the salon that made them, 404 to anyone else', async () => {
    const visit = await newVisit(ctx.linkedPhone);
    const photo = await addPhoto(visit.visit_id);
    const video = await addVideo(visit.visit_id);
    for (const url of [photo.url, photo.thumb_url, video.url, video.thumb_url]) {
      expect((await get(url)).statusCode, `anonymous ${url}`).toBe(404);
      expect((await get(url, asMember(ctx.strangerToken))).statusCode, url).toBe(404);
      expect((await get(url, bearer(ctx.otherKey))).statusCode, `other shop ${url}`).toBe(404);
      expect((await get(url, bearer('k'.repeat(43)))).statusCode, url).toBe(404);
      expect((await get(url, asMember(ctx.linkedToken))).statusCode, `linked ${url}`).toBe(200);
      expect((await get(url, bearer(ctx.key))).statusCode, `own shop ${url}`).toBe(200);
    }
    const ranged = await get(video.url, { ...asMember(ctx.linkedToken), range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    // A stranger's range request learns nothing either.
    expect(
      (await get(video.url, { ...asMember(ctx.strangerToken), range: 'bytes=0-9' })).statusCode,
    ).toBe(404);
  });
});

describe('scalp diagnoses', () => {
  const measures = [
    { key: 'density', value: 118, unit: 'hairs/cm²', normal_min: 100, normal_max: 160 },
    { key: 'sebum', value: 42.5, unit: '%', normal_min: 20, normal_max: 40 },
  ];

  it('records measures, microscope images with their areas and the memo; creates the customer', async () => {
    const res = await upload(
      'add_diagnosis',
      {
        phone: '010-4444-0001',
        diagnosed_at: '2026-11-22T10:00:00+09:00',
        designer_id: ctx.designerId,
        measures: JSON.stringify(measures),
        image_areas: JSON.stringify(['crown', 'front']),
        memo: '정수리 피지 많음',
      },
      { images: [jpegPart(await phonePhoto()), jpegPart(await phonePhoto())] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const diagnosis = res.json<{ diagnosis: ConsoleDiagnosis }>().diagnosis;
    expect(diagnosis).toMatchObject({
      phone: '010-4444-0001',
      diagnosed_at: '2026-11-22T01:00:00.000Z',
      designer_name: '박보니',
      measures,
      memo: '정수리 피지 많음',
    });
    expect(diagnosis.images.map((i) => i.area)).toEqual(['crown', 'front']);
    for (const image of diagnosis.images) {
      expect(image.url).toMatch(/^\/media\/scalp\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
      expect((await sharp(await readFile(fileOnDisk(image.url))).metadata()).exif).toBeUndefined();
      expect((await get(image.url)).statusCode).toBe(404);
      expect((await get(image.url, bearer(ctx.otherKey))).statusCode).toBe(404);
      expect((await get(image.url, bearer(ctx.key))).statusCode).toBe(200);
    }
    const records = await call('get_customer_records', { phone: '010-4444-0001' });
    expect(records.json()).toMatchObject({
      customer: { diagnosis_count: 1, visit_count: 0 },
      diagnoses: [{ diagnosis_id: diagnosis.diagnosis_id }],
    });

    // Delete: another shop cannot; the salon can, and the files go.
    const other = await call(
      'delete_diagnosis',
      { diagnosis_id: diagnosis.diagnosis_id },
      ctx.otherKey,
    );
    expect(other.statusCode).toBe(404);
    const del = await call('delete_diagnosis', { diagnosis_id: diagnosis.diagnosis_id });
    expect(del.json()).toMatchObject({ diagnosis_id: diagnosis.diagnosis_id });
    for (const image of diagnosis.images) {
      expect(await exists(image.url)).toBe(false);
      expect(await exists(image.thumb_url)).toBe(false);
    }
    expect(
      (await call('delete_diagnosis', { diagnosis_id: diagnosis.diagnosis_id })).statusCode,
    ).toBe(404);
  });

  it('refuses bad measures JSON, unknown keys, a bad designer and a bad image', async () => {
    const base = { phone: '010-4444-0002', diagnosed_at: '2026-11-22T10:00:00+09:00' };
    const cases: Array<[string, Record<string, string | number>, number, string]> = [
      ['not JSON', { measures: '[{"key":' }, 400, 'VALIDATION_FAILED'],
      ['empty', { measures: '[]' }, 400, 'VALIDATION_FAILED'],
      [
        'unknown key',
        { measures: JSON.stringify([{ ...measures[0], key: 'iq' }]) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'value not a number',
        { measures: JSON.stringify([{ ...measures[0], value: 'lots' }]) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        'range upside down',
        { measures: JSON.stringify([{ ...measures[0], normal_min: 200, normal_max: 100 }]) },
        400,
        'VALIDATION_FAILED',
      ],
      [
        "another shop's designer",
        { measures: JSON.stringify(measures), designer_id: ctx.otherDesignerId },
        404,
        'NOT_FOUND',
      ],
    ];
    for (const [label, fields, status, code] of cases) {
      const res = await upload('add_diagnosis', { ...base, ...fields }, {});
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json(), label).toMatchObject({ resCode: code });
    }
    const badImage = await upload(
      'add_diagnosis',
      { ...base, measures: JSON.stringify(measures) },
      { images: [jpegPart(await phonePhoto()), jpegPart(Buffer.from('not an image'))] },
    );
    expect(badImage.statusCode).toBe(415);
    expect((await call('get_customer_records', { phone: base.phone })).statusCode).toBe(404);
  });
});

describe('deleting records', () => {
  it('deletes one medium, a visit and a whole customer with their files', async () => {
    const phone = '010-3333-0001';
    const v1 = await newVisit(phone);
    const v2 = await newVisit(phone);
    const photo = await addPhoto(v1.visit_id);
    const video = await addVideo(v1.visit_id);
    const photo2 = await addPhoto(v2.visit_id);
    const diag = await upload(
      'add_diagnosis',
      {
        phone,
        diagnosed_at: '2026-11-22T10:00:00+09:00',
        measures: JSON.stringify([
          { key: 'density', value: 1, unit: 'x', normal_min: null, normal_max: null },
        ]),
      },
      { images: jpegPart(await phonePhoto()) },
    );
    const image = diag.json<{ diagnosis: ConsoleDiagnosis }>().diagnosis.images[0]!;

    expect(
      (await call('delete_visit_media', { media_id: photo.media_id }, ctx.otherKey)).statusCode,
    ).toBe(404);
    const one = await call('delete_visit_media', { media_id: photo.media_id });
    expect(one.json()).toMatchObject({ media_id: photo.media_id });
    expect(await exists(photo.url)).toBe(false);
    expect(await exists(photo.thumb_url)).toBe(false);
    expect(await exists(video.url)).toBe(true);
    expect((await get(photo.url, bearer(ctx.key))).statusCode).toBe(404);

    const visit = await call('delete_visit', { visit_id: v1.visit_id });
    expect(visit.json()).toMatchObject({ visit_id: v1.visit_id });
    expect(await exists(video.url)).toBe(false);
    expect(await exists(video.thumb_url)).toBe(false);

    expect((await call('delete_customer', { phone }, ctx.otherKey)).statusCode).toBe(404);
    const customer = await call('delete_customer', { phone });
    expect(customer.json()).toMatchObject({
      deleted_visits: 1,
      deleted_media: 1,
      deleted_diagnoses: 1,
    });
    for (const url of [photo2.url, photo2.thumb_url, image.url, image.thumb_url]) {
      expect(await exists(url), url).toBe(false);
    }
    const rows = await t.database.db
      .select()
      .from(shopCustomers)
      .where(eq(shopCustomers.phone, phone));
    expect(rows).toEqual([]);
    expect((await call('delete_customer', { phone })).statusCode).toBe(404);
    expect((await call('delete_customer', { phone: 'x' })).json()).toMatchObject({
      resCode: 'PHONE_DIGITS_ONLY',
    });
    expect((await call('delete_customer', { phone: '010-12' })).json()).toMatchObject({
      resCode: 'PHONE_FORMAT',
    });
  });
});

describe('notices', () => {
  it('creates, drafts, replaces, lists and deletes notices; the public page shows only everyone’s', async () => {
    const news = await call('save_notice', { type: 'news', title: '12월 휴무 안내', body: '본문' });
    expect(news.statusCode, news.body).toBe(200);
    const n1 = news.json<{ notice: ConsoleNotice }>().notice;
    expect(n1).toMatchObject({ type: 'news', audience: 'all', valid_from: null });
    expect(n1.published_at).not.toBeNull();

    const coupon = await postForm(
      t.app,
      `${BASE}/save_notice`,
      {
        type: 'coupon',
        title: '재방문 20%',
        audience: 'linked',
        publish: '1',
        valid_from: '2026-11-01T00:00:00+09:00',
        valid_until: '2099-12-31T23:59:59+09:00',
      },
      { headers: bearer(ctx.key) },
    );
    expect(coupon.statusCode, coupon.body).toBe(200);
    const n2 = coupon.json<{ notice: ConsoleNotice }>().notice;
    expect(n2).toMatchObject({ audience: 'linked', valid_until: '2099-12-31T14:59:59.000Z' });

    const draft = await call('save_notice', { type: 'update', title: '초안', publish: false });
    const n3 = draft.json<{ notice: ConsoleNotice }>().notice;
    expect(n3.published_at).toBeNull();

    const expired = await call('save_notice', {
      type: 'coupon',
      title: '지난 쿠폰',
      valid_until: '2020-01-01T00:00:00Z',
    });
    expect(expired.statusCode).toBe(200);

    const backwards = await call('save_notice', {
      type: 'coupon',
      title: 'x',
      valid_from: '2026-12-31T00:00:00Z',
      valid_until: '2026-12-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ resCode: 'DATE_RANGE_INVALID' });

    // Replace: publish the draft; the published news keeps its publication time.
    const replaced = await call('save_notice', {
      notice_id: n3.notice_id,
      type: 'details',
      title: '상세 안내',
    });
    expect(replaced.json<{ notice: ConsoleNotice }>().notice).toMatchObject({
      notice_id: n3.notice_id,
      type: 'details',
      title: '상세 안내',
    });
    const again = await call('save_notice', {
      notice_id: n1.notice_id,
      type: 'news',
      title: '12월 휴무 안내 (수정)',
    });
    expect(again.json<{ notice: ConsoleNotice }>().notice.published_at).toBe(n1.published_at);

    const otherSave = await call(
      'save_notice',
      { notice_id: n1.notice_id, type: 'news', title: 'hijack' },
      ctx.otherKey,
    );
    expect(otherSave.statusCode).toBe(404);
    expect(
      (await call('delete_notice', { notice_id: n1.notice_id }, ctx.otherKey)).statusCode,
    ).toBe(404);

    const list = await call('get_notice_list', { page: 1, page_size: 2 });
    expect(list.json()).toMatchObject({ total: 4, page: 1, has_next: true });
    expect((await call('get_notice_list', {}, ctx.otherKey)).json()).toMatchObject({ total: 0 });

    const detail = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: ctx.shopId });
    expect(detail.statusCode, detail.body).toBe(200);
    const titles = detail
      .json<{ detail: { notices: Array<{ title: string }> } }>()
      .detail.notices.map((n) => n.title);
    expect(titles.sort()).toEqual(['12월 휴무 안내 (수정)', '상세 안내'].sort());

    const del = await call('delete_notice', { notice_id: n2.notice_id });
    expect(del.json()).toMatchObject({ notice_id: n2.notice_id });
    expect((await call('delete_notice', { notice_id: n2.notice_id })).statusCode).toBe(404);
  });
});

describe('linked members', () => {
  it('lists active linked members of the shop only, with their customer record', async () => {
    const db = t.database.db;
    const gone = await buildMember(db, { phone: '010-5555-0003' });
    await db
      .insert(shopLinks)
      .values({ memberId: gone.id, shopId: ctx.shopId, phone: gone.phone! });
    await db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(members.id, gone.id));
    const res = await call('get_linked_members', { page: 1, page_size: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      links: Array<{ phone: string; customer_id: number | null }>;
      total: number;
    }>();
    expect(body.total).toBe(1);
    expect(body.links.map((l) => l.phone)).toEqual([ctx.linkedPhone]);
    expect(body.links[0]!.customer_id).not.toBeNull();
    expect((await call('get_linked_members', {}, ctx.otherKey)).json()).toMatchObject({
      links: [],
      total: 0,
    });
    const customer = await call('save_customer', { phone: ctx.linkedPhone });
    expect(customer.json()).toMatchObject({ customer: { is_linked: true } });
  });
});

describe('OpenAPI', () => {
  it('documents the 14 console record calls from their contracts', async () => {
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{
      paths: Record<string, { post?: { requestBody?: unknown } }>;
    }>();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith(`${BASE}/`));
    expect(paths).toHaveLength(14);
    for (const path of paths) expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
  });
});
