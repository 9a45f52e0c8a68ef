import type { GalleryItem, gallerySourceValues } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import type { MediaStorage } from '../../lib/storage.js';
import { AppError } from '../../lib/errors.js';
import { encodeGalleryPhoto, removeGalleryFiles, storeGalleryPhoto } from './gallery-photos.js';
import * as repo from './gallery.repo.js';

export interface GalleryDeps {
  db: Database;
  storage: MediaStorage;
}

function itemOf(row: Awaited<ReturnType<typeof repo.insertGalleryPhoto>>): GalleryItem {
  return {
    media_id: row.id,
    source: row.source === 'gallery' ? 'gallery' : 'simulation',
    url: row.url,
    thumb_url: row.thumbUrl,
    personal_memo: row.personalMemo,
    taken_at: row.takenAt.toISOString(),
  };
}

/**
 * Saves an image to the member's gallery: re-encoded (no metadata), written under the media
 * folder, then the `media` row. A refused file is UNSUPPORTED_MEDIA_TYPE; anything failing after
 * that (disk, database) is SAVE_FAILED ("save failed, try later") and leaves no file behind.
 */
export async function saveToGalleryFor(
  deps: GalleryDeps,
  memberId: number,
  input: {
    photo: Uint8Array | Blob;
    source: (typeof gallerySourceValues)[number];
    personalMemo?: string | undefined;
  },
): Promise<{ item: GalleryItem }> {
  if (!(input.photo instanceof Uint8Array)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const encoded = await encodeGalleryPhoto(input.photo);
  let stored: Awaited<ReturnType<typeof storeGalleryPhoto>> | undefined;
  try {
    stored = await storeGalleryPhoto(deps.storage, encoded);
    const row = await repo.insertGalleryPhoto(deps.db, {
      memberId,
      source: input.source,
      url: stored.url,
      thumbUrl: stored.thumbUrl,
      personalMemo: input.personalMemo ? input.personalMemo : null,
    });
    return { item: itemOf(row) };
  } catch (error) {
    if (stored) await removeGalleryFiles(deps.storage, [stored.url, stored.thumbUrl]);
    throw new AppError('SAVE_FAILED', { cause: error });
  }
}

export async function galleryOf(
  db: Database,
  memberId: number,
  paging: repo.Paging,
): Promise<{ gallery_list: GalleryItem[]; total: number; page: number; has_next: boolean }> {
  const { rows, total } = await repo.listGalleryPhotos(db, memberId, paging);
  return {
    gallery_list: rows.map(itemOf),
    total,
    page: paging.page,
    has_next: paging.page * paging.pageSize < total,
  };
}

/** How many live photos the member's gallery holds (the list's `total`). */
export function galleryCountOf(db: Database, memberId: number): Promise<number> {
  return repo.countGalleryPhotos(db, memberId);
}

/**
 * Soft-deletes the member's own photos (all or nothing; another member's id, an unknown or an
 * already deleted one answers NOT_FOUND). The image files go at once: a deleted photo's URL
 * stops working, the row stays for the record.
 */
export async function deleteFromGalleryFor(
  deps: GalleryDeps,
  memberId: number,
  mediaIds: number[],
): Promise<{ deleted_ids: number[] }> {
  const ids = [...new Set(mediaIds)];
  const deleted = await repo.softDeleteGalleryPhotos(deps.db, memberId, ids);
  if (!deleted) throw new AppError('NOT_FOUND');
  await removeGalleryFiles(
    deps.storage,
    deleted.flatMap((r) => [r.url, r.thumbUrl]),
  );
  return { deleted_ids: deleted.map((r) => r.id).sort((a, b) => a - b) };
}
