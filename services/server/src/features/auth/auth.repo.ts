import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import { loginThrottles, members, oneTimeCodes, sessions } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type LinkPurpose = 'email_verify' | 'password_reset' | 'email_change';

export async function findMemberByEmail(
  db: Database,
  email: string,
): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.email, email)).limit(1);
  return rows[0];
}

export async function findMemberById(db: Database, id: number): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return rows[0];
}

export async function insertPendingMember(
  db: Database | DbTransaction,
  values: Pick<
    typeof members.$inferInsert,
    'email' | 'passwordHash' | 'familyName' | 'givenName' | 'language' | 'server'
  >,
): Promise<MemberRow> {
  const [row] = await db
    .insert(members)
    .values({ ...values, status: 'pending', joinedVia: 'app' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Re-registration of a still-pending address: the latest form wins. */
export async function updatePendingMember(
  db: Database | DbTransaction,
  id: number,
  values: Pick<
    typeof members.$inferInsert,
    'passwordHash' | 'familyName' | 'givenName' | 'language' | 'server'
  >,
): Promise<void> {
  await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(members.id, id), eq(members.status, 'pending')));
}

/** pending → active. Returns the member only if this call made the transition. */
export async function activatePendingMember(
  db: Database,
  id: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set({ status: 'active', updatedAt: new Date() })
    .where(and(eq(members.id, id), eq(members.status, 'pending')))
    .returning();
  return row;
}

export async function setPasswordHash(
  db: Database,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db.update(members).set({ passwordHash, updatedAt: new Date() }).where(eq(members.id, id));
}

// --- per-account login throttle --------------------------------------------------------------

/**
 * Counts one sign-in attempt for `key` and returns the attempts in the current window (a window
 * older than `windowMs` starts over). One atomic upsert, so parallel guesses are all counted.
 */
export async function countLoginAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<number> {
  const windowStart = sql`${new Date(Date.now() - windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, attempts: 1, windowStartedAt: new Date() })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        attempts: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then 1 else ${loginThrottles.attempts} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then now() else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ attempts: loginThrottles.attempts });
  return row?.attempts ?? 1;
}

export async function clearLoginAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

// --- e-mail change ---------------------------------------------------------------------------

/**
 * Sets the member's new address (still active) and ends their other sessions, in one
 * transaction. Throws the unique violation when the address was taken meanwhile.
 */
export async function replaceEmail(
  db: Database,
  memberId: number,
  email: string,
  keepSessionId: string,
): Promise<MemberRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({ email, updatedAt: new Date() })
      .where(and(eq(members.id, memberId), eq(members.status, 'active')))
      .returning();
    if (!row) return undefined;
    await tx
      .delete(sessions)
      .where(and(eq(sessions.memberId, memberId), ne(sessions.id, keepSessionId)));
    return row;
  });
}

/** The address a pending e-mail change of this member goes to, if one is live. */
export async function findLiveChangeTarget(
  db: Database,
  memberId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ target: oneTimeCodes.target })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.memberId, memberId),
        eq(oneTimeCodes.purpose, 'email_change'),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  return row?.target;
}
