import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { GalleryItem } from '@carol/contracts';
import { media } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
let mediaDir: string;
const cookieName = 'carol_sid';
const BASE = '/shop-api/carol/mygallery';
const ctx = {} as { memberId: number; token: string; otherId: number; otherToken: string };

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-gallery-media-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_DIR: mediaDir });
  const db = t.database.db;
  const member = await buildMember(db);
  const other = await buildMember(db);
  Object.assign(ctx, {
    memberId: member.id,
    token: await buildSession(db, member.id),
    otherId: other.id,
    otherToken: await buildSession(db, other.id),
  });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const as = (token: string) => ({ headers: { cookie: `${cookieName}=${token}` } });
let ip = 0;

/** Multipart with a real file part `photo`, as the browser sends it. */
function save(
  file: { data: Buffer | string; type: string; name?: string } | null,
  token: string | null = ctx.token,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('photo', new Blob([file.data], { type: file.type }), file.name ?? 'look.jpg');
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/save_to_my_gallery`,
    payload: form,
    headers: token ? { cookie: `${cookieName}=${token}` } : {},
    remoteAddress: `10.7.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
}
const list = (fields: Record<string, string | number> = {}, token = ctx.token) =>
  postForm(t.app, `${BASE}/get_my_gallery_list`, fields, as(token));

