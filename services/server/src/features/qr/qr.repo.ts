import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { QrPurpose } from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import { members, qrSessions, shopConsoleKeys, shops } from '../../db/schema/index.js';

export type QrSessionRow = typeof qrSessions.$inferSelect;
export type MemberRow = typeof members.$inferSelect;

/** `now() - seconds`, evaluated by the database so every instance agrees on the clock. */
const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

export async function insertQrSession(
  db: Database,
  values: { shopId: number; tokenHash: string; purpose: QrPurpose; ttlSeconds: number },
): Promise<QrSessionRow> {
  const [row] = await db
    .insert(qrSessions)
    .values({
      shopId: values.shopId,
      tokenHash: values.tokenHash,
      purpose: values.purpose,
      expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** QR sessions a shop opened within the last `seconds` (per-shop throttle). */
export async function countRecentQrSessions(
  db: Database,
  shopId: number,
  seconds: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(qrSessions)
    .where(and(eq(qrSessions.shopId, shopId), gt(qrSessions.createdAt, secondsAgo(seconds))));
  return row?.n ?? 0;
}

/** Housekeeping: a shop's QR sessions that ended more than a day ago are of no use to anyone. */
export async function deleteOldQrSessions(db: Database, shopId: number): Promise<void> {
  await db
    .delete(qrSessions)
    .where(and(eq(qrSessions.shopId, shopId), lt(qrSessions.expiresAt, secondsAgo(86_400))));
}

/** A QR session of this shop with the seconds it has left (negative once expired). */
export async function findShopQrSession(
  db: Database,
  shopId: number,
  id: number,
): Promise<(QrSessionRow & { secondsLeft: number }) | undefined> {
  const [row] = await db
    .select({
      session: qrSessions,
      secondsLeft: sql<number>`floor(extract(epoch from (${qrSessions.expiresAt} - now())))::int`,
    })
    .from(qrSessions)
    .where(and(eq(qrSessions.id, id), eq(qrSessions.shopId, shopId)))
    .limit(1);
  return row ? { ...row.session, secondsLeft: row.secondsLeft } : undefined;
}

/** The live (unconfirmed, unexpired) login or link code with this hash, with its shop's name. */
export async function findLiveCode(
  db: Database,
  tokenHash: string,
): Promise<
  { shopId: number; shopName: string; secondsLeft: number; purpose: QrPurpose } | undefined
> {
  const [row] = await db
    .select({
      shopId: qrSessions.shopId,
      shopName: shops.name,
      purpose: qrSessions.purpose,
      secondsLeft: sql<number>`floor(extract(epoch from (${qrSessions.expiresAt} - now())))::int`,
    })
    .from(qrSessions)
    .innerJoin(shops, eq(shops.id, qrSessions.shopId))
    .where(
      and(
        eq(qrSessions.tokenHash, tokenHash),
        isNull(qrSessions.confirmedAt),
        gt(qrSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Binds the code to the member, atomically: only an unconfirmed, unexpired login code matches,
 * so of two confirmations (the same member twice, or two members racing) exactly one wins.
 */
export async function confirmCode(
  db: Database,
  tokenHash: string,
  memberId: number,
): Promise<{ shopId: number } | undefined> {
  const [row] = await db
    .update(qrSessions)
    .set({ memberId, confirmedAt: sql`now()` })
    .where(
      and(
        eq(qrSessions.tokenHash, tokenHash),
        eq(qrSessions.purpose, 'login'),
        isNull(qrSessions.confirmedAt),
        gt(qrSessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ shopId: qrSessions.shopId });
  return row;
}

/**
 * Consumes a live link code for the member, atomically and once (ADR 035): only an
 * unconfirmed, unexpired code opened with purpose `link` by a salon of `server` matches, so of
 * two members (or two taps) racing for one code exactly one gets the shop. Runs inside the
 * caller's transaction with the link insert: a refused link leaves the code unconsumed.
 */
export async function confirmLinkCode(
  db: Database | DbTransaction,
  tokenHash: string,
  memberId: number,
  server: 'kr' | 'jp',
): Promise<{ shopId: number } | undefined> {
  const [row] = await db
    .update(qrSessions)
    .set({ memberId, confirmedAt: sql`now()` })
    .where(
      and(
        eq(qrSessions.tokenHash, tokenHash),
        eq(qrSessions.purpose, 'link'),
        isNull(qrSessions.confirmedAt),
        gt(qrSessions.expiresAt, sql`now()`),
        sql`${qrSessions.shopId} in (select ${shops.id} from ${shops} where ${shops.server} = ${server})`,
      ),
    )
    .returning({ shopId: qrSessions.shopId });
  return row;
}

/**
 * Marks a confirmed session as collected by its shop's mirror, atomically (once only), while
 * the code is valid or within `graceSeconds` after it expired. Returns the confirming member.
 */
export async function claimConfirmed(
  db: Database,
  shopId: number,
  id: number,
  graceSeconds: number,
): Promise<{ memberId: number } | undefined> {
  const [row] = await db
    .update(qrSessions)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(qrSessions.id, id),
        eq(qrSessions.shopId, shopId),
        isNotNull(qrSessions.confirmedAt),
        isNotNull(qrSessions.memberId),
        isNull(qrSessions.claimedAt),
        gt(qrSessions.expiresAt, secondsAgo(graceSeconds)),
      ),
    )
    .returning({ memberId: qrSessions.memberId });
  return row?.memberId ? { memberId: row.memberId } : undefined;
}

export async function findActiveMember(db: Database, id: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), eq(members.status, 'active')))
    .limit(1);
  return row;
}

export async function findShopName(db: Database, shopId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: shops.name })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row?.name;
}

/** The first shop of a market (lowest id), for the demo console key. */
export async function findFirstShop(
  db: Database,
  server: 'kr' | 'jp',
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(eq(shops.server, server))
    .orderBy(asc(shops.id))
    .limit(1);
  return row;
}

export async function insertConsoleKey(db: Database, shopId: number, keyHash: string) {
  await db.insert(shopConsoleKeys).values({ shopId, keyHash });
}

export async function findShopServer(db: Database, shopId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ server: shops.server })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row?.server;
}
