import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { gallerySourceValues, type BookingLook } from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import { bookingLooks, media } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { MediaStorage } from '../../lib/storage.js';

// "Book this look" (ADR 059): the member's saved try-on result travels with the booking as the
// server's own copy under `looks/<yyyy-mm>/`, so the salon still sees it when the member later
// deletes the gallery photo. Only the member and the booked salon's console key may read it
// (features/media/media-folders.ts).

export interface LookRequest {
  look_media_id?: number | undefined;
  look_kind?: 'colour' | 'style' | undefined;
  look_name?: string | undefined;
  look_swatch?: string | undefined;
}

/** A copied look waiting for its booking row. */
export interface CopiedLook {
  kind: 'colour' | 'style';
  name: string;
  swatch: string | null;
  url: string;
  thumbUrl: string;
}

type LookRow = typeof bookingLooks.$inferSelect;

/**
 * The look fields checked with the rest of the form: with a photo, a kind and a name are
 * required, and a colour needs its swatch; without one, no look field may be sent.
 */
export function checkLookFields(input: LookRequest): void {
  const fields: Array<{ field: string; code: 'VALIDATION_FAILED' }> = [];
  const name = input.look_name?.trim() ?? '';
  if (input.look_media_id === undefined) {
    if (input.look_kind !== undefined || name !== '' || input.look_swatch !== undefined) {
      fields.push({ field: 'look_media_id', code: 'VALIDATION_FAILED' });
    }
  } else {
    if (input.look_kind === undefined)
      fields.push({ field: 'look_kind', code: 'VALIDATION_FAILED' });
    if (name === '') fields.push({ field: 'look_name', code: 'VALIDATION_FAILED' });
    if (input.look_kind === 'colour' && input.look_swatch === undefined) {
      fields.push({ field: 'look_swatch', code: 'VALIDATION_FAILED' });
    }
  }
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', { fields });
}

/** The member's own live gallery photo, or NOT_FOUND (another member's, deleted, unknown). */
export async function findOwnLookPhoto(db: Database, memberId: number, mediaId: number) {
  const [row] = await db
    .select({ url: media.url, thumbUrl: media.thumbUrl })
    .from(media)
    .where(
      and(
        eq(media.id, mediaId),
        eq(media.memberId, memberId),
        inArray(media.source, [...gallerySourceValues]),
        eq(media.kind, 'photo'),
        isNull(media.deletedAt),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError('NOT_FOUND', { fields: [{ field: 'look_media_id', code: 'NOT_FOUND' }] });
  }
  return row;
}

const galleryKey = /^\/media\/(gallery\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp)$/;
const lookKey = /^\/media\/(looks\/\d{4}-\d{2}\/[0-9a-f]{32}(?:-t)?\.webp)$/;

/**
 * Copies the gallery photo (already re-encoded by the server when it was saved: WebP, no
 * metadata) and its thumbnail to `looks/<yyyy-mm>/<random>`. Nothing from the request names a
 * path: the URLs come from the member's own media row and must have the gallery writer's shape.
 */
export async function copyLookPhoto(
  storage: MediaStorage,
  photo: { url: string; thumbUrl: string | null },
  look: Required<Pick<LookRequest, 'look_kind' | 'look_name'>> & {
    look_swatch?: string | undefined;
  },
  now = new Date(),
): Promise<CopiedLook> {
  const mainKey = galleryKey.exec(photo.url)?.[1];
  const thumbKey = photo.thumbUrl ? galleryKey.exec(photo.thumbUrl)?.[1] : mainKey;
  if (!mainKey || !thumbKey) throw new AppError('NOT_FOUND');
  const folder = `looks/${now.toISOString().slice(0, 7)}`;
  const name = randomBytes(16).toString('hex');
  const copied: CopiedLook = {
    kind: look.look_kind,
    name: look.look_name.trim(),
    swatch: look.look_kind === 'colour' ? (look.look_swatch?.toLowerCase() ?? null) : null,
    url: `/media/${folder}/${name}.webp`,
    thumbUrl: `/media/${folder}/${name}-t.webp`,
  };
  try {
    const [main, thumb] = await Promise.all([storage.readAll(mainKey), storage.readAll(thumbKey)]);
    await storage.put(`${folder}/${name}.webp`, main, 'image/webp');
    await storage.put(`${folder}/${name}-t.webp`, thumb, 'image/webp');
  } catch (error) {
    await removeLookFiles(storage, copied).catch(() => undefined);
    throw error;
  }
  return copied;
}

/** Removes a copy whose booking was not made (a refused or replayed add_booking). */
export async function removeLookFiles(
  storage: MediaStorage,
  look: Pick<CopiedLook, 'url' | 'thumbUrl'>,
): Promise<void> {
  await storage.remove(
    [look.url, look.thumbUrl].flatMap((url) => {
      const key = lookKey.exec(url)?.[1];
      return key ? [key] : [];
    }),
  );
}

export async function insertLook(
  tx: DbTransaction,
  booking: { id: number; memberId: number; shopId: number },
  look: CopiedLook,
): Promise<LookRow> {
  const [row] = await tx
    .insert(bookingLooks)
    .values({ bookingId: booking.id, memberId: booking.memberId, shopId: booking.shopId, ...look })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The looks of the given bookings, keyed by booking id. */
export async function looksOf(db: Database, bookingIds: number[]): Promise<Map<number, LookRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bookingLooks)
    .where(inArray(bookingLooks.bookingId, bookingIds));
  return new Map(rows.map((row) => [row.bookingId, row]));
}

export function presentLook(row: LookRow | undefined): BookingLook | null {
  if (!row) return null;
  return {
    kind: row.kind,
    name: row.name,
    swatch: row.swatch,
    url: row.url,
    thumb_url: row.thumbUrl,
  };
}
