/**
 * The booking race over HTTP: ten simultaneous add_booking calls with one idempotency key make
 * one booking and all ten answer it (rounds of ten twins); different members on one slot at once
 * never overlap. (On PGlite, one connection, requests run one at a time: the checks still hold.)
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '@carol/contracts';
import { brief, check, isSuccess, show } from './harness.js';
import { type World } from './world.js';

export async function bookingRace(w: World): Promise<void> {
  const { shopId, designerId, menuId } = w.raceShop;
  const rounds = Number(process.env.SECURITY_RACE_ROUNDS ?? 5);
  const member = await w.member('twin');
  const { members } = await import('../../services/server/src/db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  // The booker phone must be the member's verified phone.
  await w.database.db.update(members).set({ phone: member.phone }).where(eq(members.id, member.id));
  const times = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];
  for (let round = 0; round < rounds; round++) {
    const key = `twin-${round}-${randomBytes(6).toString('hex')}`;
    const fields = {
      shop_id: shopId,
      designer_id: designerId,
      date: addDays(todayIn('Asia/Seoul'), 6),
      time: times[round % times.length]!,
      menu_ids: [menuId],
      booker_name: 'Twin',
      booker_phone: member.phone,
      agree_personal_info: 'true',
      agree_third_party: 'true',
      idempotency_key: key,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        member.client.call('/shop-api/carol/booking/add_booking', fields, { origin: w.base }),
      ),
    );
    const ids = answers.map(
      (a) => (a.json?.booking as { booking_id?: number } | undefined)?.booking_id,
    );
    const rows = await w.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where member_id = ${member.id} and idempotency_key = ${key}`,
    );
    const count = Number(rows.rows[0]?.n);
    check(
      `round ${round + 1}: 10 twins with one key make one booking and all 10 answer it`,
      count === 1 && answers.every(isSuccess) && new Set(ids).size === 1 && ids[0] !== undefined,
      `${count} rows; answers ${show(answers.map((a) => (isSuccess(a) ? (ids[answers.indexOf(a)] ?? '?') : `${a.status} ${String(a.json?.resCode)}`)))}${answers.some((a) => !isSuccess(a)) ? `\n${brief(answers.find((a) => !isSuccess(a))!)}` : ''}`,
    );
  }

  // Ten members at once on the same slot: one wins, the others are told it is taken, no overlap.
  const rivals = [];
  for (let i = 0; i < 10; i++) {
    const m = await w.member(`rival${i}`);
    rivals.push(m);
  }
  const day = addDays(todayIn('Asia/Seoul'), 7);
  const answers = await Promise.all(
    rivals.map((m, i) =>
      m.client.call(
        '/shop-api/carol/booking/add_booking',
        {
          shop_id: shopId,
          designer_id: designerId,
          date: day,
          time: ['11:00', '11:30', '12:00'][i % 3]!,
          menu_ids: [menuId],
          booker_name: `Rival ${i}`,
          booker_phone: m.phone,
          agree_personal_info: 'true',
          agree_third_party: 'true',
          idempotency_key: `rival-${i}-${randomBytes(6).toString('hex')}`,
        },
        { origin: w.base },
      ),
    ),
  );
  const won = answers.filter(isSuccess).length;
  const losers = answers.filter((a) => !isSuccess(a));
  check(
    `10 members on overlapping times at once: 1–2 bookings, the others RESERVATION_UNAVAILABLE`,
    won >= 1 &&
      won <= 2 &&
      losers.every((a) => a.status === 409 && a.json?.resCode === 'RESERVATION_UNAVAILABLE'),
    `${won} won; losers ${show(losers.map((a) => `${a.status} ${String(a.json?.resCode)}`))}`,
  );
  const overlap = await w.database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from bookings a join bookings b
      on a.designer_id = b.designer_id and a.id < b.id
     and a.status <> 'cancelled' and b.status <> 'cancelled'
     and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     where a.designer_id = ${designerId}`);
  check(
    'no two live bookings of one designer overlap',
    Number(overlap.rows[0]?.n) === 0,
    show(overlap.rows),
  );
}
