import type { Language, NoticeSettings, Server } from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './booking.repo.js';

// The salon's booking notices (ADR 062): when a MEMBER moves or cancels a
// booking, the salon's notice address gets a mail in the salon's notice language. A job stored
// in the change's own transaction (so it exists exactly when the change does), keyed per event
// (so it is sent once). No address, no job. What the salon did itself through the console is
// not mailed back to it.

type Db = Database | DbTransaction;

/** The language of a salon's notices when it has not chosen one: its market's. */
export function marketLanguageOf(server: Server): Language {
  return server === 'jp' ? 'ja' : 'ko';
}

export function noticeLanguageOf(shop: { server: Server; language: Language | null }): Language {
  return shop.language ?? marketLanguageOf(shop.server);
}

export interface MemberMove {
  bookingId: number;
  /** The booking's revision after the move: one notice per move. */
  revision: number;
  previous: { designerId: number; startsAt: Date };
  next: { designerId: number; startsAt: Date };
}

/** In the move's transaction: the salon's notice of a member's move, if it has an address. */
export async function tellSalonOfMemberMove(
  tx: Db,
  jobs: JobQueue,
  move: MemberMove,
): Promise<void> {
  const notice = await repo.salonNoticeOfBooking(tx, move.bookingId);
  if (!notice?.email) return;
  await jobs.enqueue(
    tx,
    'booking-mail',
    {
      kind: 'salon-rescheduled',
      bookingId: move.bookingId,
      previousStartsAt: move.previous.startsAt.toISOString(),
      previousDesignerId: move.previous.designerId,
      startsAt: move.next.startsAt.toISOString(),
      designerId: move.next.designerId,
    },
    { key: `booking-salon-rescheduled-${move.bookingId}-${move.revision}` },
  );
}

/** In the cancellation's transaction: the salon's notice of a member's cancellation. */
export async function tellSalonOfMemberCancel(
  tx: Db,
  jobs: JobQueue,
  bookingId: number,
): Promise<void> {
  const notice = await repo.salonNoticeOfBooking(tx, bookingId);
  if (!notice?.email) return;
  // A booking is cancelled at most once (reserved → cancelled is one conditional UPDATE).
  await jobs.enqueue(
    tx,
    'booking-mail',
    { kind: 'salon-cancelled', bookingId },
    { key: `booking-salon-cancelled-${bookingId}` },
  );
}

// --- console settings ---------------------------------------------------------------------

function settingsOf(shop: repo.ShopRow): { settings: NoticeSettings } {
  return {
    settings: {
      notice_email: shop.noticeEmail,
      notice_language: noticeLanguageOf({ server: shop.server, language: shop.noticeLanguage }),
    },
  };
}

export async function noticeSettingsOf(db: Database, shopId: number) {
  const shop = await repo.findShopById(db, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return settingsOf(shop);
}

export async function setNoticeSettings(
  db: Database,
  shopId: number,
  input: { notice_email: string | null; notice_language?: Language | undefined },
) {
  const shop = await repo.setSalonNotice(db, shopId, {
    email: input.notice_email,
    language: input.notice_language,
  });
  if (!shop) throw new AppError('NOT_FOUND');
  return settingsOf(shop);
}
