import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../src/db/index.js';
import {
  banners,
  bookingItems,
  bookings,
  designers,
  designerWorkingHours,
  hairColors,
  members,
  menus,
  sessions,
  shopBusinessHours,
  shopConsoleKeys,
  shops,
} from '../src/db/schema/index.js';
import { searchColumnsOf } from '../src/lib/search-normalize.js';

// Each builder inserts one row with plausible defaults and returns it as stored. A per-process
// sequence keeps unique columns unique while values stay readable in failure output.

let sequence = 0;
const next = () => ++sequence;

type MemberRow = typeof members.$inferSelect;
type ShopRow = typeof shops.$inferSelect;
type DesignerRow = typeof designers.$inferSelect;
type MenuRow = typeof menus.$inferSelect;
type BannerRow = typeof banners.$inferSelect;
type HairColorRow = typeof hairColors.$inferSelect;

export type MemberOverrides = Partial<typeof members.$inferInsert>;
export type ShopOverrides = Partial<typeof shops.$inferInsert>;
export type DesignerOverrides = Partial<Omit<typeof designers.$inferInsert, 'shopId'>>;
export type MenuOverrides = Partial<Omit<typeof menus.$inferInsert, 'shopId'>>;
export type BannerOverrides = Partial<typeof banners.$inferInsert>;
export type HairColorOverrides = Partial<typeof hairColors.$inferInsert>;

function first<T>(rows: T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

/** An active, phone-verified member on the kr server with no password (set `passwordHash` to log in by e-mail). */
export async function buildMember(
  db: Database,
  overrides: MemberOverrides = {},
): Promise<MemberRow> {
  const n = next();
  return first(
    await db
      .insert(members)
      .values({
        email: `member${n}@example.test`,
        familyName: 'Kim',
        givenName: `Minji${n}`,
        phone: `010-${String(1000 + (n % 9000)).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`,
        phoneVerifiedAt: new Date(),
        language: 'ko',
        server: 'kr',
        ...overrides,
      })
      .returning(),
  );
}

/**
 * A session for the member, valid for one day. Returns the raw cookie token; the table stores
 * only its SHA-256 (as src/lib/session.ts expects).
 */
export async function buildSession(db: Database, memberId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('hex'),
    memberId,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    userAgent: 'vitest',
    ip: '127.0.0.1',
  });
  return token;
}

/** A Seoul shop (Tokyo when `server: 'jp'`) open Monday to Sunday, 10:00–20:00. */
export async function buildShop(db: Database, overrides: ShopOverrides = {}): Promise<ShopRow> {
  const n = next();
  const jp = overrides.server === 'jp';
  const values = {
    server: 'kr',
    name: jp ? `サロン ${n}` : `헤어살롱 ${n}호점`,
    nameEn: `Hair Salon ${n}`,
    representative: jp ? '田中 花子' : '박서연',
    address: jp ? '東京都渋谷区神南1-1-1' : '서울특별시 강남구 테헤란로 1',
    addressDetail: `${n}F`,
    regionCity: jp ? '東京都' : '서울특별시',
    regionDistrict: jp ? '渋谷区' : '강남구',
    regionNeighbourhood: jp ? '神南' : '역삼동',
    phone: jp ? '03-1234-5678' : '02-123-4567',
    // Spread a little so distance ordering between built shops is stable.
    location: jp
      ? { x: 139.7016 + n * 0.001, y: 35.6595 }
      : { x: 127.0276 + n * 0.001, y: 37.4979 },
    timeZone: jp ? 'Asia/Tokyo' : 'Asia/Seoul',
    currency: jp ? 'JPY' : 'KRW',
    introduction: 'Cuts, colour and scalp care.',
    ...overrides,
  } satisfies typeof shops.$inferInsert;
  const shop = first(
    await db
      .insert(shops)
      .values({ ...values, ...searchColumnsOf(values) })
      .returning(),
  );
  await db.insert(shopBusinessHours).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      shopId: shop.id,
      weekday,
      opensAt: '10:00',
      closesAt: '20:00',
      isDayOff: false,
    })),
  );
  return shop;
}

/** An active designer working Monday to Sunday, 10:00–19:00. */
export async function buildDesigner(
  db: Database,
  shopId: number,
  overrides: DesignerOverrides = {},
): Promise<DesignerRow> {
  const n = next();
  const values = {
    shopId,
    name: `디자이너 ${n}`,
    nameEn: `Designer ${n}`,
    position: 'Director',
    introduction: 'Layered cuts and soft perms.',
    careerYears: 5,
    sort: n,
    ...overrides,
  } satisfies typeof designers.$inferInsert;
  const designer = first(
    await db
      .insert(designers)
      .values({ ...values, ...searchColumnsOf(values) })
      .returning(),
  );
  await db.insert(designerWorkingHours).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      designerId: designer.id,
      weekday,
      startsAt: '10:00',
      endsAt: '19:00',
      isOff: false,
    })),
  );
  return designer;
}

/** A 60-minute cut for 30,000 (won by default; pass `currency: 'JPY'` for a jp shop). */
export async function buildMenu(
  db: Database,
  shopId: number,
  overrides: MenuOverrides = {},
): Promise<MenuRow> {
  const n = next();
  return first(
    await db
      .insert(menus)
      .values({
        shopId,
        category: 'cut',
        name: `Cut ${n}`,
        description: 'Shampoo, cut and blow-dry.',
        basePrice: 30_000,
        currency: 'KRW',
        durationMinutes: 60,
        targetGender: 'all',
        sort: n,
        ...overrides,
      })
      .returning(),
  );
}

/** An active, always-on main banner for kr in every language. */
export async function buildBanner(
  db: Database,
  overrides: BannerOverrides = {},
): Promise<BannerRow> {
  const n = next();
  return first(
    await db
      .insert(banners)
      .values({
        position: 'main',
        server: 'kr',
        language: null,
        title: `Banner ${n}`,
        subtitle: null,
        imageUrl: `/media/banners/banner-${n}.webp`,
        linkUrl: null,
        backgroundColor: null,
        sort: n,
        ...overrides,
      })
      .returning(),
  );
}

export async function buildHairColor(
  db: Database,
  overrides: HairColorOverrides = {},
): Promise<HairColorRow> {
  const n = next();
  return first(
    await db
      .insert(hairColors)
      .values({
        nameKo: `컬러 ${n}`,
        nameEn: `Colour ${n}`,
        nameJa: `カラー ${n}`,
        hex: `#${(0x5a3d2b + n * 0x010101).toString(16).padStart(6, '0').slice(-6)}`,
        tone: 'brown',
        popularity: n,
        isHot: true,
        sort: n,
        ...overrides,
      })
      .returning(),
  );
}

/**
 * A console key for the shop (what a smart mirror sends as `Authorization: Bearer <key>`).
 * Returns the raw key; the table stores only its SHA-256 (as src/lib/console-auth.ts expects).
 */
export async function buildConsoleKey(
  db: Database,
  shopId: number,
  overrides: { revokedAt?: Date | null } = {},
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db.insert(shopConsoleKeys).values({
    shopId,
    keyHash: createHash('sha256').update(key).digest('hex'),
    revokedAt: overrides.revokedAt ?? null,
  });
  return key;
}

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

/** A booking row (and its items) as add_booking would leave it, in any status. */
export async function buildBooking(db: Database, o: BookingFixture) {
  const n = next();
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
