import type { Language } from '@carol/contracts';
import { catalogs, formatDate, formatPrice, interpolate } from '@carol/i18n';
import type { Database } from '../../../db/index.js';
import type { Config } from '../../../env.js';
import { AppError } from '../../../lib/errors.js';
import type { MailLogger, MailMessage, Mailer } from '../../../lib/mail.js';
import type { JobPayloads } from '../../../jobs/queue.js';
import * as repo from '../booking-history.repo.js';
import { addressOf } from '../booking-history.service.js';
import * as bookingRepo from '../booking.repo.js';
import { noticeLanguageOf } from '../salon-notice.service.js';
import { buildIcs } from './ics.js';

type BookingRow = repo.BookingRow;

export interface BookingMailDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'appBaseUrl'>;
  log: MailLogger;
}

function detailLink(appBaseUrl: string, bookingId: number): string {
  return `${appBaseUrl}/mypage/reservationdetail?booking_id=${bookingId}`;
}

function mailValues(
  row: BookingRow,
  extras: repo.BookingExtras,
  language: Language,
  appBaseUrl: string,
) {
  const names = (extras.items.get(row.id) ?? []).map((i) => i.name);
  return {
    number: row.bookingNumber,
    shop: row.shopName,
    address: addressOf(row),
    phone: row.shopPhone ?? '-',
    date: formatDate(row.startsAt, language, row.timeZone, { dateStyle: 'full' }),
    // 24-hour "15:00" in the shop's zone in every language, as the app shows it.
    time: row.localTime,
    duration: String(Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000)),
    designer: row.designerName,
    menus: names.join(', ') || '-',
    total: formatPrice(row.totalPrice, row.currency, language),
    link: detailLink(appBaseUrl, row.id),
  };
}

function icsOf(
  row: BookingRow,
  extras: repo.BookingExtras,
  language: Language,
  appBaseUrl: string,
  now: Date,
): { filename: string; content: string } {
  const values = mailValues(row, extras, language, appBaseUrl);
  const texts = catalogs[language].mail;
  const host = new URL(appBaseUrl).hostname || 'carol';
  const content = buildIcs({
    uid: `booking-${row.bookingNumber}@${host}`,
    stamp: now,
    start: row.startsAt,
    end: row.endsAt,
    summary: interpolate(texts.bookingCalendarTitle, values),
    location: `${row.shopName}, ${values.address}`,
    description: [
      `${values.number}`,
      `${values.designer} · ${values.menus}`,
      values.total,
      values.phone,
      values.link,
    ].join('\n'),
    url: values.link,
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    // Every move bumps the revision (ADR 057); a cancellation is one change more.
    sequence: row.revision + (row.status === 'cancelled' ? 1 : 0),
  });
  const safeNumber = row.bookingNumber.replace(/[^A-Za-z0-9_-]/g, '');
  return { filename: `carol-${safeNumber || row.id}.ics`, content };
}

