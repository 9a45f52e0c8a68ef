import { and, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import {
  bookings,
  inquiries,
  loginThrottles,
  members,
  oneTimeCodes,
  pendingSignUps,
  qrSessions,
  sessions,
  trustedDevices,
  waitlistEntries,
} from '../db/schema/index.js';
import type { MediaStorage } from '../lib/storage.js';
import { sweepMemberMedia } from './media-sweep.js';

const day = 24 * 60 * 60 * 1000;

/**
 * How long data that is no longer needed is kept (ADR 011). Anything used for a rate limit
 * (codes, throttles) stays at least a day, longer than every counting window.
 */
export const retention = {
  usedCodesMs: day,
  qrSessionsMs: day,
  loginThrottlesMs: day,
  /** Consumer complaints and disputes: 3 years (KR Electronic Commerce Act, enforcement decree art. 6). */
  inquiriesMs: 3 * 365 * day,
  /** Contract and payment records: 5 years (same decree); then the booker's name and phone go. */
  withdrawnBookingsMs: 5 * 365 * day,
} as const;

export interface PurgeReport {
  sessions: number;
  codes: number;
  pendingSignUps: number;
  qrSessions: number;
  loginThrottles: number;
  trustedDevices: number;
  inquiries: number;
  bookingsAnonymised: number;
  waitlistEntries: number;
}

/** Deletes expired credentials and data past its retention period. Safe to run any time. */
export async function purgeExpired(db: Database, now = new Date()): Promise<PurgeReport> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const gone = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  const codes = await db
    .delete(oneTimeCodes)
    .where(
      and(
        lt(oneTimeCodes.createdAt, before(retention.usedCodesMs)),
        or(isNotNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.expiresAt, now)),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  // First Google / Apple sign-ins never finished (no consents): gone once their token expired.
  const signUps = await db
    .delete(pendingSignUps)
    .where(lt(pendingSignUps.expiresAt, now))
    .returning({ id: pendingSignUps.id });
  const qr = await db
    .delete(qrSessions)
    .where(lt(qrSessions.expiresAt, before(retention.qrSessionsMs)))
    .returning({ id: qrSessions.id });
  const throttles = await db
    .delete(loginThrottles)
    .where(lt(loginThrottles.windowStartedAt, before(retention.loginThrottlesMs)))
    .returning({ key: loginThrottles.key });
  const devices = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.expiresAt, now))
    .returning({ id: trustedDevices.id });
  const oldInquiries = await db
    .delete(inquiries)
    .where(lt(inquiries.createdAt, before(retention.inquiriesMs)))
    .returning({ id: inquiries.id });
  const withdrawn = db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.status, 'withdrawn'));
  const anonymised = await db
    .update(bookings)
    .set({ bookerName: '', bookerPhone: '', requestNote: null, updatedAt: now })
    .where(
      and(
        inArray(bookings.memberId, withdrawn),
        lt(bookings.startsAt, before(retention.withdrawnBookingsMs)),
        // Only rows that still hold something: a second run finds nothing to do.
        or(ne(bookings.bookerName, ''), ne(bookings.bookerPhone, '')),
      ),
    )
    .returning({ id: bookings.id });
  // Waitlist entries whose date is over (ADR 058): a day after the UTC date, past in every zone.
  const waitlist = await db
    .delete(waitlistEntries)
    .where(lt(waitlistEntries.date, new Date(now.getTime() - day).toISOString().slice(0, 10)))
    .returning({ id: waitlistEntries.id });
  return {
    sessions: gone.length,
    codes: codes.length,
    pendingSignUps: signUps.length,
    qrSessions: qr.length,
    loginThrottles: throttles.length,
    trustedDevices: devices.length,
    inquiries: oldInquiries.length,
    bookingsAnonymised: anonymised.length,
    waitlistEntries: waitlist.length,
  };
}

/**
 * Runs the purge now and then every hour, in the background of the server process; with a
 * storage, the media sweep (media-sweep.ts) after each purge.
 */
export function schedulePurge(
  db: Database,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  everyMs = 60 * 60 * 1000,
  storage?: MediaStorage,
): () => void {
  const run = async () => {
    await purgeExpired(db)
      .then((report) => log.info({ purge: report }, 'purged expired data'))
      .catch((error: unknown) => log.error({ err: error }, 'purge failed'));
    if (!storage) return;
    await sweepMemberMedia(db, storage)
      .then((report) => log.info({ mediaSweep: report }, 'swept unreferenced media'))
      .catch((error: unknown) => log.error({ err: error }, 'media sweep failed'));
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
