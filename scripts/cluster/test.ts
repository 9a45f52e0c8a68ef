/**
 * `npm run test:cluster`: the stack of stack.ts (PostgreSQL, Redis, S3, three instances,
 * HAProxy), a mixed load from many clients through the balancer with `kill -9` of one instance
 * and SIGTERM of another in the middle (both restarted), then the checks of ADR 048. Exits
 * non-zero on any failed check. CLUSTER_LOAD_SECONDS (default 40) bounds the load.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { addDays, todayIn } from '@carol/contracts';
import type { DatabaseHandle } from '../../services/server/src/db/index.js';
import { hashPassword } from '../../services/server/src/lib/password.js';
import {
  buildBooking,
  buildDesigner,
  buildMember,
  buildMenu,
  buildShop,
} from '../../services/server/test/factories.js';
import { startStack, serversUp, type Stack } from './stack.js';

const loadSeconds = Number(process.env.CLUSTER_LOAD_SECONDS ?? 40);
const clientCount = Number(process.env.CLUSTER_CLIENTS ?? 16);
const password = 'cluster-Pass-1234';
const designerCount = 6;
const bookingDays = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const at = () => `[${((Date.now() - started) / 1000).toFixed(0)} s]`;

interface World {
  members: Array<{ id: number; email: string; phone: string; visited: number[] }>;
  shopIds: number[];
  bookingShop: number;
  designers: number[];
  menu: number;
  firstDay: string;
}

const world: World = {
  members: [],
  shopIds: [],
  bookingShop: 0,
  designers: [],
  menu: 0,
  firstDay: '',
};

async function prepare(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  const shops = await db.execute<{ id: number }>(
    sql`select id from shops where server = 'kr' order by id limit 40`,
  );
  world.shopIds = shops.rows.map((r) => Number(r.id));
  const shop = await buildShop(db, { name: '클러스터 예약 헤어' });
  world.bookingShop = shop.id;
  for (let i = 0; i < designerCount; i++)
    world.designers.push((await buildDesigner(db, shop.id)).id);
  world.menu = (await buildMenu(db, shop.id, { durationMinutes: 30 })).id;
  world.firstDay = addDays(todayIn('Asia/Seoul'), 1);
  const passwordHash = await hashPassword(password);
  for (let i = 0; i < clientCount; i++) {
    const n = 700 + i;
    const member = await buildMember(db, {
      email: `cluster${i}@example.test`,
      phone: `010-7${String(n).padStart(3, '0')}-${String(1000 + i).padStart(4, '0')}`,
      passwordHash,
    });
    const visited: number[] = [];
    for (let v = 0; v < 2; v++) {
      const booking = await buildBooking(db, {
        memberId: member.id,
        shopId: shop.id,
        designerId: world.designers[0]!,
        startsAt: new Date(Date.now() - (i * 2 + v + 2) * 24 * 3600_000),
        status: 'visited',
      });
      visited.push(booking.id);
    }
    world.members.push({ id: member.id, email: member.email!, phone: member.phone!, visited });
  }
}

// --- what the clients saw -----------------------------------------------------------------------

interface Failure {
  what: string;
  status: number;
  server: string;
  at: number;
  method: string;
}
const counts = new Map<string, number>();
const serverErrors: Failure[] = [];
const confirmed = new Map<string, { bookingId: number; number: string; memberId: number }>();
/** Booking keys sent again after a 5xx or a network error, and what the retry answered. */
const retriedAfterFailure: Array<{
  key: string;
  memberId: number;
  bookingId?: number;
  refused?: string;
}> = [];
/** Booking keys deliberately sent twice after an answer (the answer lost on the way back). */
const replays: Array<{
  key: string;
  first: number;
  second?: number;
  replayed?: boolean;
  answer?: string;
}> = [];
const uploads: Array<{ url: string; kind: 'review' | 'gallery'; cookie: string }> = [];
const protocolErrors: string[] = [];
let uploadsLimited = 0;

function count(what: string) {
  counts.set(what, (counts.get(what) ?? 0) + 1);
}

interface Answer {
  status: number;
  server: string;
  json: Record<string, unknown> | undefined;
  setCookie: string | null;
}

const origin = () => stack.siteUrl;
let stack!: Stack;

