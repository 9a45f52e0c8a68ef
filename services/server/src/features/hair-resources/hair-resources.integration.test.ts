import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hairResources } from '../../db/schema/index.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(hairResources).values([
    {
      kind: 'style',
      gender: 'w',
      length: 'bob',
      name: '단발 C컬',
      imageUrl: '/media/seed/hair/bob.webp',
      anchor: { x: 0.5, y: 0.3, scale: 1 },
    },
    {
      kind: 'style',
      gender: 'w',
      length: 'long',
      name: '롱 레이어드',
      imageUrl: '/media/seed/hair/long.webp',
    },
    {
      kind: 'style',
      gender: 'm',
      length: 'male',
      name: '댄디컷',
      imageUrl: '/media/seed/hair/dandy.webp',
    },
    {
      kind: 'style',
      gender: 'm',
      length: 'male',
      name: '숨김',
      imageUrl: '/media/seed/hair/hidden.webp',
      isActive: false,
    },
  ]);
});
afterAll(async () => t.close());

const url = '/shop-api/carol/home/get_random_hair_resource';

describe('POST /shop-api/carol/home/get_random_hair_resource', () => {
  it("answers with resCode '200' and an active style resource", async () => {
    const res = await postForm(t.app, url, {});
    expect(res.statusCode).toBe(200);
    const body = res.json<{ resCode: string; hair_resource: { kind: string; name: string } }>();
    expect(body.resCode).toBe('200');
    expect(body.hair_resource.kind).toBe('style');
    expect(['단발 C컬', '롱 레이어드', '댄디컷']).toContain(body.hair_resource.name);
  });

  it('filters by gender and never returns an inactive resource', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await postForm(t.app, url, { gender: 'm' });
      expect(res.json<{ hair_resource: { name: string } }>().hair_resource.name).toBe('댄디컷');
    }
  });

  it('answers NOT_FOUND when nothing matches and refuses an unknown gender', async () => {
    const none = await postForm(t.app, url, { kind: 'color' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ resCode: 'NOT_FOUND', success: false });
    const bad = await postForm(t.app, url, { gender: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      resCode: 'VALIDATION_FAILED',
      fields: [{ field: 'gender' }],
    });
  });

  it('is not served by an instance that does not run the shop base', async () => {
    const mainOnly = await createTestApp({ SERVICE_BASES: 'main' });
    expect((await postForm(mainOnly.app, url, {})).statusCode).toBe(404);
    expect((await postForm(mainOnly.app, '/api/carol/banner/getMainBanner', {})).statusCode).toBe(
      200,
    );
    await mainOnly.close();
  });
});
