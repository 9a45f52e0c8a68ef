import type { Database } from '../../db/index.js';
import { bookingItems, bookings } from '../../db/schema/index.js';

// Test-only builders for this feature's tests: a booking row as add_booking would leave it.

let sequence = 0;

export interface BookingFixture {
  memberId: number;
  shopId: number;
  designerId: number;
  startsAt: Date;
  minutes?: number;
  status?: 'reserved' | 'visited' | 'cancelled';
  cancelledBy?: 'customer' | 'shop';
  hiddenAt?: Date | null;
  items?: Array<{ name: string; price: number; minutes: number }>;
  currency?: 'KRW' | 'JPY';
  requestNote?: string | null;
  bookerName?: string;
}

export async function buildBooking(db: Database, o: BookingFixture) {
  const n = ++sequence;
  const items = o.items ?? [{ name: `Cut ${n}`, price: 30_000, minutes: o.minutes ?? 60 }];
  const minutes = o.minutes ?? items.reduce((sum, i) => sum + i.minutes, 0);
  const status = o.status ?? 'reserved';
  const endsAt = new Date(o.startsAt.getTime() + minutes * 60_000);
  const [row] = await db
    .insert(bookings)
    .values({
      bookingNumber: `T${process.pid}-${n}-${Math.random().toString(36).slice(2, 8)}`,
      memberId: o.memberId,
      shopId: o.shopId,
      designerId: o.designerId,
      startsAt: o.startsAt,
      endsAt,
      status,
      cancelledBy: status === 'cancelled' ? (o.cancelledBy ?? 'customer') : null,
      cancelOrigin:
        status === 'cancelled'
          ? (o.cancelledBy ?? 'customer') === 'customer'
            ? 'customer_app'
            : 'system'
          : null,
      cancelledAt: status === 'cancelled' ? new Date(o.startsAt.getTime() - 3_600_000) : null,
      visitedAt: status === 'visited' ? endsAt : null,
      bookerName: o.bookerName ?? '김하늘',
      bookerPhone: '010-1234-5678',
      requestNote: o.requestNote === undefined ? '앞머리는 짧게 해 주세요' : o.requestNote,
      totalPrice: items.reduce((sum, i) => sum + i.price, 0),
      currency: o.currency ?? 'KRW',
      hiddenAt: o.hiddenAt ?? null,
    })
    .returning();
  await db.insert(bookingItems).values(
    items.map((i) => ({
      bookingId: row!.id,
      name: i.name,
      price: i.price,
      durationMinutes: i.minutes,
    })),
  );
  return row!;
}

export const hours = (h: number) => h * 3_600_000;
export const fromNow = (ms: number) => new Date(Date.now() + ms);
