import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BookingDetail, BookingListItem } from '@carol/contracts';
import { bookings, shops } from '../../db/schema/index.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';

// The whole life of one booking across booking, its console and reviews, as the web app and
// the salon drive it: book → confirmation mail with .ics → history → the salon marks
// the visit → the member reviews it; and a second booking cancelled by the member.

let t: TestApp;
let smtp: TestSmtp;
const BASE = '/shop-api/carol/booking';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const seoulDate = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

describe('book → mail → history → visit → review', () => {
  it('runs end to end through the API', async () => {
    const db = t.database.db;
    const shop = await buildShop(db, { name: '헤어샵 플로우' });
    const designer = await buildDesigner(db, shop.id, { name: '한디자' });
    const menu = await buildMenu(db, shop.id, { name: '레이어드 컷', durationMinutes: 60 });
    const member = await buildMember(db, { email: 'flow@example.test' });
    const cookie = { headers: { cookie: `carol_sid=${await buildSession(db, member.id)}` } };
    const key = await buildConsoleKey(db, shop.id);
    const date = seoulDate(2);

    const booked = await postForm(
      t.app,
      `${BASE}/add_booking`,
      {
        shop_id: shop.id,
        designer_id: designer.id,
        date,
        time: '11:00',
        menu_ids: menu.id,
        booker_name: '김하늘',
        booker_phone: member.phone!,
        agree_personal_info: 'true',
        agree_third_party: 'true',
        idempotency_key: `flow-${Date.now()}`,
      },
      cookie,
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const bookingId = booked.json<{ booking: { booking_id: number } }>().booking.booking_id;

    const mail = await smtp.nextMailTo('flow@example.test');
    expect(mail.subject).toContain('[캐롤] 헤어샵 플로우 예약이 확정되었습니다');
    expect(mail.text).toContain('시술: 레이어드 컷');
    expect(mail.text).toContain(`reservationdetail?booking_id=${bookingId}`);
    expect(mail.attachments[0]?.content).toContain('BEGIN:VEVENT');

    const list = await postForm(
      t.app,
      `${BASE}/get_user_booking_list`,
      { type: 'reserved' },
      cookie,
    );
    const item = list.json<{ booking_list: BookingListItem[] }>().booking_list[0];
    expect(item).toMatchObject({
      booking_id: bookingId,
      date,
      time: '11:00',
      designer_name: '한디자',
    });

    // Not started yet: neither side can mark the visit.
    const early = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/booking/set_booking_visited',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', booking_id: bookingId },
    });
    expect(early.json()).toMatchObject({ resCode: 'VISIT_BEFORE_START' });

    // The salon's list shows it on that day.
    const day = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/booking/get_booking_list',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', from: date, to: date },
    });
    expect(day.json<{ booking_list: Array<{ booking_id: number }> }>().booking_list).toEqual([
      expect.objectContaining({ booking_id: bookingId, booker_name: '김하늘' }),
    ]);

    // A second booking the member cancels, then deletes from the history.
    const second = await postForm(
      t.app,
      `${BASE}/add_booking`,
      {
        shop_id: shop.id,
        designer_id: designer.id,
        date,
        time: '15:00',
        menu_ids: menu.id,
        booker_name: '김하늘',
        booker_phone: member.phone!,
        agree_personal_info: 'true',
        agree_third_party: 'true',
        idempotency_key: `flow2-${Date.now()}`,
      },
      cookie,
    );
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json<{ booking: { booking_id: number } }>().booking.booking_id;
    await smtp.nextMailTo('flow@example.test');
    const cancel = await postForm(
      t.app,
      `${BASE}/cancel_user_booking`,
      { booking_id: secondId },
      cookie,
    );
    expect(cancel.json<{ detail: BookingDetail }>().detail).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      cancel_origin: 'customer_app',
    });
    // The freed time can be booked again (cancelled bookings do not block the designer).
    const rebook = await postForm(
      t.app,
      `${BASE}/add_booking`,
      {
        shop_id: shop.id,
        designer_id: designer.id,
        date,
        time: '15:00',
        menu_ids: menu.id,
        booker_name: '김하늘',
        booker_phone: member.phone!,
        agree_personal_info: 'true',
        agree_third_party: 'true',
        idempotency_key: `flow3-${Date.now()}`,
      },
      cookie,
    );
    expect(rebook.statusCode, rebook.body).toBe(200);
    await smtp.nextMailTo('flow@example.test');
    expect(
      (await postForm(t.app, `${BASE}/delete_user_booking`, { booking_id: secondId }, cookie))
        .statusCode,
    ).toBe(200);

    // Time passes: the first booking's start is reached (moved into the past in the database).
    await db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) })
      .where(eq(bookings.id, bookingId));
    const visit = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/booking/set_booking_visited',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', booking_id: bookingId },
    });
    expect(visit.statusCode, visit.body).toBe(200);
    const mine = await postForm(
      t.app,
      `${BASE}/set_user_booking_status`,
      { booking_id: bookingId, status: 'visited' },
      cookie,
    );
    expect(mine.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_VISITED' });
    const review = await postForm(
      t.app,
      `${BASE}/add_review`,
      { booking_id: bookingId, rating: 4, body: '깔끔하게 잘라 주셨어요' },
      cookie,
    );
    expect(review.statusCode, review.body).toBe(200);
    const [after] = await db.select().from(shops).where(eq(shops.id, shop.id));
    expect(after).toMatchObject({ reviewCount: 1, ratingAvg: 4 });
    const visited = await postForm(
      t.app,
      `${BASE}/get_user_booking_list`,
      { type: 'visited' },
      cookie,
    );
    expect(visited.json<{ booking_list: BookingListItem[] }>().booking_list).toEqual([
      expect.objectContaining({ booking_id: bookingId, reviewed: true, reviewable: false }),
    ]);
  });
});
