import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import {
  bookingLooks,
  bookings,
  favoriteDesigners,
  favoriteShops,
  favoriteStyles,
  media,
  memberConsents,
  memberIdentities,
  members,
  oneTimeCodes,
  qrSessions,
  reviewPhotos,
  reviews,
  memberDiagnosisStates,
  memberMediaStates,
  sessions,
  shopLinks,
} from '../../db/schema/index.js';

export type MemberRow = typeof members.$inferSelect;

/** The member behind the session, only while active (the session loader checks the same). */
export async function findActiveMember(
  db: Database,
  memberId: number,
): Promise<MemberRow | undefined> {
  const rows = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.status, 'active')))
    .limit(1);
  return rows[0];
}

export async function updateName(
  db: Database,
  memberId: number,
  familyName: string,
  givenName: string,
): Promise<void> {
  await db
    .update(members)
    .set({ familyName, givenName, updatedAt: new Date() })
    .where(and(eq(members.id, memberId), eq(members.status, 'active')));
}

/**
 * Sets the password and ends every session of the member in one transaction. With
 * `onlyIfUnset` the update applies only while the member has no password (create_password),
 * so two parallel calls cannot both "create". Returns whether the password was written.
 */
export async function replacePasswordAndEndSessions(
  db: Database,
  memberId: number,
  passwordHash: string,
  options: { onlyIfUnset: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const conditions = [eq(members.id, memberId), eq(members.status, 'active')];
    if (options.onlyIfUnset) conditions.push(isNull(members.passwordHash));
    const updated = await tx
      .update(members)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: members.id });
    if (updated.length !== 1) return false;
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
    // Outstanding reset links would otherwise undo the change.
    await tx
      .update(oneTimeCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.memberId, memberId),
          eq(oneTimeCodes.purpose, 'password_reset'),
          isNull(oneTimeCodes.consumedAt),
        ),
      );
    return true;
  });
}

/**
 * Withdrawal: the row stays (bookings reference it) but loses every personal field; the
 * unique e-mail and phone become free for a new registration. Identities, sessions, pending
 * codes and shop links go. Returns whether this call made the transition.
 */
export async function withdrawMember(
  db: Database,
  memberId: number,
  reason: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(members)
      .set({
        status: 'withdrawn',
        withdrawnAt: now,
        withdrawReason: reason,
        email: null,
        phone: null,
        phoneVerifiedAt: null,
        passwordHash: null,
        familyName: '',
        givenName: '',
        updatedAt: now,
      })
      .where(and(eq(members.id, memberId), eq(members.status, 'active')))
      .returning({ id: members.id });
    if (updated.length !== 1) return false;
    await tx.delete(memberIdentities).where(eq(memberIdentities.memberId, memberId));
    // Consents (and the marketing opt-in) end with the account (ADR 025).
    await tx.delete(memberConsents).where(eq(memberConsents.memberId, memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, memberId));
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.memberId, memberId));
    await tx.delete(shopLinks).where(eq(shopLinks.memberId, memberId));
    await tx.delete(qrSessions).where(eq(qrSessions.memberId, memberId));
    await tx.delete(favoriteShops).where(eq(favoriteShops.memberId, memberId));
    await tx.delete(favoriteDesigners).where(eq(favoriteDesigners.memberId, memberId));
    await tx.delete(favoriteStyles).where(eq(favoriteStyles.memberId, memberId));
    // Gallery photos and saved simulations: soft-deleted with their notes cleared at once; the
    // media sweeper removes the files (ADR 011). The salons' records (styling history, scalp
    // diagnoses) are the salons' own and stay with them; the links went above, and the member's
    // own memos and hide/delete marks on them go here.
    await tx
      .update(media)
      .set({ deletedAt: now, personalMemo: null, shopMemo: null })
      .where(and(eq(media.memberId, memberId), isNull(media.deletedAt)));
    await tx.delete(memberMediaStates).where(eq(memberMediaStates.memberId, memberId));
    // The try-on looks kept with bookings are photos of the member's face: they go with the
    // account, also from the salons' bookings; the media sweeper removes the files (ADR 059).
    await tx.delete(bookingLooks).where(eq(bookingLooks.memberId, memberId));
    await tx.delete(memberDiagnosisStates).where(eq(memberDiagnosisStates.memberId, memberId));
    // Reviews stay (shops' ratings) under the blanked member; their photos go.
    const own = tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.memberId, memberId));
    await tx.delete(reviewPhotos).where(inArray(reviewPhotos.reviewId, own));
    // Upcoming reservations are cancelled (the shop must not wait for a withdrawn customer);
    // past ones are the shops' transaction records, kept 5 years (ADR 011) without the free text.
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'customer',
        cancelOrigin: 'system',
        cancelledAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(bookings.memberId, memberId),
          eq(bookings.status, 'reserved'),
          gt(bookings.startsAt, now),
        ),
      );
    await tx
      .update(bookings)
      .set({ requestNote: null, updatedAt: now })
      .where(eq(bookings.memberId, memberId));
    return true;
  });
}
