/**
 * The app under attack and a small world in it: a fresh database (in-memory PGlite from the test
 * template, or a throwaway PostgreSQL database), two salons built with the test factories (no
 * demo seed: it takes minutes), members signed up and signed in through the real HTTP calls, and
 * each victim's own resources made through the API (bookings, a review with a photo, gallery
 * photos, favourites).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { addDays, todayIn } from '@carol/contracts';
import { buildApp } from '../../services/server/src/app.js';
import { createSmtpMailer, type Mailer } from '../../services/server/src/lib/mail.js';
import { loadConfig, type Config } from '../../services/server/src/env.js';
import { hashPassword } from '../../services/server/src/lib/password.js';
import { createTestDatabase, type TestDatabase } from '../../services/server/test/db.js';
import {
  buildBooking,
  buildDesigner,
  buildMember,
  buildMenu,
  buildShop,
  fromNow,
  hours,
} from '../../services/server/test/factories.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../services/server/test/smtp.js';
import { brief, Client, freshAddress, bodies, isSuccess } from './harness.js';

export const password = 'Carol-2024!';

export interface Member {
  id: number;
  email: string;
  phone: string;
  client: Client;
}

export interface Victim extends Member {
  /** A future reservation (cross-member reads and cancels). */
  bookingId: number;
  /** A second future reservation, the target of forged cross-site cancels. */
  csrfBookingId: number;
  /** A visited, not yet reviewed booking (others must not review it). */
  visitedBookingId: number;
  /** A visited booking reviewed with a photo. */
  reviewedBookingId: number;
  reviewPhotoUrl: string;
  galleryMediaId: number;
  galleryUrl: string;
  galleryThumbUrl: string;
}

export interface World {
  base: string;
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  dataDir: string;
  kind: string;
  shopId: number;
  designerIds: number[];
  menuId: number;
  /** A salon only the booking race uses. */
  raceShop: { shopId: number; designerId: number; menuId: number };
  /** Signed up through register → mail → activate; owns every kind of resource. */
  alice: Victim;
  /** Signed in through login; the cross-member attacker. */
  bob: Member;
  /** Makes new members with a password (through the database) and signs them in over HTTP. */
  member(label: string): Promise<Member>;
  stranger(): Client;
  close(): Promise<void>;
}

