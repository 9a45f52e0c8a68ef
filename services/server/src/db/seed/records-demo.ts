import { inArray } from 'drizzle-orm';
import { members } from '../schema/index.js';
import type { Executor, RecordsOptions } from './records-common.js';
import { seedSalonRecords, type RecordCustomerPlan, type RecordsSummary } from './records.js';

/** What the README promises of each demo member's records (demo-members.ts). */
export const demoRecordMembers = [
  { phone: '010-5555-0101', gender: 'w', length: 'medium', salons: 3, scalp: 'oily' },
  { phone: '090-5555-0101', gender: 'w', length: 'bob', salons: 3, scalp: 'dry' },
  { phone: '010-5555-0102', gender: 'm', length: 'male', salons: 1, scalp: 'thinning' },
] as const;

/**
 * Picks the demo members' salons among the curated ones of their market and seeds their
 * records. A verified member's first salon is the market's first salon (the one whose console
 * key `npm start` writes to data/demo-console-key.txt for the mirror, in Korea) and stays
 * unlinked, so linking it can be tried from the salon page or the mirror's QR; the others are
 * linked, the first linked one with the scalp diagnoses. The unverified member has records at
 * one salon and no link (verification blocks linking).
 */
export async function seedDemoRecords(
  db: Executor,
  curated: readonly { shopId: number; server: 'kr' | 'jp'; designers: number; menus: number }[],
  options: RecordsOptions,
): Promise<RecordsSummary & { plans: RecordCustomerPlan[] }> {
  const found = await db
    .select({
      id: members.id,
      phone: members.phone,
      familyName: members.familyName,
      givenName: members.givenName,
      server: members.server,
      verified: members.phoneVerifiedAt,
    })
    .from(members)
    .where(
      inArray(
        members.phone,
        demoRecordMembers.map((m) => m.phone),
      ),
    );
  const usable = (server: 'kr' | 'jp') =>
    curated
      .filter((s) => s.server === server && s.designers > 0 && s.menus > 0)
      .map((s) => s.shopId)
      .sort((a, b) => a - b);
  const pools = { kr: usable('kr'), jp: usable('jp') };
  // Salons taken by an earlier member's plan, so members do not share their salons.
  const offsets = { kr: 0, jp: 0 };
  const plans: RecordCustomerPlan[] = [];
  for (const def of demoRecordMembers) {
    const member = found.find((m) => m.phone === def.phone);
    if (!member) continue;
    const market = member.server;
    const pool = pools[market];
    const verified = member.verified !== null;
    let shopIds: number[];
    if (verified) {
      // The first salon of the market, then two more further down the list.
      const first = pool[0];
      const rest = pool.slice(1 + offsets[market] * 3, 1 + offsets[market] * 3 + def.salons - 1);
      shopIds = first === undefined ? [] : [first, ...rest];
    } else {
      shopIds = pool.slice(1 + offsets[market] * 3, 1 + offsets[market] * 3 + def.salons);
    }
    offsets[market]++;
    if (shopIds.length === 0) continue;
    const salons = shopIds.map((shopId, i) => ({
      shopId,
      // One salon stays unlinked; a single salon is linked, so the member still sees records.
      linked: verified && (shopIds.length === 1 || i > 0),
      scalp: shopIds.length === 1 ? true : i === 1,
    }));
    plans.push({
      phone: def.phone,
      name:
        market === 'kr'
          ? `${member.familyName}${member.givenName}`
          : `${member.familyName} ${member.givenName}`,
      gender: def.gender,
      market,
      memberId: member.id,
      length: def.length,
      salons,
      scalp: def.scalp,
    });
  }
  const summary = await seedSalonRecords(db, plans, options);
  return { ...summary, plans };
}
