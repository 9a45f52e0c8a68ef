import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { oneTimeCodes, type oneTimeCodePurposeValues } from '../db/schema/index.js';

/**
 * The queries of one-time codes (mailed links and SMS codes), in one place for the features
 * that send and check them (auth, email change, phone).
 */
export type OneTimeCodePurpose = (typeof oneTimeCodePurposeValues)[number];
export type CodeRow = typeof oneTimeCodes.$inferSelect;

/**
 * Which codes a limit or a revocation looks at: those of a target (sign-in codes: only the ones
 * bound to `boundTo`, or the unbound ones when it is null), or those of a member.
 */
export type CodeScope = { target: string; boundTo?: string | null } | { memberId: number };

function scopeFilter(by: CodeScope) {
  if (!('target' in by)) return eq(oneTimeCodes.memberId, by.memberId);
  return and(eq(oneTimeCodes.target, by.target), boundFilter(by.boundTo));
}

function boundFilter(boundTo: string | null | undefined) {
  if (boundTo === undefined) return undefined;
  return boundTo === null ? isNull(oneTimeCodes.boundTo) : eq(oneTimeCodes.boundTo, boundTo);
}

/** Codes sent for `purpose` to `target` (or by `memberId`) since `since`, and the newest one's time. */
export async function recentSends(
  db: Database,
  purpose: OneTimeCodePurpose,
  by: CodeScope,
  since: Date,
): Promise<{ count: number; latest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<string | null>`max(${oneTimeCodes.createdAt})`,
    })
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.purpose, purpose), scopeFilter(by), gt(oneTimeCodes.createdAt, since)),
    );
  return { count: row?.count ?? 0, latest: row?.latest ? new Date(row.latest) : null };
}

/** A newer code replaces the older ones: every unused code of this scope becomes unusable. */
export async function revokeCodes(
  db: Database,
  purpose: OneTimeCodePurpose,
  by: CodeScope,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(eq(oneTimeCodes.purpose, purpose), scopeFilter(by), isNull(oneTimeCodes.consumedAt)),
    );
}

export async function insertCode(
  db: Database,
  code: {
    purpose: OneTimeCodePurpose;
    target: string;
    codeHash: string;
    memberId: number | null;
    expiresAt: Date;
    boundTo?: string | null;
  },
): Promise<void> {
  await db.insert(oneTimeCodes).values(code);
}

/**
 * The newest code for the target (of this member, when given; bound to `boundTo`, or unbound
 * when it is null, when given), used or not.
 */
export async function latestCode(
  db: Database,
  purpose: OneTimeCodePurpose,
  target: string,
  memberId?: number,
  boundTo?: string | null,
): Promise<CodeRow | undefined> {
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.target, target),
        memberId === undefined ? undefined : eq(oneTimeCodes.memberId, memberId),
        boundFilter(boundTo),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return rows[0];
}

/**
 * Takes one attempt of a live code before its value is compared: one atomic UPDATE, so
 * parallel guesses each take their own attempt and never more than `maxAttempts` are compared.
 * Returns the attempts used so far, or undefined when the code is used, expired or exhausted.
 */
export async function takeAttempt(
  db: Database,
  id: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts;
}

/** A correct code gives its attempt back (only wrong guesses count towards the cap). */
export async function returnAttempt(db: Database, id: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`greatest(${oneTimeCodes.attempts} - 1, 0)` })
    .where(eq(oneTimeCodes.id, id));
}

/** Single use: only the first caller gets `true`, even under concurrency. */
export async function consumeCode(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

export interface LiveCode {
  id: number;
  target: string;
  memberId: number | null;
}

/**
 * Counts one more use of a live (unused, unexpired, under the attempt cap) code and returns it,
 * or undefined. Atomic: the check and the count are one UPDATE.
 */
export async function touchLiveCode(
  db: Database,
  purpose: OneTimeCodePurpose,
  codeHash: string,
  maxAttempts: number,
): Promise<LiveCode | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.codeHash, codeHash),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning({
      id: oneTimeCodes.id,
      target: oneTimeCodes.target,
      memberId: oneTimeCodes.memberId,
    });
  return row;
}
