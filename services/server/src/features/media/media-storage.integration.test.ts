import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ConsoleMedia, ConsoleVisit, GalleryItem } from '@carol/contracts';
import { shopLinks } from '../../db/schema/index.js';
import { buildConsoleKey, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { startTestStorage, storageBackends, type TestStorage } from '../../../test/s3.js';

const BASE = '/shop-api/console/records';
const fixture = (name: string) =>
  readFile(join(import.meta.dirname, '../../../test/fixtures', name));
const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** The same delivery tests on the local directory and on an S3-compatible bucket (ADR 041). */
describe.each(storageBackends)('GET /media/* on %s storage', (backend) => {
  let t: TestApp;
  let s: TestStorage;
  let cacheDir: string;
  const ctx = {} as { key: string; ownerToken: string; strangerToken: string; phone: string };

  async function addVideo(): Promise<ConsoleMedia> {
    const visit = await t.app.inject({
      method: 'POST',
      url: `${BASE}/add_visit`,
      headers: { authorization: `Bearer ${ctx.key}` },
      payload: {
        server: 'kr',
        country_code: 'kr',
        phone: ctx.phone,
        visited_at: '2026-11-20T14:30:00+09:00',
        treatments: ['컷'],
      },
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const form = new FormData();
    form.set('server', 'kr');
    form.set('country_code', 'kr');
    form.set('visit_id', String(visit.json<{ visit: ConsoleVisit }>().visit.visit_id));
    form.append('file', new Blob([new Uint8Array(await fixture('clip-h264-aac.mp4'))]), 'v.bin');
    const poster = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#884422' },
    })
      .jpeg()
      .toBuffer();
    form.append('poster', new Blob([new Uint8Array(poster)], { type: 'image/jpeg' }), 'p.jpg');
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/add_visit_media`,
      headers: { authorization: `Bearer ${ctx.key}` },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ media: ConsoleMedia }>().media;
  }

  beforeAll(async () => {
    s = await startTestStorage(backend);
    cacheDir = await mkdtemp(join(tmpdir(), 'carol-media-cache-'));
    t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_CACHE_DIR: cacheDir, ...s.env });
    const db = t.database.db;
    const shop = await buildShop(db);
    const owner = await buildMember(db, { phone: '010-5555-0101' });
    const stranger = await buildMember(db, { phone: '010-5555-0102' });
    await db.insert(shopLinks).values({ memberId: owner.id, shopId: shop.id, phone: owner.phone! });
    Object.assign(ctx, {
      key: await buildConsoleKey(db, shop.id),
      ownerToken: await buildSession(db, owner.id),
      strangerToken: await buildSession(db, stranger.id),
      phone: owner.phone!,
    });
  });
  afterAll(async () => {
    await t.close();
    await s.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const asMember = (token: string) => ({ cookie: `carol_sid=${token}` });

  it('stores an uploaded video in the configured backend and serves byte ranges to its owner', async () => {
    const video = await addVideo();
    const stored = await s.storage.readAll(keyOf(video.url));
    expect(stored.length).toBe(video.bytes);

    const whole = await get(video.url, asMember(ctx.ownerToken));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.rawPayload.equals(stored)).toBe(true);

    const head = await t.app.inject({
      method: 'HEAD',
      url: video.url,
      headers: asMember(ctx.ownerToken),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored.length));
    expect(head.rawPayload.length).toBe(0);

    const first = await get(video.url, { ...asMember(ctx.ownerToken), range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${stored.length}`);
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(stored.subarray(0, 100))).toBe(true);

    const tail = await get(video.url, { ...asMember(ctx.ownerToken), range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(
      `bytes ${stored.length - 10}-${stored.length - 1}/${stored.length}`,
    );
    expect(tail.rawPayload.equals(stored.subarray(stored.length - 10))).toBe(true);

    const beyond = await get(video.url, {
      ...asMember(ctx.ownerToken),
      range: `bytes=${stored.length}-`,
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${stored.length}`);

    // The salon that made it reads it with its console key; nobody else gets it, not even a range.
    const maker = await get(video.url, { authorization: `Bearer ${ctx.key}`, range: 'bytes=0-9' });
    expect(maker.statusCode).toBe(206);
    for (const headers of [{}, asMember(ctx.strangerToken)]) {
      const refused = await get(video.url, { ...headers, range: 'bytes=0-99' });
      expect(refused.statusCode).toBe(404);
    }
  });

  it('removes the files from the backend when the salon deletes the video', async () => {
    const video = await addVideo();
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/delete_visit_media`,
      headers: { authorization: `Bearer ${ctx.key}` },
      payload: { server: 'kr', country_code: 'kr', media_id: video.media_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.storage.stat(keyOf(video.url))).toBeUndefined();
    expect(await s.storage.stat(keyOf(video.thumb_url))).toBeUndefined();
    expect((await get(video.url, asMember(ctx.ownerToken))).statusCode).toBe(404);
  });

  it('saves a gallery photo to the backend, serves it only to its owner, and deletes it', async () => {
    const photo = await sharp({
      create: { width: 300, height: 400, channels: 3, background: '#a05030' },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('server', 'kr');
    form.set('country_code', 'kr');
    form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'look.jpg');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/shop-api/carol/mygallery/save_to_my_gallery',
      payload: form,
      headers: asMember(ctx.ownerToken),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const item = saved.json<{ item: GalleryItem }>().item;
    expect(await s.storage.stat(keyOf(item.url))).toBeDefined();
    expect(await s.storage.stat(keyOf(item.thumb_url!))).toBeDefined();
    const own = await get(item.url, asMember(ctx.ownerToken));
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    expect((await get(item.url, asMember(ctx.strangerToken))).statusCode).toBe(404);

    const del = new FormData();
    del.set('server', 'kr');
    del.set('country_code', 'kr');
    del.append('media_ids', String(item.media_id));
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/shop-api/carol/mygallery/deletes_from_my_gallery',
      payload: del,
      headers: asMember(ctx.ownerToken),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await s.storage.stat(keyOf(item.url))).toBeUndefined();
    expect(await s.storage.stat(keyOf(item.thumb_url!))).toBeUndefined();
  });

  it('serves a public review photo with long cache headers and cuts a variant from the backend', async () => {
    const key = 'reviews/2026-11/00112233445566778899aabbccddeeff.webp';
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#336699' },
    })
      .webp()
      .toBuffer();
    await s.storage.put(key, photo, 'image/webp');
    const res = await get(`/media/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=31536000, s-maxage=86400, immutable',
    );
    expect(res.rawPayload.equals(photo)).toBe(true);
    const again = await get(`/media/${key}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    const small = await get(`/media/${key}?w=160`, { accept: 'image/webp' });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(160);
  });

  it.runIf(backend === 's3')(
    'with MEDIA_PRIVATE_DELIVERY=presign, redirects only the owner to a short-lived URL that honours Range',
    async () => {
      const main = t;
      const mainCtx = { ...ctx };
      t = await createTestApp({
        COOKIE_SECURE: 'false',
        MEDIA_CACHE_DIR: cacheDir,
        MEDIA_PRIVATE_DELIVERY: 'presign',
        MEDIA_PRESIGN_SECONDS: '30',
        ...s.env,
      });
      try {
        const db = t.database.db;
        const shop = await buildShop(db);
        const owner = await buildMember(db, { phone: ctx.phone });
        const stranger = await buildMember(db, { phone: '010-5555-0109' });
        await db
          .insert(shopLinks)
          .values({ memberId: owner.id, shopId: shop.id, phone: ctx.phone });
        Object.assign(ctx, {
          key: await buildConsoleKey(db, shop.id),
          ownerToken: await buildSession(db, owner.id),
          strangerToken: await buildSession(db, stranger.id),
        });
        const video = await addVideo();
        const res = await get(video.url, asMember(ctx.ownerToken));
        expect(res.statusCode).toBe(302);
        expect(res.headers['cache-control']).toBe('private, no-store');
        const location = String(res.headers.location);
        expect(location.startsWith(s.env.S3_ENDPOINT!)).toBe(true);
        expect(location).toContain('X-Amz-Expires=30');
        const ranged = await fetch(location, { headers: { range: 'bytes=0-99' } });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toBe(`bytes 0-99/${video.bytes}`);
        expect(ranged.headers.get('content-type')).toBe('video/mp4');
        // No redirect (and no URL) for anybody else.
        for (const headers of [{}, asMember(ctx.strangerToken)]) {
          const refused = await get(video.url, headers);
          expect(refused.statusCode).toBe(404);
          expect(refused.headers.location).toBeUndefined();
        }
        // Public files are still served by the app; the browser may load videos from the store.
        const csp = String(res.headers['content-security-policy'] ?? '');
        expect(csp).toContain(`media-src 'self' ${new URL(s.env.S3_ENDPOINT!).origin}`);
      } finally {
        await t.close();
        t = main;
        Object.assign(ctx, mainCtx);
      }
    },
  );
});
