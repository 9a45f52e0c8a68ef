import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentVersions } from '@carol/contracts';
import { memberConsents } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// The marketing opt-in after sign-up (settings) and who may read or change consents.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (token: string) => ({ headers: { cookie: `__Host-carol_sid=${token}` } });
type Consents = { consents: Array<{ item: string; agreed: boolean; recorded_at: string }> };

async function memberWithSignUpConsents(marketing: boolean) {
  const member = await buildMember(t.database.db, { passwordHash: null });
  const signedUpAt = new Date(Date.now() - 86_400_000);
  await t.database.db.insert(memberConsents).values(
    (['terms', 'privacy', 'age', 'marketing'] as const).map((item) => ({
      memberId: member.id,
      item,
      version: consentVersions[item],
      agreed: item === 'marketing' ? marketing : true,
      source: 'sign_up' as const,
      recordedAt: signedUpAt,
    })),
  );
  return { member, token: await buildSession(t.database.db, member.id) };
}

describe('consents of the signed-in member', () => {
  it('lists the latest choice per item; opting in and out adds records with the time', async () => {
    const { member, token } = await memberWithSignUpConsents(false);
    const listed = await postForm(t.app, '/api/carol/account/get_consents', {}, as(token));
    expect(listed.json<Consents>().consents.map((c) => [c.item, c.agreed])).toEqual([
      ['terms', true],
      ['privacy', true],
      ['age', true],
      ['marketing', false],
    ]);

    const on = await postForm(
      t.app,
      '/api/carol/account/set_marketing_consent',
      { agree: 'true' },
      as(token),
    );
    expect(on.statusCode).toBe(200);
    const opted = on.json<{ consent: { recorded_at: string } }>().consent;
    expect(opted).toMatchObject({
      item: 'marketing',
      agreed: true,
      version: consentVersions.marketing,
    });
    expect(Math.abs(Date.parse(opted.recorded_at) - Date.now())).toBeLessThan(60_000);

    // The same choice again adds nothing and keeps the date it was made.
    const same = await postForm(
      t.app,
      '/api/carol/account/set_marketing_consent',
      { agree: 'true' },
      as(token),
    );
    expect(same.json()).toMatchObject({ consent: { recorded_at: opted.recorded_at } });

    const off = await postForm(
      t.app,
      '/api/carol/account/set_marketing_consent',
      { agree: 'false' },
      as(token),
    );
    expect(off.json()).toMatchObject({ consent: { item: 'marketing', agreed: false } });
    const after = await postForm(t.app, '/api/carol/account/get_consents', {}, as(token));
    expect(after.json<Consents>().consents.at(-1)).toMatchObject({
      item: 'marketing',
      agreed: false,
    });

    // The whole history is kept: sign-up, opt-in, opt-out.
    const history = await t.database.db
      .select()
      .from(memberConsents)
      .where(eq(memberConsents.memberId, member.id));
    expect(history.filter((r) => r.item === 'marketing').map((r) => [r.agreed, r.source])).toEqual([
      [false, 'sign_up'],
      [true, 'settings'],
      [false, 'settings'],
    ]);
  });

  it("changes only the caller's own record", async () => {
    const a = await memberWithSignUpConsents(false);
    const b = await memberWithSignUpConsents(false);
    await postForm(
      t.app,
      '/api/carol/account/set_marketing_consent',
      // A member id in the request is ignored: the session decides whose record it is.
      { agree: 'true', member_id: b.member.id, user_id: b.member.id },
      as(a.token),
    );
    const ofB = await postForm(t.app, '/api/carol/account/get_consents', {}, as(b.token));
    expect(ofB.json<Consents>().consents.at(-1)).toMatchObject({ agreed: false });
    const ofA = await postForm(t.app, '/api/carol/account/get_consents', {}, as(a.token));
    expect(ofA.json<Consents>().consents.at(-1)).toMatchObject({ agreed: true });
  });

  it('needs a session, and refuses a malformed choice with a localized error', async () => {
    for (const path of ['get_consents', 'set_marketing_consent']) {
      const res = await postForm(
        t.app,
        `/api/carol/account/${path}`,
        { agree: 'true' },
        { headers: { 'accept-language': 'ja' } },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        resCode: 'UNAUTHORIZED',
        resMessage: 'ログインしてください。',
      });
    }
    const { token } = await memberWithSignUpConsents(false);
    const bad = await postForm(
      t.app,
      '/api/carol/account/set_marketing_consent',
      { agree: 'x'.repeat(50) },
      { headers: { ...as(token).headers, 'accept-language': 'en' } },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      resCode: 'VALIDATION_FAILED',
      resMessage: 'The entered information is not correct.',
    });
  });

  it('deletes the records when the member withdraws', async () => {
    const { member, token } = await memberWithSignUpConsents(true);
    const res = await postForm(
      t.app,
      '/api/carol/account/delete',
      { reason: 'rarely_used', agree: 'true', phrase: '탈퇴합니다' },
      { headers: { ...as(token).headers, 'accept-language': 'ko' } },
    );
    expect(res.statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(memberConsents)
      .where(eq(memberConsents.memberId, member.id));
    expect(left).toEqual([]);
  });
});
