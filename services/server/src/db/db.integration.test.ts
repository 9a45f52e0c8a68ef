import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildDesigner, buildMember, buildShop } from '../../test/factories.js';
import { isCheckViolation, isExclusionViolation, isUniqueViolation, pgErrorOf } from './errors.js';
import { runMigrations } from './migrate.js';
import { bookings, members, shops } from './schema/index.js';
import type { Database } from './client.js';

let t: TestDatabase;
let db: Database;

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Plan text for a query run with sequential scans discouraged, so an index that can serve it will. */
async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('migrations', () => {
  it('create every table and both extensions on a fresh database', async () => {
    const tables = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = tables.rows.map((row) => row.table_name);
    for (const expected of [
      'members',
      'member_identities',
      'sessions',
      'one_time_codes',
      'qr_sessions',
      'shops',
      'shop_business_hours',
      'shop_holidays',
      'shop_images',
      'shop_console_keys',
      'notices',
      'designers',
      'designer_working_hours',
      'designer_holidays',
      'menus',
      'catalogue_types',
      'catalogue_styles',
      'catalogue_photos',
      'banners',
      'hair_colors',
      'hair_resources',
      'favorite_shops',
      'favorite_designers',
      'favorite_styles',
      'bookings',
      'booking_items',
      'reviews',
      'review_photos',
      'media',
      'scalp_diagnoses',
      'shop_links',
      'inquiries',
    ]) {
      expect(names).toContain(expected);
    }

    const extensions = await db.execute<{ extname: string }>(
      sql`select extname from pg_extension order by extname`,
    );
    const installed = extensions.rows.map((row) => row.extname);
    expect(installed).toEqual(expect.arrayContaining(['btree_gist', 'pg_trgm']));
    expect(installed).not.toContain('cube');
    expect(installed).not.toContain('earthdistance');

    const constraint = await db.execute<{ def: string }>(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'bookings_no_overlap'`,
    );
    expect(constraint.rows[0]?.def).toMatch(/EXCLUDE USING gist/);
  });

  it('are recorded and re-running them is a no-op', async () => {
    const before = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(before.rows[0]?.n).toBeGreaterThanOrEqual(3);
    await runMigrations(t.handle);
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('bookings_no_overlap', () => {
  const at = (hhmm: string) => new Date(`2030-05-14T${hhmm}:00+09:00`);

  async function book(
    memberId: number,
    shopId: number,
    designerId: number,
    from: string,
    to: string,
  ): Promise<typeof bookings.$inferSelect> {
    const [row] = await db
      .insert(bookings)
      .values({
        bookingNumber: `T${Math.random().toString(36).slice(2, 12)}`,
        memberId,
        shopId,
        designerId,
        startsAt: at(from),
        endsAt: at(to),
        bookerName: 'Kim Minji',
        bookerPhone: '010-1234-5678',
        totalPrice: 30_000,
        currency: 'KRW',
      })
      .returning();
    return row!;
  }

  async function bookingError(promise: Promise<unknown>): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected the insert to be refused');
  }

  it('refuses an overlapping active booking for the same designer', async () => {
    const member = await buildMember(db);
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);
    await book(member.id, shop.id, designer.id, '10:00', '11:00');

    const error = await bookingError(book(member.id, shop.id, designer.id, '10:30', '11:30'));
    expect(isExclusionViolation(error, 'bookings_no_overlap')).toBe(true);
    expect(pgErrorOf(error)?.code).toBe('23P01');

    // Ranges are half-open: back-to-back bookings do not clash.
    await expect(book(member.id, shop.id, designer.id, '11:00', '12:00')).resolves.toMatchObject({
      status: 'reserved',
    });
  });

  it('frees the slot once the first booking is cancelled', async () => {
    const member = await buildMember(db);
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);
    const first = await book(member.id, shop.id, designer.id, '14:00', '15:00');

    await db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelledBy: 'customer',
        cancelOrigin: 'customer_app',
      })
      .where(sql`${bookings.id} = ${first.id}`);

    await expect(book(member.id, shop.id, designer.id, '14:30', '15:30')).resolves.toMatchObject({
      status: 'reserved',
    });
  });

  it('allows the same time with a different designer', async () => {
    const member = await buildMember(db);
    const shop = await buildShop(db);
    const one = await buildDesigner(db, shop.id);
    const other = await buildDesigner(db, shop.id);
    await book(member.id, shop.id, one.id, '16:00', '17:00');
    await expect(book(member.id, shop.id, other.id, '16:00', '17:00')).resolves.toMatchObject({
      designerId: other.id,
    });
  });

  it('refuses an empty or inverted time range', async () => {
    const member = await buildMember(db);
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);
    const error = await bookingError(book(member.id, shop.id, designer.id, '18:00', '18:00'));
    expect(isCheckViolation(error, 'bookings_time_range_check')).toBe(true);
  });
});

describe('constraints on members', () => {
  it('keep e-mail lower-case and unique', async () => {
    const member = await buildMember(db);
    await expect(buildMember(db, { email: member.email })).rejects.toSatisfy((error) =>
      isUniqueViolation(error, 'members_email_uq'),
    );
    await expect(buildMember(db, { email: 'Upper@Example.test' })).rejects.toSatisfy((error) =>
      isCheckViolation(error, 'members_email_lower_check'),
    );
  });
});

describe('pg_trgm', () => {
  it('computes similarity()', async () => {
    const result = await db.execute<{ same: number; close: number; far: number }>(
      sql`select similarity('gangnam hair', 'gangnam hair')::float8 as same,
                 similarity('gangnam hair', 'gangnam hiar')::float8 as close,
                 similarity('gangnam hair', 'osaka nails')::float8 as far`,
    );
    const row = result.rows[0]!;
    expect(row.same).toBe(1);
    expect(row.close).toBeGreaterThan(0.3);
    expect(row.far).toBeLessThan(row.close);
  });

  it('finds shops by a misspelt name through the trigram index', async () => {
    const target = await buildShop(db, {
      name: '청담 블루밍 헤어',
      nameEn: 'Cheongdam Blooming Hair',
    });
    await buildShop(db, { name: '오사카 네일', nameEn: 'Osaka Nail Studio' });

    const found = await db
      .select({
        id: shops.id,
        score: sql<number>`similarity(${shops.nameEn}, ${'Cheongdam Bloming'})`,
      })
      .from(shops)
      .where(sql`${shops.nameEn} % ${'Cheongdam Bloming'}`)
      .orderBy(sql`2 desc`);
    expect(found[0]?.id).toBe(target.id);

    const korean = await db
      .select({ id: shops.id })
      .from(shops)
      .where(sql`${shops.name} % ${'블루밍 헤어'}`);
    expect(korean.map((row) => row.id)).toContain(target.id);

    const plan = await planOf(sql`select id from shops where name_en % 'Cheongdam Bloming'`);
    expect(plan).toContain('shops_name_en_trgm');
  });
});

describe('location KNN', () => {
  it('orders shops nearest first with the GiST point index', async () => {
    // Around Busan, far from every shop the other tests build in Seoul.
    const origin = { lng: 129.0756, lat: 35.1796 };
    const far = await buildShop(db, { name: 'far', location: { x: 129.16, y: 35.16 } });
    const near = await buildShop(db, { name: 'near', location: { x: 129.076, y: 35.18 } });
    const middle = await buildShop(db, { name: 'middle', location: { x: 129.1, y: 35.19 } });

    const rows = await db
      .select({ id: shops.id, location: shops.location })
      .from(shops)
      .orderBy(sql`${shops.location} <-> point(${origin.lng}, ${origin.lat})`)
      .limit(3);
    expect(rows.map((row) => row.id)).toEqual([near.id, middle.id, far.id]);
    expect(rows[0]?.location).toEqual({ x: 129.076, y: 35.18 });

    const plan = await planOf(
      sql`select id from shops order by location <-> point(129.0756, 35.1796) limit 3`,
    );
    expect(plan).toContain('shops_location_gist');
  });
});

describe('relational queries', () => {
  it('load a shop with its business hours through the shared Database type', async () => {
    const shop = await buildShop(db);
    const loaded = await db.query.shops.findFirst({
      where: (s, { eq }) => eq(s.id, shop.id),
      with: { businessHours: { orderBy: (h, { asc }) => asc(h.weekday) } },
    });
    expect(loaded?.businessHours.map((h) => h.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(loaded?.businessHours[0]?.opensAt).toBe('10:00:00');

    const [member] = await db.select().from(members).limit(1);
    expect(member?.createdAt).toBeInstanceOf(Date);
  });
});
