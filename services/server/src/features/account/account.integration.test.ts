import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const cookieName = 'carol_sid';

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
});
afterAll(async () => t.close());

describe('POST /api/carol/account/user_check', () => {
  it('confirms the signed-in member exists', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const res = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: member.id },
      { headers: { cookie: `${cookieName}=${token}` } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', user_exists: true });
  });

  it('answers false for a member who withdrew, so the app logs them out', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    await t.database.db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(members.id, member.id));
    const res = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: member.id },
      { headers: { cookie: `${cookieName}=${token}` } },
    );
    expect(res.json()).toEqual({ result: 'success', user_exists: false });
  });

  it('never confirms another member id, with or without a session', async () => {
    const alice = await buildMember(t.database.db);
    const bob = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, alice.id);
    const asAlice = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: bob.id },
      { headers: { cookie: `${cookieName}=${token}` } },
    );
    expect(asAlice.json()).toEqual({ result: 'success', user_exists: false });
    const anonymous = await postForm(t.app, '/api/carol/account/user_check', { user_id: bob.id });
    expect(anonymous.json()).toEqual({ result: 'success', user_exists: false });
    const forged = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: bob.id },
      { headers: { cookie: `${cookieName}=${'x'.repeat(43)}` } },
    );
    expect(forged.json()).toEqual({ result: 'success', user_exists: false });
  });

  it('rejects a user_id that is not a positive integer with a localized validation error', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: 'abc' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      result: 'fail',
      resCode: 'VALIDATION_FAILED',
      resMessage: 'The entered information is not correct.',
      fields: [{ field: 'user_id' }],
    });
  });

  it('refuses a cross-site POST (CSRF) but accepts the same origin', async () => {
    const crossSite = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: 1 },
      {
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
    const sameOrigin = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: 1 },
      {
        headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      },
    );
    expect(sameOrigin.statusCode).toBe(200);
    const siteOnly = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: 1 },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(siteOnly.statusCode).toBe(403);
  });
});