export async function jpeg(width = 640, height = 480, colour = '#7a3b2e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

let phoneSequence = 0;
export function freshPhone(): string {
  const n = ++phoneSequence;
  return `010-${String(7000 + Math.floor(n / 1000))}-${String(1000 + (n % 9000)).padStart(4, '0')}`;
}

export async function startWorld(): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'carol-security-'));
  const database = await createTestDatabase();
  const db = database.db;
  const smtp: TestSmtp = await startTestSmtp();
  const withMl = process.env.SECURITY_ML !== 'false';
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.SECURITY_LOG_LEVEL ?? 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'http://carol.test',
    // Every attacker address is its own (X-Forwarded-For), as many clients on the Internet are.
    TRUST_PROXY: 'true',
    // The ML base is mounted (its upload routes are attacked) but loads models only on use.
    SERVICE_BASES: withMl ? 'main,shop,ml' : 'main,shop',
    ML_PRELOAD: 'false',
    CODE_HASH_SECRET: 'security-suite-code-hash-secret-0123456789',
  });
  // The app hands mails over in the background (the answer never waits on SMTP): the suite
  // waits for those still in flight before it stops the mail server, or a delivery cut off by
  // the shutdown ("421 Server shutting down") is logged at error level and read as a finding.
  const smtpMailer = createSmtpMailer(config.smtpUrl!, config.mailFrom);
  const inFlight = new Set<Promise<void>>();
  const mailer: Mailer = {
    send(message) {
      const sending = smtpMailer.send(message);
      inFlight.add(sending);
      void sending.catch(() => undefined).finally(() => inFlight.delete(sending));
      return sending;
    },
  };
  const app = await buildApp({
    config,
    db,
    mailer,
    ...(process.env.SECURITY_LOG_LEVEL ? {} : { logger: false }),
  });
  const port = Number(process.env.SECURITY_PORT ?? 0);
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;

  const shop = await buildShop(db, { name: '보안 점검 헤어' });
  const designers = [await buildDesigner(db, shop.id), await buildDesigner(db, shop.id)];
  const menu = await buildMenu(db, shop.id, { name: '커트', durationMinutes: 60 });
  const raceShop = await buildShop(db, { name: '경쟁 헤어' });
  const raceDesigner = await buildDesigner(db, raceShop.id);
  const raceMenu = await buildMenu(db, raceShop.id, { durationMinutes: 60 });
  const passwordHash = await hashPassword(password);

  async function signIn(client: Client, email: string): Promise<void> {
    const res = await client.call('/api/userapi/login/login', { email, password });
    if (!isSuccess(res)) throw new Error(`sign-in of ${email} failed: ${brief(res)}`);
  }

  let memberSequence = 0;
  async function member(label: string): Promise<Member> {
    const n = ++memberSequence;
    const email = `${label}-${n}-${Date.now().toString(36)}@security.test`;
    const phone = freshPhone();
    const row = await buildMember(db, {
      email,
      phone,
      passwordHash,
      familyName: 'Test',
      givenName: label,
    });
    const client = new Client(base, label, freshAddress());
    await signIn(client, email);
    return { id: row.id, email, phone, client };
  }

  // Alice signs up through the real calls: register → the mail's link → activate (signed in).
  const aliceClient = new Client(base, 'alice', freshAddress());
  const aliceEmail = `alice-${Date.now().toString(36)}@security.test`;
  const registered = await aliceClient.call('/api/userapi/registration/register', {
    email: aliceEmail,
    password,
    family_name: 'Kim',
    given_name: 'Alice',
    agree_terms: 'true',
    agree_privacy: 'true',
    agree_age: 'true',
  });
  if (!isSuccess(registered)) throw new Error(`register: ${brief(registered)}`);
  const mail = await smtp.nextMailTo(aliceEmail);
  const token = linkIn(mail, '/login/registeruserafteremail/').pathname.split('/').pop() ?? '';
  const activated = await aliceClient.call('/api/userapi/registration/activate', { token });
  if (!isSuccess(activated)) throw new Error(`activate: ${brief(activated)}`);
  const aliceId = Number(activated.json?.user_id);
  // A phone of her own (bookings need one): set where the SMS check would have put it.
  const alicePhone = freshPhone();
  const { members } = await import('../../services/server/src/db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  await db
    .update(members)
    .set({ phone: alicePhone, phoneVerifiedAt: new Date() })
    .where(eq(members.id, aliceId));
  // And a password sign-in on top, as she would next time.
  await signIn(aliceClient, aliceEmail);

  const day = addDays(todayIn('Asia/Seoul'), 3);
  async function book(client: Client, phone: string, time: string, designerId: number) {
    const res = await client.call('/shop-api/carol/booking/add_booking', {
      shop_id: shop.id,
      designer_id: designerId,
      date: day,
      time,
      menu_ids: [menu.id],
      booker_name: '김앨리스',
      booker_phone: phone,
      request_note: 'alice private note',
      agree_personal_info: 'true',
      agree_third_party: 'true',
      idempotency_key: `world-${time.replace(':', '')}-${designerId}-${Math.random().toString(36).slice(2)}`,
    });
    if (!isSuccess(res)) throw new Error(`add_booking: ${brief(res)}`);
    const booking = (res.json?.booking ?? res.json) as { booking_id?: number; id?: number };
    const id = Number(booking.booking_id ?? booking.id);
    if (!Number.isInteger(id)) throw new Error(`add_booking answered no id: ${brief(res)}`);
    return id;
  }
  const bookingId = await book(aliceClient, alicePhone, '11:00', designers[0]!.id);
  const csrfBookingId = await book(aliceClient, alicePhone, '14:00', designers[0]!.id);
  const visited = await buildBooking(db, {
    memberId: aliceId,
    shopId: shop.id,
    designerId: designers[1]!.id,
    startsAt: fromNow(hours(-30)),
    status: 'visited',
  });
  const reviewed = await buildBooking(db, {
    memberId: aliceId,
    shopId: shop.id,
    designerId: designers[1]!.id,
    startsAt: fromNow(hours(-60)),
    status: 'visited',
  });
  const review = await aliceClient.post(
    '/shop-api/carol/booking/add_review',
    await bodies.multipart({ booking_id: reviewed.id, rating: 5, body: 'alice review' }, [
      { field: 'photos', name: 'r.jpg', type: 'image/jpeg', data: await jpeg(400, 300) },
    ]),
  );
  if (!isSuccess(review)) throw new Error(`add_review: ${brief(review)}`);
  const reviewPhotoUrl = String(
    (review.json?.review as { photos?: Array<{ url: string }> } | undefined)?.photos?.[0]?.url,
  );
  const saved = await aliceClient.post(
    '/shop-api/carol/mygallery/save_to_my_gallery',
    await bodies.multipart({ personal_memo: 'alice memo' }, [
      { field: 'photo', name: 'g.jpg', type: 'image/jpeg', data: await jpeg(800, 600, '#2040a0') },
    ]),
  );
  if (!isSuccess(saved)) throw new Error(`save_to_my_gallery: ${brief(saved)}`);
  const item = saved.json?.item as { media_id: number; url: string; thumb_url: string };
  for (const [path, fields] of [
    ['/api/carol/shop/setShopFavorite', { shop_id: shop.id }],
    ['/api/carol/designer/setDesignerFavorite', { designer_id: designers[0]!.id }],
    ['/api/carol/account/set_marketing_consent', { agree: 'true' }],
  ] as const) {
    const res = await aliceClient.call(path, fields);
    if (!isSuccess(res)) throw new Error(`${path}: ${brief(res)}`);
  }

  const alice: Victim = {
    id: aliceId,
    email: aliceEmail,
    phone: alicePhone,
    client: aliceClient,
    bookingId,
    csrfBookingId,
    visitedBookingId: visited.id,
    reviewedBookingId: reviewed.id,
    reviewPhotoUrl,
    galleryMediaId: item.media_id,
    galleryUrl: item.url,
    galleryThumbUrl: item.thumb_url,
  };
  const bob = await member('bob');

  return {
    base,
    app,
    config,
    database,
    dataDir,
    kind: database.kind,
    shopId: shop.id,
    designerIds: designers.map((d) => d.id),
    menuId: menu.id,
    raceShop: { shopId: raceShop.id, designerId: raceDesigner.id, menuId: raceMenu.id },
    alice,
    bob,
    member,
    stranger: () => new Client(base, 'stranger', null),
    async close() {
      await app.close();
      await Promise.allSettled([...inFlight]);
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything Alice can see of her own data; compared before and after the attacks. */
export async function snapshotOf(alice: Victim): Promise<Record<string, unknown>> {
  const c = alice.client;
  const calls: Array<[string, Record<string, string | number>]> = [
    ['/api/carol/account/get_user_info', {}],
    ['/api/carol/account/get_consents', {}],
    ['/api/carol/mypage/getShopFavoriteList', {}],
    ['/api/carol/mypage/getDesignerFavoriteList', {}],
    ['/shop-api/carol/mygallery/get_my_gallery_list', {}],
    ['/shop-api/carol/booking/get_user_booking_detail', { booking_id: alice.bookingId }],
    ['/shop-api/carol/booking/get_user_booking_detail', { booking_id: alice.csrfBookingId }],
    ['/shop-api/carol/booking/get_user_booking_detail', { booking_id: alice.visitedBookingId }],
    ['/shop-api/carol/booking/get_user_booking_list', { type: 'reserved' }],
    ['/shop-api/carol/booking/get_user_booking_list', { type: 'visited' }],
  ];
  const out: Record<string, unknown> = {};
  for (const [path, fields] of calls) {
    const res = await c.call(path, fields, { origin: c.base, 'sec-fetch-site': 'same-origin' });
    const json = res.json ? { ...res.json } : res.text;
    if (json && typeof json === 'object') delete (json as Record<string, unknown>).request_id;
    out[`${path} ${JSON.stringify(fields)}`] = { status: res.status, json };
  }
  return out;
}
