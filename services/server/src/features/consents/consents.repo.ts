import { desc, eq, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import { memberConsents } from '../../db/schema/index.js';

type Db = Database | DbTransaction;

export type ConsentRow = typeof memberConsents.$inferSelect;
export type ConsentInsert = Pick<
  typeof memberConsents.$inferInsert,
  'item' | 'version' | 'agreed' | 'source'
>;

/** Appends one record per item (the log is never updated in place). */
export async function insertConsents(
  db: Db,
  memberId: number,
  records: readonly ConsentInsert[],
  recordedAt: Date,
): Promise<ConsentRow[]> {
  if (records.length === 0) return [];
  return db
    .insert(memberConsents)
    .values(records.map((r) => ({ ...r, memberId, recordedAt })))
    .returning();
}

/** The member's current choice per item: the newest record of each. */
export function latestConsents(db: Db, memberId: number): Promise<ConsentRow[]> {
  return db
    .selectDistinctOn([memberConsents.item])
    .from(memberConsents)
    .where(eq(memberConsents.memberId, memberId))
    .orderBy(memberConsents.item, desc(memberConsents.recordedAt), desc(memberConsents.id));
}

/**
 * Serializes changes of one member's consents (a double tap on the switch), so the newest
 * record is always the last one written.
 */
export async function lockMemberConsents(tx: DbTransaction, memberId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(2501, ${memberId}::int)`);
}
