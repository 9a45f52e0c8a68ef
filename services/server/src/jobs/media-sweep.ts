import { and, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { bookingLooks, media, reviewPhotos } from '../db/schema/index.js';
import type { MediaStorage } from '../lib/storage.js';

/**
 * The member's own uploads, by folder: the keys the writers make (gallery-photos.ts,
 * review-photos.ts, booking-look.ts) and the live rows that keep such a file. Salons' records (`records/`,
 * `scalp/`) are the salons' own: their files go when the salon deletes them, never here.
 */
const sweptFolders = {
  gallery: {
    key: /^gallery\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp$/,
    async live(db: Database, urls: string[]) {
      return db
        .select({ url: media.url, thumbUrl: media.thumbUrl })
        .from(media)
        .where(
          and(isNull(media.deletedAt), or(inArray(media.url, urls), inArray(media.thumbUrl, urls))),
        );
    },
  },
  looks: {
    key: /^looks\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp$/,
    async live(db: Database, urls: string[]) {
      return db
        .select({ url: bookingLooks.url, thumbUrl: bookingLooks.thumbUrl })
        .from(bookingLooks)
        .where(or(inArray(bookingLooks.url, urls), inArray(bookingLooks.thumbUrl, urls)));
    },
  },
  reviews: {
    key: /^reviews\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp$/,
    async live(db: Database, urls: string[]) {
      return db
        .select({ url: reviewPhotos.url, thumbUrl: reviewPhotos.thumbUrl })
        .from(reviewPhotos)
        .where(or(inArray(reviewPhotos.url, urls), inArray(reviewPhotos.thumbUrl, urls)));
    },
  },
} as const;

export interface MediaSweepReport {
  /** Stored files looked at (old enough, of a writer's shape). */
  checked: number;
  /** Files removed: no live row names them any more. */
  removed: number;
}

const hour = 60 * 60 * 1000;
const batchSize = 500;

/**
 * Removes the stored files of a withdrawn member (gallery photos soft-deleted, review photos
 * deleted by the withdrawal, ADR 011) and any other gallery or review file no live row names:
 * a deleted photo whose removal failed, an upload whose row was never written. A file younger
 * than `graceMs` is left alone (its row may not be committed yet). Idempotent, safe on any
 * number of instances at once (removing a missing object is not an error), on both backends.
 */
export async function sweepMemberMedia(
  db: Database,
  storage: MediaStorage,
  options: { now?: Date; graceMs?: number } = {},
): Promise<MediaSweepReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? hour);
  const report: MediaSweepReport = { checked: 0, removed: 0 };
  for (const [folder, rule] of Object.entries(sweptFolders)) {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const urls = batch.map((key) => `/media/${key}`);
      const live = new Set(
        (await rule.live(db, urls)).flatMap((r) => [r.url, r.thumbUrl ?? undefined]),
      );
      const gone = batch.filter((key) => !live.has(`/media/${key}`));
      await storage.remove(gone);
      report.checked += batch.length;
      report.removed += gone.length;
      batch = [];
    };
    for await (const object of storage.list(`${folder}/`)) {
      if (!rule.key.test(object.key) || object.modified.getTime() > cutoff) continue;
      batch.push(object.key);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
  return report;
}
