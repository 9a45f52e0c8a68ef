import { inArray } from 'drizzle-orm';
import type { Database } from '../index.js';
import { members } from '../schema/index.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Demo members for phone PIN sign-in (README "Try phone sign-in"): smart-mirror members who
 * joined in 2023, so spec 6 lets them sign in by phone. No e-mail and no password; the code
 * arrives in the dev SMS outbox (DATA_DIR/outbox/sms.jsonl) and the server log.
 * - 010-5555-0101 (kr): phone verified → simple_login
 * - 010-5555-0102 (kr): phone not verified yet → the first sign-in verifies it (activate_with_tel)
 * - 090-5555-0101 (jp): phone verified, Japanese
 */
export const demoPhoneMembers = [
  {
    familyName: '이',
    givenName: '서연',
    phone: '010-5555-0101',
    phoneVerifiedAt: new Date('2023-03-15T02:00:00Z'),
    language: 'ko',
    server: 'kr',
    joinedVia: 'smart_mirror',
    createdAt: new Date('2023-03-15T01:30:00Z'),
  },
  {
    familyName: '박',
    givenName: '지훈',
    phone: '010-5555-0102',
    phoneVerifiedAt: null,
    language: 'ko',
    server: 'kr',
    joinedVia: 'smart_mirror',
    createdAt: new Date('2023-08-20T05:10:00Z'),
  },
  {
    familyName: '佐藤',
    givenName: '美咲',
    phone: '090-5555-0101',
    phoneVerifiedAt: new Date('2023-05-10T03:00:00Z'),
    language: 'ja',
    server: 'jp',
    joinedVia: 'smart_mirror',
    createdAt: new Date('2023-05-10T02:45:00Z'),
  },
] as const satisfies ReadonlyArray<typeof members.$inferInsert>;

/** Inserts the demo members whose numbers are not taken yet (a rerun adds nothing). */
export async function seedDemoMembers(tx: Tx | Database): Promise<number> {
  const taken = await tx
    .select({ phone: members.phone })
    .from(members)
    .where(
      inArray(
        members.phone,
        demoPhoneMembers.map((m) => m.phone),
      ),
    );
  const skip = new Set(taken.map((r) => r.phone));
  const rows = demoPhoneMembers
    .filter((m) => !skip.has(m.phone))
    .map((m) => ({ ...m, updatedAt: m.createdAt }));
  if (rows.length > 0) await tx.insert(members).values(rows);
  return rows.length;
}