/** The member's own booking as an .ics file (GET download from the confirmation page). */
export async function bookingIcsFor(
  db: Database,
  appBaseUrl: string,
  memberId: number,
  bookingId: number,
  language: Language,
  now = new Date(),
): Promise<{ filename: string; content: string }> {
  const row = await repo.findMemberBooking(db, memberId, bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  return icsOf(row, await repo.extrasOf(db, [row.id]), language, appBaseUrl, now);
}

function signed(language: Language, body: string): string {
  return `${body}\n\n--\n${catalogs[language].mail.signature}\n`;
}

type MailTexts = (typeof catalogs)[Language]['mail'];

type MailCompose = (
  texts: MailTexts,
  row: BookingRow,
  language: Language,
) => {
  template: { subject: string; body: string };
  values?: Record<string, string>;
};

/**
 * The mail about a booking to its member (ko/en/ja) with the booking's add-to-calendar .ics
 * attached, in `language` or else the member's own. `compose` picks the template and any values
 * beyond mailValues + name. Null when there is no one to mail: the booking is gone, or the
 * member has no e-mail address (phone-only sign-up) or has withdrawn.
 */
async function composeBookingMail(
  deps: Pick<BookingMailDeps, 'db' | 'config'>,
  bookingId: number,
  language: Language | null,
  compose: MailCompose,
): Promise<MailMessage | null> {
  const row = await repo.findBookingById(deps.db, bookingId);
  if (!row) return null;
  const member = await repo.memberContactOf(deps.db, row.memberId);
  if (!member?.email || member.status !== 'active') return null;
  const mailLanguage = language ?? member.language;
  const extras = await repo.extrasOf(deps.db, [row.id]);
  const { template, values: extra } = compose(catalogs[mailLanguage].mail, row, mailLanguage);
  const values = {
    ...mailValues(row, extras, mailLanguage, deps.config.appBaseUrl),
    name: row.bookerName,
    ...extra,
  };
  // A cancelled booking's .ics (same UID, STATUS:CANCELLED) removes the event from a calendar.
  const ics = icsOf(row, extras, mailLanguage, deps.config.appBaseUrl, new Date());
  return {
    to: member.email,
    subject: interpolate(template.subject, values),
    text: signed(mailLanguage, interpolate(template.body, values)),
    attachments: [
      {
        filename: ics.filename,
        content: ics.content,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/**
 * Composes and sends at once. Never throws: a mail failure must not turn a done booking change
 * into an error; it is logged as `failure`. The job queue (jobs/tasks.ts) is the durable path.
 */
async function mailBookingToMember(
  deps: BookingMailDeps,
  bookingId: number,
  language: Language | null,
  failure: string,
  compose: MailCompose,
): Promise<void> {
  try {
    const message = await composeBookingMail(deps, bookingId, language, compose);
    if (message) await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, bookingId }, failure);
  }
}

const confirmation: MailCompose = (texts) => ({ template: texts.bookingConfirmed });

function shopCancellation(appBaseUrl: string, reason: string | undefined): MailCompose {
  return (texts) => ({
    template: texts.bookingCancelledByShop,
    values: {
      reason: reason?.trim() || texts.bookingCancelReasonNone,
      link: `${appBaseUrl}/mypage/reservation/cancelled`,
    },
  });
}

/** The confirmation mail of a new booking, in the language it was made in (null: no one to mail). */
export function bookingConfirmationMail(
  deps: Pick<BookingMailDeps, 'db' | 'config'>,
  bookingId: number,
  language: Language,
): Promise<MailMessage | null> {
  return composeBookingMail(deps, bookingId, language, confirmation);
}

/**
 * The notice that the booking moved (by the member or the shop), with the previous time and the
 * .ics of the same UID and the next SEQUENCE, in the request's or else the member's language.
 */
export function bookingRescheduledMail(
  deps: Pick<BookingMailDeps, 'db' | 'config'>,
  payload: {
    bookingId: number;
    by: 'member' | 'shop';
    previousStartsAt: string;
    language: Language | null;
  },
): Promise<MailMessage | null> {
  return composeBookingMail(deps, payload.bookingId, payload.language, (texts, row, language) => {
    const previous = new Date(payload.previousStartsAt);
    return {
      template: payload.by === 'shop' ? texts.bookingRescheduledByShop : texts.bookingRescheduled,
      values: {
        previous: formatDate(previous, language, row.timeZone, {
          dateStyle: 'full',
          timeStyle: 'short',
        }),
      },
    };
  });
}

/** The notice that the shop cancelled, in the member's own language (null: no one to mail). */
export function shopCancellationMail(
  deps: Pick<BookingMailDeps, 'db' | 'config'>,
  bookingId: number,
  reason: string | undefined,
): Promise<MailMessage | null> {
  return composeBookingMail(
    deps,
    bookingId,
    null,
    shopCancellation(deps.config.appBaseUrl, reason),
  );
}

/** Sends the confirmation mail of a new booking now; never throws. */
export function sendBookingConfirmation(
  deps: BookingMailDeps,
  bookingId: number,
  language: Language,
): Promise<void> {
  return mailBookingToMember(
    deps,
    bookingId,
    language,
    'booking confirmation mail failed',
    confirmation,
  );
}

// --- the salon's notices (ADR 062) ---------------------------------------------------------

type SalonNoticePayload = Extract<
  JobPayloads['booking-mail'],
  { kind: 'salon-rescheduled' | 'salon-cancelled' }
>;

/** A date in full and a 24-hour "15:00", both in the salon's zone, as the app shows them. */
function whenOf(instant: Date, language: Language, timeZone: string) {
  return {
    date: formatDate(instant, language, timeZone, { dateStyle: 'full' }),
    time: formatDate(instant, language, timeZone, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
  };
}

/**
 * The salon's notice that a member moved or cancelled a booking, to the salon's notice address
 * (read now: an address switched off since sends nothing) in its notice language, without an
 * .ics. A move's mail names that move's own times and designers. Null: no booking or no address.
 */
export async function salonNoticeMail(
  deps: Pick<BookingMailDeps, 'db'>,
  payload: SalonNoticePayload,
): Promise<MailMessage | null> {
  const row = await repo.findBookingById(deps.db, payload.bookingId);
  if (!row) return null;
  const notice = await bookingRepo.salonNoticeOfBooking(deps.db, row.id);
  if (!notice?.email) return null;
  const language = noticeLanguageOf(notice);
  const texts = catalogs[language].mail;
  const names = (await repo.extrasOf(deps.db, [row.id])).items.get(row.id) ?? [];
  const common = {
    shop: row.shopName,
    number: row.bookingNumber,
    customer: row.bookerName,
    duration: String(Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000)),
    menus: names.map((i) => i.name).join(', ') || '-',
  };
  let template: { subject: string; body: string };
  let values: Record<string, string>;
  if (payload.kind === 'salon-rescheduled') {
    const previous = whenOf(new Date(payload.previousStartsAt), language, row.timeZone);
    const [designer, previousDesigner] = await Promise.all([
      bookingRepo.designerNameOf(deps.db, payload.designerId),
      bookingRepo.designerNameOf(deps.db, payload.previousDesignerId),
    ]);
    template = texts.salonBookingRescheduled;
    values = {
      ...common,
      ...whenOf(new Date(payload.startsAt), language, row.timeZone),
      previous: `${previous.date} ${previous.time}`,
      designer: designer ?? '-',
      previousDesigner: previousDesigner ?? '-',
    };
  } else {
    template = texts.salonBookingCancelled;
    values = {
      ...common,
      ...whenOf(row.startsAt, language, row.timeZone),
      designer: row.designerName,
    };
  }
  return {
    to: notice.email,
    subject: interpolate(template.subject, values),
    text: signed(language, interpolate(template.body, values)),
  };
}