async function call(
  what: string,
  path: string,
  options: {
    base?: string;
    method?: 'GET' | 'POST';
    form?: Record<string, string>;
    multipart?: FormData;
    cookie?: string;
    ip?: string;
  } = {},
): Promise<Answer> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { origin: origin() };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  let body: string | FormData | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({ server: 'kr', country_code: 'kr', ...options.form }).toString();
  } else if (options.multipart) {
    options.multipart.set('server', 'kr');
    options.multipart.set('country_code', 'kr');
    body = options.multipart;
  }
  count(what);
  try {
    const send = () =>
      fetch(`${options.base ?? stack.siteUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      });
    // A kept-alive connection the balancer closed (after it answered a 502 on it) fails when it
    // is reused before the client noticed; like browsers, send once more on a new connection.
    const response = await send().catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
      if (!['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(code)) throw error;
      count('resent after a closed connection');
      return send();
    });
    const text = await response.text();
    const server = response.headers.get('x-carol-server') ?? '';
    if (response.status >= 500)
      serverErrors.push({ what, status: response.status, server, at: Date.now(), method });
    let json: Record<string, unknown> | undefined;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text) as Record<string, unknown>;
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, server, json, setCookie: response.headers.get('set-cookie') };
  } catch (error) {
    // The balancer never drops a client: a failure here is the balancer's own.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    serverErrors.push({
      what,
      status: 0,
      server: `network: ${(error as Error).message} ${cause?.code ?? ''} ${cause?.message ?? ''}`,
      at: Date.now(),
      method,
    });
    return { status: 0, server: '', json: undefined, setCookie: null };
  }
}

/** The answer's JSON as the contract's response shape (fields at the envelope's top level). */
const bodyOf = <T>(answer: Answer): T | undefined => answer.json as T | undefined;
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
let photo: Buffer;

async function signIn(member: World['members'][number], ip: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await call('sign-in', '/api/userapi/login/login', {
      form: { email: member.email, password },
      ip,
    });
    const cookie = /carol_sid=[^;]+/.exec(answer.setCookie ?? '')?.[0];
    if (answer.status === 200 && cookie) return cookie;
    await sleep(500);
  }
  throw new Error(`${member.email} could not sign in through the balancer`);
}

function bookingForm(member: World['members'][number], key: string): Record<string, string> {
  const slot = Math.floor(Math.random() * 18);
  const minutes = 600 + slot * 30;
  return {
    shop_id: String(world.bookingShop),
    designer_id: String(pick(world.designers)),
    date: addDays(world.firstDay, Math.floor(Math.random() * bookingDays)),
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    menu_ids: String(world.menu),
    booker_name: 'Cluster',
    booker_phone: member.phone,
    agree_personal_info: 'true',
    agree_third_party: 'true',
    idempotency_key: key,
  };
}

function bookingOf(answer: Answer): { id: number; number: string; replayed: boolean } | undefined {
  const data = answer.json as
    { booking?: { booking_id: number; booking_number: string }; replayed?: boolean } | undefined;
  // The shop envelope: { success: true, booking, replayed }.
  const payload = data;
  if (answer.status !== 200 || !payload?.booking) return undefined;
  return {
    id: payload.booking.booking_id,
    number: payload.booking.booking_number,
    replayed: Boolean(payload.replayed),
  };
}

async function book(member: World['members'][number], cookie: string, ip: string): Promise<void> {
  const key = `cl-${randomBytes(9).toString('hex')}`;
  const form = bookingForm(member, key);
  let answer = await call('booking', '/shop-api/carol/booking/add_booking', { form, cookie, ip });
  if (answer.status >= 500 || answer.status === 0) {
    // The answer was lost (an instance died): the client sends the same key again.
    let retry: Answer | undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      await sleep(300);
      retry = await call('booking (retry after failure)', '/shop-api/carol/booking/add_booking', {
        form,
        cookie,
        ip,
      });
      if (retry.status !== 0 && retry.status < 500) break;
    }
    const booked = retry && bookingOf(retry);
    retriedAfterFailure.push({
      key,
      memberId: member.id,
      ...(booked
        ? { bookingId: booked.id }
        : { refused: `${retry?.status} ${JSON.stringify(retry?.json)?.slice(0, 120)}` }),
    });
    if (booked)
      confirmed.set(key, { bookingId: booked.id, number: booked.number, memberId: member.id });
    return;
  }
  const booked = bookingOf(answer);
  if (!booked) {
    if (answer.status !== 409 && answer.status !== 400 && answer.status !== 422)
      protocolErrors.push(
        `booking answered ${answer.status}: ${JSON.stringify(answer.json)?.slice(0, 200)}`,
      );
    return;
  }
  confirmed.set(key, { bookingId: booked.id, number: booked.number, memberId: member.id });
  if (Math.random() < 0.3) {
    for (let attempt = 0; attempt < 5; attempt++) {
      answer = await call('booking (replay)', '/shop-api/carol/booking/add_booking', {
        form,
        cookie,
        ip,
      });
      if (answer.status !== 0 && answer.status < 500) break;
      await sleep(300);
    }
    const again = bookingOf(answer);
    replays.push({
      key,
      first: booked.id,
      ...(again
        ? { second: again.id, replayed: again.replayed }
        : {
            answer: `${answer.status} ${answer.server} ${JSON.stringify(answer.json)?.slice(0, 160)}`,
          }),
    });
  }
}

async function client(index: number, until: () => boolean): Promise<void> {
  const member = world.members[index]!;
  const ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const cookie = await signIn(member, ip);
  const visited = [...member.visited];
  while (!until()) {
    const roll = Math.random();
    if (roll < 0.25) {
      await call('search', '/api/carol/shop/getShopSearchInfo', {
        form: pick<Record<string, string>>([
          { keyword: pick(['헤어', '살롱', '강남', '펌']), page_size: '20' },
          { lat: '37.5665', lng: '126.978', sort: 'distance', page_size: '20' },
        ]),
        ip,
      });
    } else if (roll < 0.45) {
      const shopId = String(pick(world.shopIds));
      await call('salon page', '/api/carol/shop/getShopDetail', { form: { shop_id: shopId }, ip });
      await call('salon menus', '/api/carol/shop/getShopMenuList', {
        form: { shop_id: shopId },
        ip,
      });
    } else if (roll < 0.55) {
      const shopId = String(pick(world.shopIds));
      await call('favourite', '/api/carol/shop/setShopFavorite', {
        form: { shop_id: shopId },
        cookie,
        ip,
      });
      await call('favourites', '/api/carol/mypage/getShopFavoriteList', { form: {}, cookie, ip });
    } else if (roll < 0.7) {
      await book(member, cookie, ip);
    } else if (roll < 0.85) {
      const list = await call('gallery list', '/shop-api/carol/mygallery/get_my_gallery_list', {
        form: { page: '1', page_size: '10' },
        cookie,
        ip,
      });
      const items = bodyOf<{ gallery_list?: Array<{ url: string }> }>(list)?.gallery_list ?? [];
      if (items.length > 0)
        await call('gallery photo (GET)', pick(items).url, { method: 'GET', cookie, ip });
      const reviews = uploads.filter((u) => u.kind === 'review');
      if (reviews.length > 0)
        await call('review photo (GET)', pick(reviews).url, { method: 'GET', ip });
    } else if (roll < 0.93 && visited.length > 0) {
      const form = new FormData();
      form.set('booking_id', String(visited.pop()));
      form.set('rating', '5');
      form.set('body', 'Cluster run');
      form.set('photos', new Blob([photo], { type: 'image/png' }), 'photo.png');
      const answer = await call('review upload', '/shop-api/carol/booking/add_review', {
        multipart: form,
        cookie,
        ip,
      });
      const review = bodyOf<{ review?: { photos: Array<{ url: string }> } }>(answer)?.review;
      for (const p of review?.photos ?? []) uploads.push({ url: p.url, kind: 'review', cookie });
      if (answer.status !== 200 && answer.status < 500 && answer.status !== 0)
        protocolErrors.push(
          `review answered ${answer.status}: ${JSON.stringify(answer.json)?.slice(0, 200)}`,
        );
    } else {
      const form = new FormData();
      form.set('photo', new Blob([photo], { type: 'image/png' }), 'photo.png');
      form.set('source', 'gallery');
      const answer = await call('gallery upload', '/shop-api/carol/mygallery/save_to_my_gallery', {
        multipart: form,
        cookie,
        ip,
      });
      const item = bodyOf<{ item?: { url: string } }>(answer)?.item;
      if (item) uploads.push({ url: item.url, kind: 'gallery', cookie });
      // A member uploading faster than a person would meets the upload limit (counted across
      // the instances in Redis): the limiter at work, not a fault.
      else if (answer.status === 429) uploadsLimited++;
      else if (answer.status < 500 && answer.status !== 0)
        protocolErrors.push(
          `gallery upload answered ${answer.status}: ${JSON.stringify(answer.json)?.slice(0, 200)}`,
        );
    }
  }
}

// --- the run ------------------------------------------------------------------------------------

const results: Array<{ name: string; ok: boolean; detail: string }> = [];
function check(name: string, ok: boolean, detail: string) {
  results.push({ name, ok, detail });
  console.log(`  ${ok ? '✔' : '✖'} ${name}: ${detail}`);
}

async function main(): Promise<void> {
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
    .png()
    .toBuffer();
  console.log(
    `Carol cluster test (${new Date().toISOString()}): ${clientCount} clients, ${loadSeconds} s of load`,
  );
  stack = await startStack(
    {
      env: {
        // Every minute, so the run sees the queue's crontab fire (once per tick across instances).
        PURGE_SCHEDULE: '* * * * *',
        RATE_LIMIT_PER_MINUTE: '100000',
        RATE_LIMIT_MEMBER_PER_MINUTE: '100000',
      },
    },
    prepare,
  );
  const app2 = stack.instances[1]!;
  const app3 = stack.instances[2]!;
  const allReadyAt = Date.now();

  console.log(`${at()} load through ${stack.siteUrl}`);
  const loadStarted = Date.now();
  let stopLoad = false;
  const clients = world.members.map((_, i) => client(i, () => stopLoad));
  const events: string[] = [];
  let killedAt = 0;
  let terminatedExit: string | undefined;
  const faults = (async () => {
    await sleep(loadSeconds * 200);
    killedAt = Date.now();
    app2.signal('SIGKILL');
    events.push(`${at()} kill -9 ${app2.name}`);
    console.log(events.at(-1));
    await sleep(3000);
    app3.signal('SIGTERM');
    events.push(`${at()} SIGTERM ${app3.name}`);
    console.log(events.at(-1));
    await app2.waitExit();
    app2.start();
    const termAt = Date.now();
    await app3.waitExit(120_000);
    events.push(
      `${at()} ${app3.name} exited ${((Date.now() - termAt) / 1000).toFixed(1)} s after SIGTERM`,
    );
    console.log(events.at(-1));
    terminatedExit = `code ${app3.exitCode}, signal ${app3.exitSignal}`;
    console.log(`${at()} ${app3.name} exited (${terminatedExit}); restarting both`);
    app3.start();
    await Promise.all([app2.waitReady(), app3.waitReady()]);
    console.log(`${at()} ${app2.name} and ${app3.name} ready again`);
  })();
  const faultsDone = faults.then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  while (Date.now() - loadStarted < loadSeconds * 1000) await sleep(250);
  const faultError = await faultsDone;
  if (faultError) throw faultError;
  // Load on the restarted instances too, once HAProxy sends to them again.
  const upDeadline = Date.now() + 20_000;
  while ((await serversUp(stack.haproxy)).length < 3 && Date.now() < upDeadline) await sleep(250);
  await sleep(3000);
  stopLoad = true;
  await Promise.all(clients);
  const loadEnded = Date.now();
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${at()} load done: ${total} requests in ${((loadEnded - loadStarted) / 1000).toFixed(0)} s (${(total / ((loadEnded - loadStarted) / 1000)).toFixed(0)}/s); ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );

  console.log(`${at()} checks`);
  const db = stack.database.db;

  const overlaps = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings a join bookings b
      on a.designer_id = b.designer_id and a.id < b.id
     and a.status <> 'cancelled' and b.status <> 'cancelled'
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`);
  check(
    'no overlapping bookings',
    Number(overlaps.rows[0]!.n) === 0,
    `${overlaps.rows[0]!.n} overlapping pairs (SQL)`,
  );

  const stored = await db.execute<{
    id: number;
    member_id: number;
    idempotency_key: string;
    booking_number: string;
  }>(
    sql`select id, member_id, idempotency_key, booking_number from bookings where shop_id = ${world.bookingShop} and idempotency_key is not null`,
  );
  const byKey = new Map(stored.rows.map((r) => [r.idempotency_key, r]));
  const lost = [...confirmed].filter(([key, b]) => Number(byKey.get(key)?.id) !== b.bookingId);
  check(
    'no confirmed booking lost',
    lost.length === 0 && confirmed.size > 0,
    `${confirmed.size} confirmed to clients, ${lost.length} missing; ${stored.rows.length} stored`,
  );

  const badReplays = replays.filter((r) => r.second !== r.first || r.replayed !== true);
  const badRetries = retriedAfterFailure.filter((r) => {
    const row = byKey.get(r.key);
    // Answered with its booking, or refused and then nothing stored under the key.
    return r.bookingId !== undefined ? Number(row?.id) !== r.bookingId : row !== undefined;
  });
  check(
    'retried booking requests answered with their booking',
    badReplays.length === 0 && badRetries.length === 0 && replays.length > 0,
    `${replays.length} replays (${badReplays.length} wrong${badReplays.length ? `: ${JSON.stringify(badReplays.slice(0, 3))}` : ''}), ${retriedAfterFailure.length} retries after a failure (${retriedAfterFailure.filter((r) => r.bookingId).length} booked, ${badRetries.length} wrong)`,
  );

  // Public reads from the streaming replica: its own table statistics count the scans the
  // instances' search and salon pages ran there (the lag probes touch no table).
  const replicaScans = Number(
    await stack.replica.query(
      `select coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0) from pg_stat_user_tables where relname in ('shops', 'designers', 'menus')`,
    ),
  );
  check(
    'public reads served by the replica',
    replicaScans > 0,
    `${replicaScans} scans of shops, designers and menus on the replica`,
  );

  // Sessions (Redis) on every instance, asked directly.
  let sessionFailures = 0;
  const cookies = new Set(uploads.map((u) => u.cookie));
  for (const member of world.members.slice(0, 6)) {
    const cookie = await signIn(member, '10.78.0.1');
    cookies.add(cookie);
  }
  for (const cookie of cookies) {
    for (const instance of stack.instances) {
      const answer = await call('session check', '/shop-api/carol/mygallery/get_my_gallery_list', {
        base: instance.url,
        form: { page: '1', page_size: '1' },
        cookie,
      });
      if (answer.status !== 200) sessionFailures++;
    }
  }
  check(
    'sessions valid on every instance',
    sessionFailures === 0,
    `${cookies.size} sessions × ${stack.instances.length} instances, ${sessionFailures} refused`,
  );

  // Every uploaded file from every instance, byte for byte the same.
  let fileFailures = 0;
  for (const upload of uploads) {
    const bodies = new Set<string>();
    for (const instance of stack.instances) {
      const response = await fetch(`${instance.url}${upload.url}`, {
        headers: upload.kind === 'gallery' ? { cookie: upload.cookie } : {},
      }).catch(() => undefined);
      if (!response || response.status !== 200) fileFailures++;
      else bodies.add(Buffer.from(await response.arrayBuffer()).toString('base64'));
    }
    if (bodies.size > 1) fileFailures++;
  }
  const reviewCount = uploads.filter((u) => u.kind === 'review').length;
  check(
    'uploaded files readable from every instance',
    fileFailures === 0 && reviewCount > 0 && uploads.length > reviewCount,
    `${reviewCount} review photos, ${uploads.length - reviewCount} gallery photos × ${stack.instances.length} instances, ${fileFailures} failures`,
  );

  // The sign-in limit (30 per 15 minutes per address) counted once across the instances.
  const limitIp = `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const statuses: number[] = [];
  for (let i = 0; i < 36; i++) {
    const instance = stack.instances[i % stack.instances.length]!;
    const answer = await call('rate limit probe', '/api/userapi/login/login', {
      base: instance.url,
      // A new address each time: only the per-address limit counts, not a per-account lock.
      form: {
        email: `probe-${i}-${randomBytes(3).toString('hex')}@example.test`,
        password: 'wrong-password-1',
      },
      ip: limitIp,
    });
    statuses.push(answer.status);
  }
  const refused = statuses.filter((s) => s === 429).length;
  check(
    'rate limits counted across instances',
    refused === 6 && statuses.slice(0, 30).every((s) => s !== 429),
    `36 wrong sign-ins from one address spread over 3 instances: ${36 - refused} answered, ${refused} refused (limit 30)`,
  );

  // Each confirmation mail exactly once (the queue's workers on every instance).
  const mailDeadline = Date.now() + 60_000;
  // Reminders (ADR 050) also name the booking: a booking made for later today can have one due
  // during the run. They are told apart by their Message-ID (`<reminder-…>`, from the job key).
  const isReminder = (mail: { messageId: string }) => mail.messageId.startsWith('<reminder-');
  const mailsOf = () => {
    const perBooking = new Map<string, number>();
    for (const mail of stack.smtp.mails) {
      if (isReminder(mail)) continue;
      const text = `${mail.subject}\n${mail.text}\n${mail.attachments.map((a) => a.content).join('\n')}`;
      for (const b of confirmed.values())
        if (text.includes(b.number)) perBooking.set(b.number, (perBooking.get(b.number) ?? 0) + 1);
    }
    return perBooking;
  };
  let perBooking = mailsOf();
  const storedNumbers = stored.rows.map((r) => r.booking_number);
  while (storedNumbers.some((n) => !perBooking.has(n)) && Date.now() < mailDeadline) {
    await sleep(1000);
    perBooking = mailsOf();
  }
  await sleep(2000);
  perBooking = mailsOf();
  const missingMail = [...confirmed.values()].filter((b) => !perBooking.has(b.number)).length;
  const twice = [...perBooking.values()].filter((n) => n > 1).length;
  if (missingMail > 0) {
    const left = await db.execute(
      sql`select task_identifier, attempts, last_error, locked_by, locked_at, run_at from graphile_worker.jobs`,
    );
    console.log(`  (jobs left in the queue: ${JSON.stringify(left.rows).slice(0, 800)})`);
  }
  if (twice > 0) {
    const number = [...perBooking].find(([, n]) => n > 1)?.[0] ?? '';
    const copies = stack.smtp.mails.filter((m) => !isReminder(m) && m.text.includes(number));
    console.log(
      `  (${number} mailed as: ${copies.map((m) => `${m.messageId} "${m.subject}"`).join(', ')})`,
    );
  }
  const reminders = stack.smtp.mails.filter(isReminder).map((mail) => mail.messageId);
  const repeatedReminders = reminders.length - new Set(reminders).size;
  check(
    'each confirmation mail sent exactly once',
    missingMail === 0 && twice === 0 && repeatedReminders === 0,
    `${stack.smtp.mails.length - reminders.length} confirmation mails for ${confirmed.size} confirmed bookings: ${missingMail} missing, ${twice} sent more than once; ${reminders.length} reminders due during the run, ${repeatedReminders} repeated`,
  );

  // The purge: once per crontab tick across the instances (PURGE_SCHEDULE every minute).
  const firstTick = Math.ceil((allReadyAt + 2000) / 60_000) * 60_000;
  if (Date.now() < firstTick + 8000) {
    console.log(
      `  (waiting ${((firstTick + 8000 - Date.now()) / 1000).toFixed(0)} s for the purge's first full minute)`,
    );
    await sleep(firstTick + 8000 - Date.now());
  }
  const runs = new Map<number, string[]>();
  for (const instance of stack.instances) {
    for (const line of readFileSync(instance.log, 'utf8').split('\n')) {
      if (!line.includes('purged expired data')) continue;
      const time = (JSON.parse(line) as { time: number }).time;
      const minute = Math.floor(time / 60_000) * 60_000;
      runs.set(minute, [...(runs.get(minute) ?? []), instance.name]);
    }
  }
  const ticks = [...runs].filter(([minute]) => minute >= firstTick);
  const doubled = [...runs].filter(([, names]) => names.length > 1);
  check(
    'purge ran once per tick',
    ticks.length >= 1 && doubled.length === 0,
    [...runs]
      .map(
        ([minute, names]) => `${new Date(minute).toISOString().slice(11, 16)} → ${names.join('+')}`,
      )
      .join(', ') || 'no run',
  );

  check(
    'SIGTERM: graceful exit',
    terminatedExit === 'code 0, signal null',
    `${app3.name} exited with ${terminatedExit}`,
  );
  const foreign = serverErrors.filter(
    (e) => e.server !== app2.name || e.at < killedAt || e.at > killedAt + 15_000,
  );
  const gets = serverErrors.filter((e) => e.method === 'GET');
  check(
    'no 5xx but those the killed instance was answering',
    foreign.length === 0 && gets.length === 0,
    `${serverErrors.length} 5xx/network errors (${serverErrors.length - foreign.length} from ${app2.name} after its kill, ${gets.length} on GETs)${foreign.length ? `; others: ${JSON.stringify(foreign.slice(0, 5))}` : ''}`,
  );
  check(
    'no unexpected refusals',
    protocolErrors.length === 0,
    (protocolErrors.length === 0 ? 'none' : protocolErrors.slice(0, 5).join(' | ')) +
      ` (${uploadsLimited} gallery uploads held back by the per-member upload limit)`,
  );
}

let failed = false;
try {
  await main();
  failed = results.some((r) => !r.ok);
} catch (error) {
  failed = true;
  console.error(`\n✖ cluster run failed: ${(error as Error).stack ?? String(error)}`);
} finally {
  if (stack) await stack.stop();
}
const took = ((Date.now() - started) / 1000).toFixed(0);
if (failed) {
  console.error(`\n✖ cluster test failed (${took} s)`);
  process.exit(1);
}
console.log(`\n✔ cluster test passed: ${results.length} checks in ${took} s`);
process.exit(0);
