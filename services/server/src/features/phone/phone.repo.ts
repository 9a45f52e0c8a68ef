import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { members } from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;
export type PhonePurpose = 'sms_login' | 'phone_verify';

/** Active members whose stored phone is `phone` (verified or not), oldest first. */
export function findActiveMembersByPhone(db: Database, phone: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(members)
    .where(and(eq(members.phone, phone), eq(members.status, 'active')))
    .orderBy(members.id);
}

export async function findActiveMember(db: Database, id: number): Promise<MemberRow | undefined> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.id, id), eq(members.status, 'active')))
    .limit(1);
  return rows[0];
}

/** Another active member who has verified this phone ("phone number already in use"). */
export async function verifiedOwnerOtherThan(
  db: Database,
  phone: string,
  memberId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.phone, phone),
        eq(members.status, 'active'),
        sql`${members.phoneVerifiedAt} is not null`,
        ne(members.id, memberId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** First phone sign-in: marks the member's stored phone verified. Unique index may fire. */
export async function markPhoneVerified(
  db: Database,
  memberId: number,
  phone: string,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set({ phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(members.id, memberId), eq(members.phone, phone), eq(members.status, 'active')))
    .returning();
  return row;
}

/** Create/change: the member's phone becomes `phone`, verified now. Unique index may fire. */
export async function setVerifiedPhone(
  db: Database,
  memberId: number,
  phone: string,
): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ phone, phoneVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(members.id, memberId), eq(members.status, 'active')))
    .returning({ id: members.id });
  return rows.length === 1;
}
