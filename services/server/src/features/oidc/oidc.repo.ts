import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import { memberIdentities, members, oneTimeCodes, pendingSignUps } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type IdentityRow = typeof memberIdentities.$inferSelect;
export type Provider = IdentityRow['provider'];
export type PendingSignUpRow = typeof pendingSignUps.$inferSelect;

export async function findIdentity(
  db: Database | DbTransaction,
  issuer: string,
  subject: string,
): Promise<{ identity: IdentityRow; member: MemberRow } | undefined> {
  const rows = await db
    .select({ identity: memberIdentities, member: members })
    .from(memberIdentities)
    .innerJoin(members, eq(members.id, memberIdentities.memberId))
    .where(and(eq(memberIdentities.issuer, issuer), eq(memberIdentities.subject, subject)))
    .limit(1);
  return rows[0];
}

export async function findMemberById(db: Database, id: number): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return rows[0];
}

/** Any member row (pending or active) holding this lower-cased address. */
export async function findMemberByEmail(
  db: Database | DbTransaction,
  email: string,
): Promise<MemberRow | undefined> {
  const rows = await db.select().from(members).where(eq(members.email, email)).limit(1);
  return rows[0];
}

export function listIdentities(db: Database, memberId: number): Promise<IdentityRow[]> {
  return db
    .select()
    .from(memberIdentities)
    .where(eq(memberIdentities.memberId, memberId))
    .orderBy(asc(memberIdentities.createdAt), asc(memberIdentities.id));
}

/** Drops an identity left behind by a member who can no longer sign in (withdrawn). */
export async function deleteStaleIdentity(
  db: Database | DbTransaction,
  identityId: number,
): Promise<void> {
  await db.delete(memberIdentities).where(eq(memberIdentities.id, identityId));
}

/** A new active member with no password, plus its identity, in one transaction. */
export async function insertMemberWithIdentity(
  db: Database | DbTransaction,
  member: Pick<
    typeof members.$inferInsert,
    'email' | 'familyName' | 'givenName' | 'language' | 'server'
  >,
  identity: { issuer: string; subject: string; provider: Provider; email: string | null },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(members)
      .values({ ...member, status: 'active', joinedVia: 'app', passwordHash: null })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await tx.insert(memberIdentities).values({ ...identity, memberId: row.id });
    return row;
  });
}

export async function insertIdentity(
  db: Database,
  identity: {
    memberId: number;
    issuer: string;
    subject: string;
    provider: Provider;
    email: string | null;
  },
): Promise<void> {
  await db.insert(memberIdentities).values(identity);
}

/**
 * Records a used nonce (its SHA-256). Returns false when it was already recorded: the id token
 * is a replay. The advisory lock on the hash serializes concurrent uses of the same nonce (the
 * table has no unique index on code_hash), so exactly one of them wins.
 */
export function consumeNonce(
  db: Database,
  nonceHash: string,
  issuer: string,
  expiresAt: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${nonceHash}, 1705))`);
    const used = await tx
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.purpose, 'oidc_nonce'), eq(oneTimeCodes.codeHash, nonceHash)))
      .limit(1);
    if (used.length > 0) return false;
    await tx.insert(oneTimeCodes).values({
      purpose: 'oidc_nonce',
      target: issuer,
      codeHash: nonceHash,
      expiresAt,
      consumedAt: new Date(),
    });
    return true;
  });
}

/**
 * Unlinks one identity of the member unless it is the member's last way to sign in (no
 * password, no verified phone, no other identity). The member row is locked so two parallel
 * unlinks cannot each leave the other as "not the last one".
 */
export function deleteIdentityUnlessLast(
  db: Database,
  memberId: number,
  identityId: number,
): Promise<'deleted' | 'not_found' | 'last_method'> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ passwordHash: members.passwordHash, phoneVerifiedAt: members.phoneVerifiedAt })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.status, 'active')))
      .for('update');
    if (!member) return 'not_found';
    const [own] = await tx
      .select({ id: memberIdentities.id })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.id, identityId), eq(memberIdentities.memberId, memberId)));
    if (!own) return 'not_found';
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberIdentities)
      .where(and(eq(memberIdentities.memberId, memberId), ne(memberIdentities.id, identityId)));
    const hasOtherMethod =
      member.passwordHash !== null || member.phoneVerifiedAt !== null || (others?.n ?? 0) > 0;
    if (!hasOtherMethod) return 'last_method';
    await tx
      .delete(memberIdentities)
      .where(and(eq(memberIdentities.id, identityId), eq(memberIdentities.memberId, memberId)));
    return 'deleted';
  });
}

// --- a first sign-in waiting for the consents (ADR 025) -------------------------------------

export async function insertPendingSignUp(
  db: Database,
  row: Omit<typeof pendingSignUps.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(pendingSignUps).values(row);
}

export async function findLivePendingSignUp(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<PendingSignUpRow | undefined> {
  const [row] = await db
    .select()
    .from(pendingSignUps)
    .where(and(eq(pendingSignUps.tokenHash, tokenHash), gt(pendingSignUps.expiresAt, now)))
    .limit(1);
  return row;
}

/** Uses the token: deletes its row and returns it, or nothing when it was used or expired. */
export async function takePendingSignUp(
  db: Database | DbTransaction,
  tokenHash: string,
  now: Date,
): Promise<PendingSignUpRow | undefined> {
  const [row] = await db
    .delete(pendingSignUps)
    .where(and(eq(pendingSignUps.tokenHash, tokenHash), gt(pendingSignUps.expiresAt, now)))
    .returning();
  return row;
}