function deleteIds(ids: Array<number | string>, token = ctx.token) {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  for (const id of ids) form.append('media_ids', String(id));
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/deletes_from_my_gallery`,
    payload: form,
    headers: { cookie: `${cookieName}=${token}` },
  });
}

const jpeg = (w: number, h: number, color = '#a05030') =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const fileOf = (url: string) => join(mediaDir, url.slice('/media/'.length));
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('save_to_my_gallery', () => {
  it('stores a re-encoded WebP without metadata, upright, with a thumbnail and a media row', async () => {
    // Carrying personal EXIF text.
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#7a3b2e' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Artist', Copyright: 'Home address 1-2-3' } })
      .toBuffer();
    expect(photo.includes(Buffer.from('Secret Artist'))).toBe(true);

    const res = await save({ data: photo, type: 'image/jpeg' }, ctx.token, {
      personal_memo: '  애쉬 브라운  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { item, success } = res.json<{ success: boolean; item: GalleryItem }>();
    expect(success).toBe(true);
    expect(item).toMatchObject({ source: 'simulation', personal_memo: '애쉬 브라운' });
    expect(item.url).toMatch(/^\/media\/gallery\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
    expect(item.thumb_url).toMatch(/-t\.webp$/);

    const stored = await readFile(fileOf(item.url));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    expect(stored.includes(Buffer.from('Secret Artist'))).toBe(false);
    const thumb = await sharp(await readFile(fileOf(item.thumb_url!))).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 480]);

    const [row] = await t.database.db.select().from(media).where(eq(media.id, item.media_id));
    expect(row).toMatchObject({
      memberId: ctx.memberId,
      source: 'simulation',
      kind: 'photo',
      url: item.url,
      deletedAt: null,
    });
  });

  it('bakes the EXIF orientation in: a sideways portrait is stored upright', async () => {
    const sideways = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#4080c0' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await save({ data: sideways, type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(
      await readFile(fileOf(res.json<{ item: GalleryItem }>().item.url)),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(meta.orientation).toBeUndefined();
  });

  it('scales a huge photo down to the stored size', async () => {
    const res = await save({ data: await jpeg(3000, 2000), type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(
      await readFile(fileOf(res.json<{ item: GalleryItem }>().item.url)),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1365]);
  });

  it('refuses a guest (nothing written)', async () => {
    const before = await filesOnDisk();
    const res = await save({ data: await jpeg(100, 100), type: 'image/jpeg' }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses what is not an image, an SVG, and a missing file', async () => {
    const before = await filesOnDisk();
    const text = await save({ data: 'not an image at all', type: 'image/jpeg' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ resCode: 'UNSUPPORTED_MEDIA_TYPE' });
    const svg = await save({
      data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>',
      type: 'image/svg+xml',
      name: 'x.svg',
    });
    expect(svg.statusCode).toBe(415);
    const truncated = (await jpeg(400, 400)).subarray(0, 300);
    const broken = await save({ data: truncated, type: 'image/jpeg' });
    expect(broken.statusCode).toBe(415);
    const missing = await save(null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const longMemo = await save({ data: await jpeg(50, 50), type: 'image/jpeg' }, ctx.token, {
      personal_memo: 'x'.repeat(201),
    });
    expect(longMemo.statusCode).toBe(400);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers SAVE_FAILED and leaves no file when the media folder cannot be written', async () => {
    const broken = await createTestApp({
      COOKIE_SECURE: 'false',
      // A path below a regular file can never be created.
      MEDIA_DIR: join(mediaDir, 'gallery-blocker.txt', 'media'),
    });
    try {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(join(mediaDir, 'gallery-blocker.txt'), 'x');
      const member = await buildMember(broken.database.db);
      const token = await buildSession(broken.database.db, member.id);
      const form = new FormData();
      form.set('server', 'kr');
      form.set('country_code', 'kr');
      form.set('photo', new Blob([await jpeg(64, 64)], { type: 'image/jpeg' }), 'a.jpg');
      const res = await broken.app.inject({
        method: 'POST',
        url: `${BASE}/save_to_my_gallery`,
        payload: form,
        headers: { cookie: `${cookieName}=${token}`, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ resCode: 'SAVE_FAILED' });
      const rows = await broken.database.db
        .select()
        .from(media)
        .where(eq(media.memberId, member.id));
      expect(rows).toHaveLength(0);
    } finally {
      await broken.close();
      await rm(join(mediaDir, 'gallery-blocker.txt'), { force: true });
    }
  });
});

async function filesOnDisk(): Promise<string[]> {
  try {
    const months = await readdir(join(mediaDir, 'gallery'));
    const all: string[] = [];
    for (const m of months) all.push(...(await readdir(join(mediaDir, 'gallery', m))));
    return all.sort();
  } catch {
    return [];
  }
}

describe('get_my_gallery_list and deletes_from_my_gallery', () => {
  it('lists only the member’s own live photos, newest first, paged', async () => {
    const db = t.database.db;
    const member = await buildMember(db);
    const token = await buildSession(db, member.id);
    const saved: GalleryItem[] = [];
    for (const color of ['#111111', '#222222', '#333333']) {
      const res = await save({ data: await jpeg(80, 80, color), type: 'image/jpeg' }, token);
      expect(res.statusCode, res.body).toBe(200);
      saved.push(res.json<{ item: GalleryItem }>().item);
    }
    // Another member's photo and a shop's styling-history photo never show up.
    await save({ data: await jpeg(80, 80), type: 'image/jpeg' }, ctx.otherToken);
    await db.insert(media).values({
      memberId: member.id,
      source: 'styling_history',
      url: '/media/seed/x.webp',
    });

    const first = await list({ page: 1, page_size: 2 }, token);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{
      gallery_list: GalleryItem[];
      total: number;
      page: number;
      has_next: boolean;
    }>();
    expect(body).toMatchObject({ total: 3, page: 1, has_next: true });
    expect(body.gallery_list.map((i) => i.media_id)).toEqual([
      saved[2]!.media_id,
      saved[1]!.media_id,
    ]);
    const second = await list({ page: 2, page_size: 2 }, token);
    expect(second.json()).toMatchObject({ total: 3, page: 2, has_next: false });
    expect(
      second.json<{ gallery_list: GalleryItem[] }>().gallery_list.map((i) => i.media_id),
    ).toEqual([saved[0]!.media_id]);

    const guest = await postForm(t.app, `${BASE}/get_my_gallery_list`, {});
    expect(guest.statusCode).toBe(401);
    const bad = await list({ page: 0 }, token);
    expect(bad.statusCode).toBe(400);
  });

  it('deletes own photos (soft, files removed), refuses another member’s ids all or nothing', async () => {
    const db = t.database.db;
    const mine: GalleryItem[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await save({ data: await jpeg(60, 60), type: 'image/jpeg' });
      mine.push(res.json<{ item: GalleryItem }>().item);
    }
    const theirs = (
      await save({ data: await jpeg(60, 60), type: 'image/jpeg' }, ctx.otherToken)
    ).json<{ item: GalleryItem }>().item;

    // Mixing in another member's id deletes nothing.
    const mixed = await deleteIds([mine[0]!.media_id, theirs.media_id]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    const stillThere = await db.select().from(media).where(eq(media.id, mine[0]!.media_id));
    expect(stillThere[0]!.deletedAt).toBeNull();
    expect(await exists(fileOf(mine[0]!.url))).toBe(true);
    const theirsOnly = await deleteIds([theirs.media_id]);
    expect(theirsOnly.statusCode).toBe(404);
    expect(await exists(fileOf(theirs.url))).toBe(true);

    const ok = await deleteIds([mine[1]!.media_id, mine[0]!.media_id, mine[0]!.media_id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      deleted_ids: [mine[0]!.media_id, mine[1]!.media_id].sort((a, b) => a - b),
    });
    const rows = await db.select().from(media).where(eq(media.id, mine[0]!.media_id));
    expect(rows[0]!.deletedAt).toBeInstanceOf(Date);
    expect(await exists(fileOf(mine[0]!.url))).toBe(false);
    expect(await exists(fileOf(mine[0]!.thumb_url!))).toBe(false);
    const ids = (await list({ page_size: 100 }))
      .json<{ gallery_list: GalleryItem[] }>()
      .gallery_list.map((i) => i.media_id);
    expect(ids).not.toContain(mine[0]!.media_id);
    expect(ids).not.toContain(mine[1]!.media_id);

    // Deleting again (already deleted) is NOT_FOUND; no ids or junk is a validation error.
    expect((await deleteIds([mine[0]!.media_id])).statusCode).toBe(404);
    expect((await deleteIds([])).statusCode).toBe(400);
    expect((await deleteIds(['abc'])).statusCode).toBe(400);
  });
});
