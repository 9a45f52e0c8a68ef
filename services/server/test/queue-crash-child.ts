/**
 * Child process of jobs/queue.crash.integration.test.ts: books through the real add_booking
 * service (the confirmation job stored in the booking's transaction), prints the booking once
 * committed, then hangs without running any job until the test kills it with SIGKILL.
 *
 * Env: CRASH_DATABASE_URL (PostgreSQL, graphile-worker) or CRASH_PGLITE_DIR (the local queue).
 */
import { addDays, todayIn } from '@carol/contracts';
import { openDatabase, runMigrations } from '../src/db/index.js';
import { addBookingFor } from '../src/features/booking/booking.service.js';
import { createGraphileQueue, migrateGraphileWorker } from '../src/jobs/graphile-queue.js';
import { createLocalQueue } from '../src/jobs/local-queue.js';
import { buildDesigner, buildMember, buildMenu, buildShop } from './factories.js';

const databaseUrl = process.env.CRASH_DATABASE_URL;
const handle = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: process.env.CRASH_PGLITE_DIR },
);
await runMigrations(handle);
if (handle.kind === 'postgres') await migrateGraphileWorker(handle.client);
const jobs =
  handle.kind === 'postgres' ? createGraphileQueue(handle.client) : createLocalQueue(handle.db);

const db = handle.db;
const member = await buildMember(db, { email: `crash-${Date.now()}@example.test` });
const shop = await buildShop(db);
const designer = await buildDesigner(db, shop.id);
const menu = await buildMenu(db, shop.id, { durationMinutes: 60 });
const { booking } = await addBookingFor(
  db,
  member.id,
  {
    server: 'kr',
    shop_id: shop.id,
    designer_id: designer.id,
    date: addDays(todayIn('Asia/Seoul'), 7),
    time: '11:00',
    menu_ids: [menu.id],
    booker_name: '김하늘',
    booker_phone: member.phone!,
    payment_method: 'on_site',
    agree_personal_info: true,
    agree_third_party: true,
    idempotency_key: `crash-${Date.now()}`,
  },
  {
    inTransaction: async (tx, bookingId) => {
      await jobs.enqueue(tx, 'booking-mail', { kind: 'confirmation', bookingId, language: 'en' });
    },
  },
);
process.stdout.write(`${JSON.stringify({ bookingId: booking.booking_id, email: member.email })}\n`);
// Committed, not sent: wait for SIGKILL.
setInterval(() => {}, 60_000);
