import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { addDays, todayIn, zonedInstantOf } from '@carol/contracts';
import { bookings } from '../../db/schema/index.js';
import { createLocalQueue } from '../../jobs/local-queue.js';
import { buildDesigner, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildBooking } from './booking-fixtures.js';
import { rescheduleBooking } from './booking-reschedule.service.js';

// "Never none, never two" under load, on a real PostgreSQL server (skipped without
// TEST_DATABASE_URL: PGlite is one connection, nothing there runs truly concurrently).
// N members each move their own booking into the same free slot at once: exactly one move
// goes through, every other booking keeps its old time, and no range overlaps.

const serverUrl = process.env.TEST_DATABASE_URL;
const N = 10;
/** The barrier holds every transaction open at once: no more than the test pool's 5 connections. */
const BARRIER_N = 4;
const zone = 'Asia/Seoul';
const day = addDays(todayIn(zone), 6);
const at = (minutes: number) => zonedInstantOf(day, minutes, zone);

describe.skipIf(!serverUrl)('reschedule races on PostgreSQL', () => {
  let t: TestApp;
  let origin = '';

  beforeAll(async () => {
    t = await createTestApp({ COOKIE_SECURE: 'false' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** N members, each with a 60-minute booking with a designer of their own at 11:00. */
  async function seed(count = N) {
    const db = t.database.db;
    const shop = await buildShop(db, { name: '변경 경쟁 헤어' });
    const target = await buildDesigner(db, shop.id, { name: '인기 디자이너' });
    const clients = [];
    for (let i = 0; i < count; i++) {
      const member = await buildMember(db);
      const own = await buildDesigner(db, shop.id);
      const booking = await buildBooking(db, {
        memberId: member.id,
        shopId: shop.id,
        designerId: own.id,
        startsAt: at(11 * 60),
      });
      clients.push({ memberId: member.id, cookie: await buildSession(db, member.id), booking });
    }
    return { shop, target, clients };
  }

  async function expectOneWinner(
    clients: Awaited<ReturnType<typeof seed>>['clients'],
    targetId: number,
  ) {
    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          clients.map((c) => c.booking.id),
        ),
      );
    const moved = rows.filter((r) => r.designerId === targetId);
    const kept = rows.filter(
      (r) => r.designerId !== targetId && r.startsAt.getTime() === at(11 * 60).getTime(),
    );
    expect(moved).toHaveLength(1);
    expect(moved[0]!.startsAt.toISOString()).toBe(at(15 * 60).toISOString());
    expect(kept).toHaveLength(clients.length - 1);
    expect(rows.every((r) => r.status === 'reserved')).toBe(true);
    const onTarget = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.designerId, targetId));
    expect(onTarget).toHaveLength(1);
    return { moved: moved.length, kept: kept.length };
  }

  it(`${N} concurrent HTTP reschedules into one free slot: exactly one, the others keep their time`, async () => {
    const { target, clients } = await seed();
    const results = await Promise.all(
      clients.map(async (c) => {
        const form = new FormData();
        for (const [k, v] of Object.entries({
          server: 'kr',
          country_code: 'kr',
          booking_id: String(c.booking.id),
          designer_id: String(target.id),
          date: day,
          time: '15:00',
        }))
          form.set(k, v);
        const res = await fetch(`${origin}/shop-api/carol/booking/change_user_booking`, {
          method: 'POST',
          body: form,
          headers: { cookie: `carol_sid=${c.cookie}`, 'accept-language': 'ko' },
        });
        return { status: res.status, body: (await res.json()) as { resCode?: string } };
      }),
    );
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers.every((r) => r.body.resCode === 'RESERVATION_UNAVAILABLE')).toBe(true);
    const figure = await expectOneWinner(clients, target.id);
    console.info(`reschedule race (HTTP, N=${N}): ${figure.moved} moved, ${figure.kept} kept`);
  });

  it(`${BARRIER_N} reschedules that all passed the availability check: the constraint lets exactly one through`, async () => {
    const { target, clients } = await seed(BARRIER_N);
    const jobs = createLocalQueue(t.database.db);
    // Every request waits inside its transaction until all have passed the check before it.
    let arrived = 0;
    let release!: () => void;
    const barrier = new Promise<void>((resolve) => (release = resolve));
    const outcomes = await Promise.allSettled(
      clients.map((c) =>
        rescheduleBooking(
          { db: t.database.db, jobs },
          { memberId: c.memberId },
          { booking_id: c.booking.id, designer_id: target.id, date: day, time: '15:00' },
          {
            beforeUpdate: async (_tx, attempt) => {
              if (attempt > 0) return;
              if (++arrived === BARRIER_N) release();
              await barrier;
            },
          },
        ),
      ),
    );
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o) => o.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    for (const r of rejected) {
      expect(r.reason).toMatchObject({
        code: 'RESERVATION_UNAVAILABLE',
      });
    }
    const figure = await expectOneWinner(clients, target.id);
    console.info(
      `reschedule race (barrier, N=${BARRIER_N}): ${figure.moved} moved, ${figure.kept} kept`,
    );
  });
});
