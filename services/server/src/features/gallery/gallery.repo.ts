import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { media } from '../../db/schema/index.js';
import { gallerySourceValues } from '@carol/contracts';

// Every query is keyed by the member id the session resolved; no request field names a member.

export interface Paging {
  page: number;
  pageSize: number;
}

const columns = {
  id: media.id,
  source: media.source,
  url: media.url,
  thumbUrl: media.thumbUrl,
  personalMemo: media.personalMemo,
  takenAt: media.takenAt,
};

const ownLive = (memberId: number) =>
  and(
    eq(media.memberId, memberId),
    inArray(media.source, [...gallerySourceValues]),
    eq(media.kind, 'photo'),
    isNull(media.deletedAt),
  );

export async function insertGalleryPhoto(
  db: Database,
  row: {
    memberId: number;
    source: (typeof gallerySourceValues)[number];
    url: string;
    thumbUrl: string;
    personalMemo: string | null;
  },
) {
  const [inserted] = await db
    .insert(media)
    .values({ ...row, kind: 'photo' })
    .returning(columns);
  return inserted!;
}

/** The list's total, also my page's gallery count (features/mypage). */
export async function countGalleryPhotos(db: Database, memberId: number) {
  const [row] = await db.select({ total: count() }).from(media).where(ownLive(memberId));
  return row?.total ?? 0;
}

export async function listGalleryPhotos(db: Database, memberId: number, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(media)
      .where(ownLive(memberId))
      .orderBy(desc(media.takenAt), desc(media.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    countGalleryPhotos(db, memberId),
  ]);
  return { rows, total };
}

/**
 * Soft-deletes the member's own live gallery photos, all or nothing: when any id is not one of
 * them, nothing changes and null is answered. Returns the deleted rows (for their files).
 */
export async function softDeleteGalleryPhotos(db: Database, memberId: number, ids: number[]) {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(ownLive(memberId), inArray(media.id, ids)))
      .for('update');
    if (found.length !== ids.length) return null;
    return tx
      .update(media)
      .set({ deletedAt: new Date() })
      .where(and(ownLive(memberId), inArray(media.id, ids)))
      .returning({ id: media.id, url: media.url, thumbUrl: media.thumbUrl });
  });
}
