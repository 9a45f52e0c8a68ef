import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/db.js';
import { buildDesigner, buildMember, buildShop } from '../../../../test/factories.js';
import { startTestSmtp, type TestSmtp } from '../../../../test/smtp.js';
import { createSmtpMailer, type Mailer } from '../../../lib/mail.js';
import { buildBooking } from '../booking-fixtures.js';
import { sendBookingConfirmation, type BookingMailDeps } from './booking-mail.service.js';

let database: TestDatabase;
let smtp: TestSmtp;
let deps: BookingMailDeps;
const log = { info: vi.fn(), error: vi.fn() };

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  deps = {
    db: database.db,
    mailer: createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>'),
    config: { appBaseUrl: 'https://carol.example' },
    log,
  };
});
afterAll(async () => {
  await database.close();
  await smtp.close();
});

/** Unfolds an .ics and reads one property's value. */
const icsValue = (ics: string, name: string) =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1]?.replace(/\r$/, '');

async function seoulBooking(
  email: string | null,
  overrides: Parameters<typeof buildMember>[1] = {},
) {
  const db = database.db;
  const shop = await buildShop(db, { name: '헤어샵 라온, 강남점' });
  const designer = await buildDesigner(db, shop.id, { name: '박보니' });
  const member = await buildMember(db, { email, ...overrides });
  // 2030-12-24 (Tuesday) 15:00 in Seoul.
  const booking = await buildBooking(db, {
    memberId: member.id,
    shopId: shop.id,
    designerId: designer.id,
    startsAt: new Date('2030-12-24T06:00:00Z'),
    items: [
      { name: '여성 컷', price: 30_000, minutes: 60 },
      { name: '클리닉', price: 25_000, minutes: 30 },
    ],
  });
  return { shop, member, booking };
}

describe('sendBookingConfirmation', () => {
  it('mails the booking in Korean with an add-to-calendar .ics attached', async () => {
    const { booking } = await seoulBooking('confirm-ko@example.test');
    await sendBookingConfirmation(deps, booking.id, 'ko');
    const mail = await smtp.nextMailTo('confirm-ko@example.test');
    expect(mail.subject).toBe(
      '[캐롤] 헤어샵 라온, 강남점 예약이 확정되었습니다 (2030년 12월 24일 화요일 15:00)',
    );
    expect(mail.text).toContain('김하늘님, 예약이 확정되었습니다.');
    expect(mail.text).toContain(`예약번호: ${booking.bookingNumber}`);
    expect(mail.text).toContain('일시: 2030년 12월 24일 화요일 15:00 (90분)');
    expect(mail.text).toContain('디자이너: 박보니');
    expect(mail.text).toContain('시술: 여성 컷, 클리닉');
    expect(mail.text).toContain('결제 금액: 55,000원');
    expect(mail.text).toContain(
      `https://carol.example/mypage/reservationdetail?booking_id=${booking.id}`,
    );
    expect(mail.text).toContain('캐롤 드림');

    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments;
    expect(ics?.filename).toMatch(/^carol-[A-Za-z0-9_-]+\.ics$/);
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const body = ics!.content;
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(icsValue(body, 'DTSTART')).toBe('20301224T060000Z');
    expect(icsValue(body, 'DTEND')).toBe('20301224T073000Z');
    expect(icsValue(body, 'UID')).toBe(`booking-${booking.bookingNumber}@carol.example`);
    expect(icsValue(body, 'SUMMARY')).toBe('헤어샵 라온\\, 강남점 예약 (박보니)');
    expect(icsValue(body, 'LOCATION')).toContain('헤어샵 라온\\, 강남점\\, 서울특별시 강남구');
    expect(icsValue(body, 'STATUS')).toBe('CONFIRMED');
    expect(icsValue(body, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
  });

  it('writes English and Japanese mails', async () => {
    const en = await seoulBooking('confirm-en@example.test');
    await sendBookingConfirmation(deps, en.booking.id, 'en');
    const enMail = await smtp.nextMailTo('confirm-en@example.test');
    expect(enMail.subject).toBe(
      '[Carol] Your reservation at 헤어샵 라온, 강남점 is confirmed (Tuesday, December 24, 2030 15:00)',
    );
    expect(enMail.text).toContain('Total: ₩55,000 (paid at the salon)');
    expect(enMail.text).toContain('When: Tuesday, December 24, 2030 15:00 (90 min)');

    const ja = await seoulBooking('confirm-ja@example.test');
    await sendBookingConfirmation(deps, ja.booking.id, 'ja');
    const jaMail = await smtp.nextMailTo('confirm-ja@example.test');
    expect(jaMail.subject).toContain('のご予約が確定しました');
    expect(jaMail.text).toContain('日時：2030年12月24日火曜日 15:00（90分）');
    expect(jaMail.text).toContain('お支払い金額：55,000ウォン');
    expect(icsValue(jaMail.attachments[0]!.content, 'SUMMARY')).toBe(
      '헤어샵 라온\\, 강남점のご予約（박보니）',
    );
  });

  it('sends nothing to a member without an e-mail address, or a withdrawn one', async () => {
    const before = smtp.mails.length;
    const phoneOnly = await seoulBooking(null);
    await sendBookingConfirmation(deps, phoneOnly.booking.id, 'ko');
    const withdrawn = await seoulBooking('gone@example.test', {
      status: 'withdrawn',
      withdrawnAt: new Date(),
    });
    await sendBookingConfirmation(deps, withdrawn.booking.id, 'ko');
    await sendBookingConfirmation(deps, 999_999, 'ko');
    expect(smtp.mails.length).toBe(before);
  });

  it('never throws when the mail server fails; it logs instead', async () => {
    const { booking } = await seoulBooking('confirm-fail@example.test');
    const failing: Mailer = { send: () => Promise.reject(new Error('smtp down')) };
    await expect(
      sendBookingConfirmation({ ...deps, mailer: failing }, booking.id, 'ko'),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ bookingId: booking.id }),
      'booking confirmation mail failed',
    );
  });
});
