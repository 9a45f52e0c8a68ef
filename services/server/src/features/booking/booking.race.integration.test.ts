import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayIn, type Booking } from '@carol/contracts';
import { openDatabase, runMigrations, type Database, type DatabaseHandle } from '../../db/index.js';
import {
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/db.js';
import { addBookingFor, type AddBookingInput } from './booking.service.js';

// "No double booking, ever", on a real PostgreSQL server (skipped without TEST_DATABASE_URL:
// PGlite is one connection, so nothing there runs truly concurrently):
// 1. 50 concurrent HTTP clients book overlapping times with one designer: zero overlaps,
//    every loser gets RESERVATION_UNAVAILABLE with the spec's message.
// 2. The exclusion constraint alone decides: N transactions all pass the availability check
//    before any inserts (a barrier inside the transaction), exactly one commits.
// 3. A real server process (main.ts) is SIGKILLed mid-load, restarted, and every request is
//    replayed with its idempotency key: no duplicates, no lost bookings.

const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const clashMessage = '해당 시간에는 예약할 수 없습니다.';

interface Client {
  cookie: string;
  phone: string;
  memberId: number;
}

interface Fixture {
  shopId: number;
  designerId: number;
  menuId: number;
  clients: Client[];
  day: string;
}

let phoneSequence = 0;

async function seedFixture(db: Database, count: number): Promise<Fixture> {
  const shop = await buildShop(db, { name: '동시성 헤어' });
  const designer = await buildDesigner(db, shop.id, { name: '경쟁 디자이너' });
  const menu = await buildMenu(db, shop.id, { name: '커트', durationMinutes: 60 });
  const clients: Client[] = [];
  for (let i = 0; i < count; i++) {
    const n = ++phoneSequence;
    const phone = `010-${String(5000 + Math.floor(n / 1000))}-${String(1000 + (n % 1000))}`;
    const member = await buildMember(db, { phone });
    clients.push({ cookie: await buildSession(db, member.id), phone, memberId: member.id });
  }
  return {
    shopId: shop.id,
    designerId: designer.id,
    menuId: menu.id,
    clients,
    day: addDays(todayIn('Asia/Seoul'), 5),
  };
}

/** Overlapping 60-minute requests between 11:00 and 13:00 at a 30-minute step. */
function requestFor(f: Fixture, i: number, key: string) {
  const times = ['11:00', '11:30', '12:00', '12:30', '13:00'];
  return {
    shop_id: String(f.shopId),
    designer_id: String(f.designerId),
    date: f.day,
    time: times[i % times.length]!,
    menu_ids: String(f.menuId),
    booker_name: `손님${i}`,
    booker_phone: f.clients[i]!.phone,
    agree_personal_info: 'true',
    agree_third_party: 'true',
    idempotency_key: key,
  };
}

async function post(
  origin: string,
  fields: Record<string, string>,
  cookie: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${origin}/shop-api/carol/booking/add_booking`, {
    method: 'POST',
    body: form,
    headers: { cookie: `carol_sid=${cookie}`, 'accept-language': 'ko' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function overlapCount(db: Database, designerId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings a join bookings b
      on a.designer_id = b.designer_id and a.id < b.id
     and a.status <> 'cancelled' and b.status <> 'cancelled'
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     where a.designer_id = ${designerId}`);
  return result.rows[0]!.n;
}

