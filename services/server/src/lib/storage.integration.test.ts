import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bufferOf,
  copyMissing,
  isStorageKey,
  localStorage,
  MissingObjectError,
} from './storage.js';
import { startTestStorage, storageBackends, type TestStorage } from '../../test/s3.js';

describe.each(storageBackends)('media storage on %s', (backend) => {
  let t: TestStorage;
  beforeAll(async () => {
    t = await startTestStorage(backend);
  });
  afterAll(async () => {
    await t.close();
  });

  const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

  it('writes, states, reads whole and by range, lists and removes', async () => {
    const { storage } = t;
    expect(storage.kind).toBe(backend);
    await storage.put('records/2026-11/abc.mp4', bytes, 'video/mp4');
    await storage.put('records/2026-11/abc-p.webp', Buffer.from('poster'), 'image/webp');
    await storage.put('gallery/2026-11/x.webp', Buffer.from('g'), 'image/webp');

    const info = await storage.stat('records/2026-11/abc.mp4');
    expect(info?.size).toBe(10_000);
    expect(info?.modified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storage.stat('records/2026-11/none.mp4')).toBeUndefined();

    expect((await storage.readAll('records/2026-11/abc.mp4')).equals(bytes)).toBe(true);
    const part = await bufferOf(
      await storage.read('records/2026-11/abc.mp4', { start: 100, end: 1099 }),
    );
    expect(part.equals(bytes.subarray(100, 1100))).toBe(true);
    await expect(storage.read('records/2026-11/none.mp4')).rejects.toBeInstanceOf(
      MissingObjectError,
    );

    const listed: string[] = [];
    for await (const o of storage.list('records/')) listed.push(o.key);
    expect(listed.sort()).toEqual(['records/2026-11/abc-p.webp', 'records/2026-11/abc.mp4']);

    await storage.remove(['records/2026-11/abc.mp4', 'records/2026-11/never-there.mp4']);
    expect(await storage.stat('records/2026-11/abc.mp4')).toBeUndefined();
    expect(await storage.stat('gallery/2026-11/x.webp')).toBeDefined();
  });

  it('refuses keys that could leave the storage', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '.hidden/x', 'a/.x', '']) {
      expect(isStorageKey(key)).toBe(false);
      await expect(t.storage.put(key, bytes, 'image/webp')).rejects.toThrow('invalid storage key');
    }
  });

  it.runIf(backend === 's3')('presigns a short-lived GET that honours Range', async () => {
    const { storage } = t;
    await storage.put('scalp/2026-11/p.webp', bytes, 'image/webp');
    const url = await storage.presign!('scalp/2026-11/p.webp', {
      seconds: 60,
      contentType: 'image/webp',
      cacheControl: 'private, no-store',
    });
    expect(url).toContain('X-Amz-Expires=60');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 0-9/10000');
    const tampered = await fetch(url.replace('p.webp', 'q.webp'));
    expect(tampered.status).toBe(403);
  });

  it('copies the files another storage holds and this one lacks (the demo seed upload)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carol-seed-'));
    try {
      await mkdir(join(dir, 'seed/v1/styles'), { recursive: true });
      await writeFile(join(dir, 'seed/v1/styles/bob.webp'), 'bob');
      await writeFile(join(dir, 'seed/v1/styles/notes.txt'), 'not served');
      const type = (key: string) => (key.endsWith('.webp') ? 'image/webp' : undefined);
      const first = await copyMissing(localStorage(dir), t.storage, 'seed/', type);
      expect(first.copied).toBe(1);
      expect((await t.storage.readAll('seed/v1/styles/bob.webp')).toString()).toBe('bob');
      expect((await copyMissing(localStorage(dir), t.storage, 'seed/', type)).copied).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
