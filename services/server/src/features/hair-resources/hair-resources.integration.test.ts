import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { HairResource, StyleAnchor } from '@carol/contracts';
import { hairResources } from '../../db/schema/index.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;

const anchor: StyleAnchor = {
  board: { width: 800, height: 1000 },
  leftTemple: [300, 420],
  rightTemple: [500, 420],
  hairline: [400, 330],
  chin: [400, 700],
};
const names = (ko: string, en: string, ja: string) => ({ nameKo: ko, nameEn: en, nameJa: ja });
const origin = 'Drawn by the project (test)';

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(hairResources).values([
    {
      kind: 'style',
      gender: 'w',
      length: 'bob',
      ...names('단발 C컬', 'C-curl bob', 'Cカールボブ'),
      imageUrl: '/media/seed/hair/bob.webp',
      anchor,
      origin,
      sort: 2,
    },
    {
      kind: 'style',
      gender: 'w',
      length: 'long',
      ...names('롱 레이어드', 'Long layered', 'ロングレイヤー'),
      imageUrl: '/media/seed/hair/long.webp',
      anchor,
      origin,
      sort: 1,
    },
    {
      kind: 'style',
      gender: 'm',
      length: 'male',
      ...names('댄디컷', 'Dandy cut', 'ダンディカット'),
      imageUrl: '/media/seed/hair/dandy.webp',
      anchor,
      origin,
      sort: 3,
    },
    {
      kind: 'style',
      gender: 'm',
      length: 'male',
      ...names('숨김', 'Hidden', '非表示'),
      imageUrl: '/media/seed/hair/hidden.webp',
      anchor,
      origin,
      isActive: false,
      sort: 0,
    },
    {
      kind: 'color',
      gender: 'w',
      length: null,
      ...names('애쉬브라운', 'Ash brown', 'アッシュブラウン'),
      imageUrl: '/media/seed/colors/ash.webp',
      hex: '#6b5a4e',
      origin,
      sort: 4,
    },
  ]);
});
afterAll(async () => t.close());

const randomUrl = '/shop-api/carol/home/get_random_hair_resource';
const listUrl = '/api/carol/hairresource/get_list_hair_resources';

describe('POST /shop-api/carol/home/get_random_hair_resource', () => {
  it("answers with resCode '200' and an active style resource", async () => {
    const res = await postForm(t.app, randomUrl, {});
    expect(res.statusCode).toBe(200);
    const body = res.json<{ resCode: string; hair_resource: HairResource }>();
    expect(body.resCode).toBe('200');
    expect(body.hair_resource.kind).toBe('style');
    expect(['단발 C컬', '롱 레이어드', '댄디컷']).toContain(body.hair_resource.name);
    expect(body.hair_resource.anchor).toEqual(anchor);
  });

  it('filters by gender and never returns an inactive resource', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await postForm(t.app, randomUrl, { gender: 'm' });
      expect(res.json<{ hair_resource: { name: string } }>().hair_resource.name).toBe('댄디컷');
    }
  });

  it('answers NOT_FOUND when nothing matches and refuses an unknown gender', async () => {
    const none = await postForm(t.app, randomUrl, { kind: 'color', gender: 'm' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ resCode: 'NOT_FOUND', success: false });
    const bad = await postForm(t.app, randomUrl, { gender: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      resCode: 'VALIDATION_FAILED',
      fields: [{ field: 'gender' }],
    });
  });

  it('is not served by an instance that does not run the shop base', async () => {
    const mainOnly = await createTestApp({ SERVICE_BASES: 'main' });
    expect((await postForm(mainOnly.app, randomUrl, {})).statusCode).toBe(404);
    expect((await postForm(mainOnly.app, listUrl, {})).statusCode).toBe(200);
    await mainOnly.close();
  });
});

describe('POST /api/carol/hairresource/get_list_hair_resources', () => {
  const list = async (fields: Record<string, string>, language = 'ko') => {
    const res = await postForm(t.app, listUrl, fields, {
      headers: { 'accept-language': language },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: string; list: HairResource[] }>();
    expect(body.result).toBe('success');
    return body.list;
  };

  it('lists the active hairstyles in display order with anchors and origin', async () => {
    const styles = await list({});
    expect(styles.map((r) => r.name)).toEqual(['롱 레이어드', '단발 C컬', '댄디컷']);
    for (const r of styles) {
      expect(r).toMatchObject({ kind: 'style', anchor, hex: null, origin });
    }
  });

  it('names each resource in the request language', async () => {
    expect((await list({ gender: 'w' }, 'ja')).map((r) => r.name)).toEqual([
      'ロングレイヤー',
      'Cカールボブ',
    ]);
    expect((await list({ gender: 'm' }, 'en')).map((r) => r.name)).toEqual(['Dandy cut']);
  });

  it('filters by gender, length and kind', async () => {
    expect((await list({ length: 'bob' })).map((r) => r.name)).toEqual(['단발 C컬']);
    expect(await list({ gender: 'm', length: 'bob' })).toEqual([]);
    const colors = await list({ kind: 'color' });
    expect(colors).toEqual([
      expect.objectContaining({ kind: 'color', hex: '#6b5a4e', anchor: null, name: '애쉬브라운' }),
    ]);
  });

  it('refuses an unknown kind, gender or length with localized field errors', async () => {
    for (const [field, value] of [
      ['kind', 'wig'],
      ['gender', 'x'],
      ['length', 'very-long'],
    ] as const) {
      const res = await postForm(
        t.app,
        listUrl,
        { [field]: value },
        {
          headers: { 'accept-language': 'ja' },
        },
      );
      expect(res.statusCode).toBe(400);
      const body = res.json<{ resCode: string; resMessage: string; fields: { field: string }[] }>();
      expect(body.resCode).toBe('VALIDATION_FAILED');
      expect(body.fields).toEqual([expect.objectContaining({ field })]);
      expect(body.resMessage).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it('the database refuses a style without anchor and a colour without a valid hex', async () => {
    const db = t.database.db;
    const base = {
      gender: 'w' as const,
      ...names('x', 'x', 'x'),
      imageUrl: '/x.webp',
      origin,
    };
    await expect(db.insert(hairResources).values({ ...base, kind: 'style' })).rejects.toThrow();
    await expect(
      db.insert(hairResources).values({ ...base, kind: 'color', hex: 'brown' }),
    ).rejects.toThrow();
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from hair_resources`,
    );
    expect(rows[0]?.n).toBe(5);
  });
});
