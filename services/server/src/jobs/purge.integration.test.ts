import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookings,
  inquiries,
  loginThrottles,
  oneTimeCodes,
  pendingSignUps,
  qrSessions,
  sessions,
  trustedDevices,
} from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildDesigner, buildMember, buildSession, buildShop } from '../../test/factories.js';
import { purgeExpired } from './purge.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('purgeExpired', () => {
  it('removes only what is expired or past retention, and is idempotent', async () => {
    const db = database.db;
    const member = await buildMember(db);
    const live = await buildSession(db, member.id);
    await db
      .insert(sessions)
      .values({ id: 'expired-session', memberId: member.id, expiresAt: ago(1000) });
    const code = (
      n: string,
      createdAt: Date,
      extra: Partial<typeof oneTimeCodes.$inferInsert>,
    ) => ({
      purpose: 'password_reset' as const,
      target: `${n}@example.test`,
      codeHash: `hash-${n}`,
      memberId: member.id,
      expiresAt: new Date(Date.now() + day),
      createdAt,
      ...extra,
    });
    await db.insert(oneTimeCodes).values([
      code('used-old', ago(2 * day), { consumedAt: ago(2 * day) }),
      code('expired-old', ago(2 * day), { expiresAt: ago(day) }),
      code('used-recent', ago(60_000), { consumedAt: ago(60_000) }), // still counts for limits
      code('live-old', ago(2 * day), {}),
    ]);
    const signUp = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      issuer: 'https://idp.example.test',
      subject: tokenHash,
      provider: 'google' as const,
      expiresAt,
    });
    await db
      .insert(pendingSignUps)
      .values([
        signUp('sign-up-old', ago(1000)),
        signUp('sign-up-live', new Date(Date.now() + day)),
      ]);
    const shop = await buildShop(db);
    await db.insert(qrSessions).values([
      { shopId: shop.id, tokenHash: 'qr-old', purpose: 'login', expiresAt: ago(2 * day) },
      {
        shopId: shop.id,
        tokenHash: 'qr-new',
        purpose: 'login',
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);
    await db.insert(loginThrottles).values([
      { key: 'old', windowStartedAt: ago(2 * day), attempts: 3 },
      { key: 'new', windowStartedAt: ago(60_000), attempts: 3 },
    ]);
    await db.insert(trustedDevices).values([
      { memberId: member.id, kind: 'cookie', tokenHash: 'dev-old', expiresAt: ago(60_000) },
      { memberId: member.id, kind: 'cookie', tokenHash: 'dev-live', expiresAt: ago(-60_000) },
    ]);
    const inquiry = {
      kind: 'general' as const,
      name: 'A',
      email: 'a@example.test',
      title: 'Hi',
      message: 'hello',
      language: 'ko' as const,
      server: 'kr' as const,
    };
    await db.insert(inquiries).values([
      { ...inquiry, createdAt: ago(4 * 365 * day) },
      { ...inquiry, createdAt: ago(day) },
    ]);
    const gone = await buildMember(db, {
      status: 'withdrawn',
      withdrawnAt: ago(day),
      email: null,
      familyName: '',
      givenName: '',
    });
    const designer = await buildDesigner(db, shop.id);
    const booking = (memberId: number, startsAt: Date, n: string) => ({
      bookingNumber: `P-${n}-${memberId}`,
      memberId,
      shopId: shop.id,
      designerId: designer.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      status: 'cancelled' as const,
      cancelledBy: 'customer' as const,
      cancelOrigin: 'system' as const,
      cancelledAt: startsAt,
      bookerName: '김하늘',
      bookerPhone: '010-1234-5678',
      totalPrice: 30000,
      currency: 'KRW' as const,
    });
    const [oldOfGone, recentOfGone, oldOfActive] = await db
      .insert(bookings)
      .values([
        booking(gone.id, ago(6 * 365 * day), 'a'),
        booking(gone.id, ago(365 * day), 'b'),
        booking(member.id, ago(6 * 365 * day), 'c'),
      ])
      .returning();

    const report = await purgeExpired(db);
    expect(report).toMatchObject({
      sessions: 1,
      codes: 2,
      pendingSignUps: 1,
      qrSessions: 1,
      loginThrottles: 1,
      trustedDevices: 1,
      inquiries: 1,
      bookingsAnonymised: 1,
      waitlistEntries: 0,
    });
    expect(live).toBeTruthy();
    expect((await db.select().from(trustedDevices)).map((r) => r.tokenHash)).toEqual(['dev-live']);
    expect((await db.select().from(pendingSignUps)).map((r) => r.tokenHash)).toEqual([
      'sign-up-live',
    ]);
    const targets = (
      await db.select().from(oneTimeCodes).where(eq(oneTimeCodes.memberId, member.id))
    ).map((c) => c.target);
    expect(targets.sort()).toEqual(['live-old@example.test', 'used-recent@example.test']);
    const bookingOf = async (id: number) =>
      (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    expect(await bookingOf(oldOfGone!.id)).toMatchObject({ bookerName: '', bookerPhone: '' });
    expect(await bookingOf(recentOfGone!.id)).toMatchObject({ bookerName: '김하늘' });
    expect(await bookingOf(oldOfActive!.id)).toMatchObject({ bookerName: '김하늘' });

    expect(await purgeExpired(db)).toEqual({
      sessions: 0,
      codes: 0,
      pendingSignUps: 0,
      qrSessions: 0,
      loginThrottles: 0,
      trustedDevices: 0,
      inquiries: 0,
      bookingsAnonymised: 0,
      waitlistEntries: 0,
    });
  });
});
