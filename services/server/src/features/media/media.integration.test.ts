import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { privateMediaFolders } from '@carol/contracts';
import { media } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { isOwnedFolder, mediaFolderOf, mediaFolders } from './media-folders.js';

let t: TestApp;
let mediaDir: string;
let cacheDir: string;
const ctx = {} as { ownerToken: string; otherToken: string };
const cookie = (token: string) => ({ cookie: `carol_sid=${token}` });

const seedPhoto = 'seed/v1/styles/bob.webp';
const reviewPhoto = 'reviews/2026-11/0123456789abcdef0123456789abcdef.jpg';
const galleryPhoto = 'gallery/2026-11/fedcba9876543210fedcba9876543210.webp';
const galleryThumb = 'gallery/2026-11/fedcba9876543210fedcba9876543210_t.webp';

async function put(relative: string, image: Buffer) {
  const file = join(mediaDir, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, image);
}

// A photo-like picture (noise, gradients) so encoders have something to compress.
async function photo(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7 + ((i / 3 / width) | 0)) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(2);
}

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-media-'));
  cacheDir = await mkdtemp(join(tmpdir(), 'carol-media-cache-'));
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    MEDIA_DIR: mediaDir,
    MEDIA_CACHE_DIR: cacheDir,
  });
  await put(seedPhoto, await (await photo(1200, 900)).webp({ quality: 85 }).toBuffer());
  await put(reviewPhoto, await (await photo(800, 600)).jpeg({ quality: 90 }).toBuffer());
  await put(galleryPhoto, await (await photo(400, 300)).webp().toBuffer());
  await put(galleryThumb, await (await photo(160, 120)).webp().toBuffer());
  await writeFile(join(mediaDir, 'seed', 'notes.txt'), 'not an image');
  const db = t.database.db;
  const owner = await buildMember(db);
  const other = await buildMember(db);
  await db.insert(media).values({
    memberId: owner.id,
    source: 'gallery',
    url: `/media/${galleryPhoto}`,
    thumbUrl: `/media/${galleryThumb}`,
  });
  ctx.ownerToken = await buildSession(db, owner.id);
  ctx.otherToken = await buildSession(db, other.id);
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /media/<path>', () => {
  it('serves a seed image as it is, cached a year as immutable, without Vary', async () => {
    const res = await get(`/media/${seedPhoto}`, { accept: 'image/avif,image/webp,*/*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBeUndefined();
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);

    const again = await get(`/media/${seedPhoto}`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('resizes to the requested width, smaller than the original, in the accepted format', async () => {
    const original = await get(`/media/${seedPhoto}`);
    const cases = [
      { accept: 'image/avif,image/webp,image/apng,*/*;q=0.8', type: 'image/avif', format: 'heif' },
      { accept: 'image/webp,*/*', type: 'image/webp', format: 'webp' },
      { accept: '*/*', type: 'image/webp', format: 'webp' },
    ];
    for (const c of cases) {
      const res = await get(`/media/${seedPhoto}?w=320`, { accept: c.accept });
      expect(res.statusCode, c.accept).toBe(200);
      expect(res.headers['content-type']).toBe(c.type);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ width: 320, height: 240, format: c.format });
      expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length / 4);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    // A JPEG stays a JPEG for a browser that takes neither AVIF nor WebP.
    const jpeg = await get(`/media/${reviewPhoto}?w=480`, { accept: 'image/png,image/*;q=0.8' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toBe(
      'public, max-age=31536000, s-maxage=86400, immutable',
    );
    expect((await sharp(jpeg.rawPayload).metadata()).width).toBe(480);
  });

  it('keeps each variant on disk and answers from there the next time', async () => {
    await get(`/media/${seedPhoto}?w=160`, { accept: 'image/webp' });
    const dir = join(cacheDir, seedPhoto);
    expect((await readdir(dir)).sort()).toContain('160.webp');
    const again = await get(`/media/${seedPhoto}?w=160`, { accept: 'image/webp' });
    expect(again.statusCode).toBe(200);
    expect((await sharp(again.rawPayload).metadata()).width).toBe(160);
  });

  it('never enlarges: a width above the original gives the original size', async () => {
    const res = await get(`/media/${reviewPhoto}?w=1280`, { accept: 'image/webp' });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
  });

  it('sends a file sharp cannot read as it is, cached briefly', async () => {
    await put('seed/v1/broken.webp', Buffer.from('not really a webp'));
    const res = await get('/media/seed/v1/broken.webp?w=320', { accept: 'image/avif' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body).toBe('not really a webp');
  });

  it('refuses a width outside the fixed set with the localized error envelope', async () => {
    for (const w of ['300', 'abc', '-160', '160.5', '99999']) {
      const res = await get(`/media/${seedPhoto}?w=${w}`, { 'accept-language': 'en' });
      expect(res.statusCode, w).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        resCode: 'VALIDATION_FAILED',
        resMessage: 'The entered information is not correct.',
      });
    }
    const ko = await get(`/media/${seedPhoto}?w=1`, { 'accept-language': 'ko' });
    expect(ko.json<{ resMessage: string }>().resMessage).toBe('입력하신 정보가 올바르지 않습니다.');
  });

  it('answers 404 for a missing file, traversal, hidden files and non-images', async () => {
    const urls = [
      '/media/seed/v1/styles/none.webp',
      '/media/seed/v1/styles/none.webp?w=320',
      '/media/../package.json',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/seed/%2e%2e/%2e%2e/%2e%2e/etc/hostname',
      '/media/seed/..%2f..%2f..%2fetc%2fpasswd',
      '/media/.hidden.webp',
      '/media/seed/notes.txt',
      '/media/seed',
    ];
    for (const url of urls) {
      const res = await get(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('serves a gallery photo only to its owner, privately, and never resizes it into the shared cache', async () => {
    const url = `/media/${galleryPhoto}`;
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, cookie(ctx.otherToken))).statusCode).toBe(404);
    expect((await get(`${url}?w=160`, cookie(ctx.otherToken))).statusCode).toBe(404);

    const own = await get(`${url}?w=160`, { ...cookie(ctx.ownerToken), accept: 'image/avif' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(own.headers['content-type']).toBe('image/webp');
    expect((await sharp(own.rawPayload).metadata()).width).toBe(400);
    await expect(readdir(join(cacheDir, 'gallery'))).rejects.toThrow();
  });

  it('is outside the API request limits', async () => {
    const limited = await createTestApp({
      MEDIA_DIR: mediaDir,
      MEDIA_CACHE_DIR: cacheDir,
      RATE_LIMIT_PER_MINUTE: '2',
    });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'GET', url: `/media/${seedPhoto}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
      }
    } finally {
      await limited.close();
    }
  });
});

// Private photos reach their owner only, whatever the URL looks like.
describe('GET /media/<private folder>/...', () => {
  /** Spellings of one gallery file: encoded, doubled or dotted segments, trailing slash, case. */
  function spellingsOf(relative: string): string[] {
    const [folder, month, name] = relative.split('/') as [string, string, string];
    const encoded = [...folder].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    return [
      `/media/${relative}`,
      `/media/${relative}/`,
      `/media/${encoded}/${month}/${name}`,
      `/media/${folder}%2F${month}%2F${name}`,
      `/media/${folder}//${month}/${name}`,
      `/media//${relative}`,
      `/media/./${relative}`,
      `/media/seed/../${relative}`,
      `/media/seed/%2e%2e/${relative}`,
      `/media/${folder}/${month}/./${name}`,
      `/media/${folder.toUpperCase()}/${month}/${name}`,
      `/media/${folder}/${month}/${name.toUpperCase()}`,
    ];
  }

  it('answers 404 (not 403) to another member, a bearer and nobody, for every spelling and width', async () => {
    const callers: Record<string, Record<string, string>> = {
      anonymous: {},
      'another member': cookie(ctx.otherToken),
      'another member by bearer': { authorization: `Bearer ${ctx.otherToken}` },
      'a made-up session': cookie('0'.repeat(43)),
    };
    const leaks: string[] = [];
    for (const file of [galleryPhoto, galleryThumb]) {
      for (const url of spellingsOf(file)) {
        for (const suffix of ['', '?w=160', '?w=1280']) {
          for (const [who, headers] of Object.entries(callers)) {
            for (const method of ['GET', 'HEAD'] as const) {
              const res = await t.app.inject({ method, url: `${url}${suffix}`, headers });
              const cache = String(res.headers['cache-control'] ?? '');
              if (res.statusCode !== 404 || /public/.test(cache)) {
                leaks.push(`${method} ${url}${suffix} as ${who}: ${res.statusCode} ${cache}`);
              }
            }
          }
        }
      }
    }
    expect(leaks).toEqual([]);
    // Not vacuous: most spellings do reach the file (the owner gets it through them).
    let reached = 0;
    for (const url of spellingsOf(galleryPhoto)) {
      if ((await get(url, cookie(ctx.ownerToken))).statusCode === 200) reached++;
    }
    expect(reached).toBeGreaterThanOrEqual(8);
    // The owner's own conditional request is answered only after the owner check.
    const own = await get(`/media/${galleryPhoto}`, cookie(ctx.ownerToken));
    const etag = String(own.headers.etag);
    const other = await get(`/media/${galleryPhoto}`, {
      ...cookie(ctx.otherToken),
      'if-none-match': etag,
    });
    expect(other.statusCode).toBe(404);
  });

  it('serves the owner the photo and its thumbnail privately, and refusals are never stored', async () => {
    for (const file of [galleryPhoto, galleryThumb]) {
      for (const headers of [
        cookie(ctx.ownerToken),
        { authorization: `Bearer ${ctx.ownerToken}` },
      ]) {
        const res = await get(`/media/${file}?w=160`, headers);
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['cache-control']).toMatch(/^private,/);
      }
    }
    const refused = await get(`/media/${galleryPhoto}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('a disk that ignores case does not turn Gallery/ into a public folder', async () => {
    // A symlink stands in for a case-insensitive file system (macOS, Windows): Gallery/ is the
    // same directory as gallery/.
    await symlink(join(mediaDir, 'gallery'), join(mediaDir, 'Gallery'));
    try {
      for (const url of [
        `/media/Gallery/${galleryPhoto.slice('gallery/'.length)}`,
        `/media/Gallery/${galleryPhoto.slice('gallery/'.length)}?w=320`,
      ]) {
        for (const headers of [{}, cookie(ctx.otherToken)]) {
          const res = await get(url, headers);
          expect(res.statusCode, url).toBe(404);
        }
      }
    } finally {
      await rm(join(mediaDir, 'Gallery'));
    }
  });

  it('does not serve a folder the table has no policy for (a new kind of upload stays unreachable)', async () => {
    const photoBytes = await (await photo(200, 150)).webp().toBuffer();
    await put('scalp/2026-11/00112233445566778899aabbccddeeff.webp', photoBytes);
    await put('loose.webp', photoBytes);
    for (const url of [
      '/media/scalp/2026-11/00112233445566778899aabbccddeeff.webp',
      '/media/scalp/2026-11/00112233445566778899aabbccddeeff.webp?w=160',
      '/media/loose.webp',
    ]) {
      expect((await get(url, cookie(ctx.ownerToken))).statusCode, url).toBe(404);
    }
  });

  it('does not serve the variant cache when it lies inside the media folder', async () => {
    const inside = join(mediaDir, 'seed', 'variant-cache');
    const app = await createTestApp({ MEDIA_DIR: mediaDir, MEDIA_CACHE_DIR: inside });
    try {
      const cut = await app.app.inject({ method: 'GET', url: `/media/${seedPhoto}?w=320` });
      expect(cut.statusCode).toBe(200);
      const cached = await app.app.inject({
        method: 'GET',
        url: `/media/seed/variant-cache/${seedPhoto}/320.webp`,
      });
      expect(cached.statusCode).toBe(404);
    } finally {
      await app.close();
      await rm(inside, { recursive: true, force: true });
    }
  });

  it('one table decides: every private folder of the contracts has an owner check, no other does', () => {
    for (const folder of privateMediaFolders) {
      const policy = mediaFolderOf(`${folder}/x.webp`);
      expect(policy && isOwnedFolder(policy), folder).toBe(true);
      expect(policy!.cacheControl).toMatch(/^private,/);
    }
    for (const [folder, policy] of Object.entries(mediaFolders)) {
      expect(isOwnedFolder(policy), folder).toBe(
        (privateMediaFolders as readonly string[]).includes(folder),
      );
      if (!isOwnedFolder(policy)) expect(policy.cacheControl).toMatch(/^public,/);
    }
  });
});