describe.skipIf(!serverUrl)('booking races on PostgreSQL', () => {
  let t: TestApp;
  let origin = '';

  beforeAll(async () => {
    t = await createTestApp({ COOKIE_SECURE: 'false' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('50 concurrent clients: zero overlapping bookings, every loser told the slot is taken', async () => {
    const db = t.database.db;
    const f = await seedFixture(db, 50);
    const results = await Promise.all(
      f.clients.map((c, i) =>
        post(origin, requestFor(f, i, `race-${i}-${randomBytes(4).toString('hex')}`), c.cookie),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    // 11:00–14:00 holds at most three non-overlapping hours.
    expect(winners.length).toBeLessThanOrEqual(3);
    for (const r of losers) {
      expect(r).toMatchObject({
        status: 409,
        body: { success: false, resCode: 'RESERVATION_UNAVAILABLE', resMessage: clashMessage },
      });
    }
    expect(await overlapCount(db, f.designerId)).toBe(0);
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where designer_id = ${f.designerId}`,
    );
    expect(rows.rows[0]!.n).toBe(winners.length);
  });

  it('the exclusion constraint decides when every request passed the availability check', async () => {
    const db = t.database.db;
    const f = await seedFixture(db, 4);
    // Every transaction waits inside, after its availability check, until all have arrived:
    // none can see another's row, so only the constraint can refuse. (Pool: 5 connections.)
    let arrived = 0;
    let release!: () => void;
    const barrier = new Promise<void>((r) => (release = r));
    const outcomes = await Promise.allSettled(
      f.clients.map((c, i) => {
        const req = requestFor(f, 0, `barrier-${i}-${randomBytes(4).toString('hex')}`);
        const input: AddBookingInput = {
          server: 'kr',
          shop_id: f.shopId,
          designer_id: f.designerId,
          date: req.date,
          time: '11:00',
          menu_ids: [f.menuId],
          booker_name: req.booker_name,
          booker_phone: c.phone,
          payment_method: 'on_site',
          agree_personal_info: true,
          agree_third_party: true,
          idempotency_key: req.idempotency_key,
        };
        return addBookingFor(db, c.memberId, input, {
          beforeInsert: async () => {
            if (++arrived === f.clients.length) release();
            await barrier;
          },
        });
      }),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === 'fulfilled') continue;
      expect(o.reason).toMatchObject({
        code: 'RESERVATION_UNAVAILABLE',
      });
    }
    expect(await overlapCount(db, f.designerId)).toBe(0);
  });

  it('retries a transaction that lost a deadlock, and both bookings land', async () => {
    const db = t.database.db;
    const f = await seedFixture(db, 2);
    const other = await buildDesigner(db, f.shopId);
    // Two bookings of different designers whose first attempts lock two rows in opposite
    // order: PostgreSQL aborts one with 40P01 (deadlock_timeout, 1 s), which must be retried.
    const lockOrder = [
      [f.clients[0]!.memberId, f.clients[1]!.memberId],
      [f.clients[1]!.memberId, f.clients[0]!.memberId],
    ] as const;
    let firstLocks = 0;
    let bothLocked!: () => void;
    const ready = new Promise<void>((r) => (bothLocked = r));
    const attempts = [0, 0];
    const outcomes = await Promise.allSettled(
      [f.designerId, other.id].map((designerId, i) =>
        addBookingFor(
          db,
          f.clients[i]!.memberId,
          {
            server: 'kr',
            shop_id: f.shopId,
            designer_id: designerId,
            date: f.day,
            time: '15:00',
            menu_ids: [f.menuId],
            booker_name: '교착',
            booker_phone: f.clients[i]!.phone,
            payment_method: 'on_site',
            agree_personal_info: true,
            agree_third_party: true,
            idempotency_key: `deadlock-${i}-${randomBytes(4).toString('hex')}`,
          },
          {
            beforeInsert: async (tx, attempt) => {
              attempts[i] = attempt + 1;
              if (attempt > 0) return;
              const [a, b] = lockOrder[i]!;
              await tx.execute(sql`select id from members where id = ${a} for update`);
              if (++firstLocks === 2) bothLocked();
              await ready;
              await tx.execute(sql`select id from members where id = ${b} for update`);
            },
          },
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect([...attempts].sort()).toEqual([1, 2]);
  });

  it('the same key sent twice at once books once and both answers carry that booking', async () => {
    const db = t.database.db;
    const f = await seedFixture(db, 1);
    const c = f.clients[0]!;
    const fields = requestFor(f, 0, `twice-${randomBytes(6).toString('hex')}`);
    const [a, b] = await Promise.all([
      post(origin, fields, c.cookie),
      post(origin, fields, c.cookie),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const ba = (a.body as { booking: Booking }).booking;
    const bb = (b.body as { booking: Booking }).booking;
    expect(ba.booking_id).toBe(bb.booking_id);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
  });

  it('10 twins of one key × 5 rounds: every answer is that one booking, never "not available"', async () => {
    // A twin that checked the key before the first one committed was then
    // refused by the availability check or the exclusion constraint — by its own booking.
    const db = t.database.db;
    const rounds = 5;
    const twins = 10;
    const f = await seedFixture(db, rounds);
    const times = ['10:00', '11:00', '12:00', '13:00', '14:00'];
    const failures: string[] = [];
    for (let round = 0; round < rounds; round++) {
      const c = f.clients[round]!;
      const fields = {
        ...requestFor(f, round, `twins-${round}-${randomBytes(6).toString('hex')}`),
        time: times[round]!,
      };
      const answers = await Promise.all(
        Array.from({ length: twins }, () => post(origin, fields, c.cookie)),
      );
      const refused = answers.filter((a) => a.status !== 200);
      if (refused.length > 0) {
        failures.push(
          `round ${round}: ${refused.length}/${twins} refused (${refused
            .map((a) => `${a.status} ${String(a.body.resCode)}`)
            .join(', ')})`,
        );
      }
      const rows = await db.execute<{ id: number }>(
        sql`select id::int as id from bookings where member_id = ${c.memberId}`,
      );
      expect(rows.rows).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 200)) {
        expect((a.body as { booking: Booking }).booking.booking_id).toBe(rows.rows[0]!.id);
      }
      expect(answers.filter((a) => a.body.replayed === false).length).toBeLessThanOrEqual(1);
    }
    expect(failures).toEqual([]);
    expect(await overlapCount(db, f.designerId)).toBe(0);
  });
});

// --- crash and replay --------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'services/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  await exited;
}

describe.skipIf(!serverUrl)('booking crash and replay on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let handle: DatabaseHandle;
  let databaseUrl = '';
  let dataDir = '';
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase('carol_crash');
    databaseUrl = throwaway.url;
    handle = await openDatabase({ databaseUrl, maxConnections: 3 });
    await runMigrations(handle);
    dataDir = mkdtempSync(join(tmpdir(), 'carol-crash-'));
  });

  afterAll(async () => {
    for (const child of children) await stopServer(child, 'SIGKILL');
    await handle?.close();
    await throwaway?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed mid-load and replayed with the same keys: no duplicates, no lost bookings', async () => {
    const db = handle.db;
    // Three designers so that many requests succeed and many clash.
    const f = await seedFixture(db, 50);
    const designers = [f.designerId];
    for (let i = 0; i < 2; i++) designers.push((await buildDesigner(db, f.shopId)).id);
    const requests = f.clients.map((c, i) => ({
      client: c,
      fields: {
        ...requestFor(f, i, `crash-${i}-${randomBytes(6).toString('hex')}`),
        designer_id: String(designers[i % 3]),
        time: ['11:00', '11:30', '12:00', '13:00', '14:00'][Math.floor(i / 3) % 5]!,
      },
    }));

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      SERVE_WEB: 'false',
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '10000',
      // Booking needs the main and shop bases only; the ML plugin loads models at start.
      SERVICE_BASES: 'main,shop',
    };

    // Phase 1: load, then SIGKILL after the first few answers while the rest are in flight.
    const first = startServer(env);
    children.push(first);
    await waitReady(origin, first);
    const phase1 = new Map<string, { status: number; body: Record<string, unknown> }>();
    let answered = 0;
    let killed: Promise<void> | undefined;
    await Promise.allSettled(
      requests.map(async (r) => {
        const res = await post(origin, r.fields, r.client.cookie);
        phase1.set(r.fields.idempotency_key, res);
        if (++answered === 5) killed = stopServer(first, 'SIGKILL');
      }),
    );
    await (killed ?? stopServer(first, 'SIGKILL'));
    expect(first.signalCode).toBe('SIGKILL');
    expect(phase1.size).toBeLessThan(requests.length);

    // Phase 2: a new process on the same database; every request replayed with its key.
    const second = startServer(env);
    children.push(second);
    await waitReady(origin, second);
    const phase2 = new Map<string, { status: number; body: Record<string, unknown> }>();
    await Promise.all(
      requests.map(async (r) => {
        phase2.set(r.fields.idempotency_key, await post(origin, r.fields, r.client.cookie));
      }),
    );
    await stopServer(second, 'SIGTERM');

    const rows = await db.execute<{ id: number; idempotency_key: string }>(
      sql`select id::int as id, idempotency_key from bookings where shop_id = ${f.shopId}`,
    );
    const byKey = new Map(rows.rows.map((r) => [r.idempotency_key, r.id]));
    // No duplicates: one row per key at most, and one per acknowledged booking.
    expect(byKey.size).toBe(rows.rows.length);
    for (const r of requests) {
      const key = r.fields.idempotency_key;
      const before = phase1.get(key);
      const after = phase2.get(key)!;
      if (after.status === 200) {
        const booking = (after.body as { booking: Booking }).booking;
        expect(byKey.get(key)).toBe(booking.booking_id);
      } else {
        expect(after).toMatchObject({ status: 409, body: { resCode: 'RESERVATION_UNAVAILABLE' } });
        expect(byKey.has(key)).toBe(false);
      }
      // No lost bookings: what phase 1 confirmed, the replay confirms as the same booking.
      if (before?.status === 200) {
        expect(after.status).toBe(200);
        expect(after.body.replayed).toBe(true);
        expect((after.body as { booking: Booking }).booking.booking_id).toBe(
          (before.body as { booking: Booking }).booking.booking_id,
        );
      }
    }
    expect(rows.rows.length).toBe([...phase2.values()].filter((x) => x.status === 200).length);
    for (const id of designers) expect(await overlapCount(db, id)).toBe(0);
  });
});
