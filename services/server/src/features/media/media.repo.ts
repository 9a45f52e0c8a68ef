import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { bookingLooks, media } from '../../db/schema/index.js';

/** Whether `url` is one of the member's own live gallery photos (the photo or its thumbnail). */
export async function ownsMediaUrl(db: Database, memberId: number, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.memberId, memberId),
        isNull(media.deletedAt),
        or(eq(media.url, url), eq(media.thumbUrl, url)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether `url` is a photo, video, poster or thumbnail of a salon's styling history that the
 * member may see: the member is linked with the media's salon under the phone the salon
 * recorded the visit for, and has not deleted it from their pages (hidden ones stay viewable:
 * the "hidden" view shows them). Anything else is a 404, exactly like an unknown file.
 */
export async function ownsRecordMediaUrl(
  db: Database,
  memberId: number,
  url: string,
): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    select 1 as ok
      from visit_media vm
      join visit_records vr on vr.id = vm.visit_id
      join shop_customers c on c.id = vr.customer_id
      join shop_links l on l.shop_id = c.shop_id and l.phone = c.phone and l.member_id = ${memberId}
      left join member_media_states s on s.media_id = vm.id and s.member_id = ${memberId}
     where (vm.url = ${url} or vm.thumb_url = ${url})
       and s.deleted_at is null
     limit 1`);
  return rows.rows.length > 0;
}

/**
 * Whether `url` is a microscope image (or its thumbnail) of a scalp diagnosis the member may
 * see: linked with the salon under the diagnosed phone, and not deleted from their pages.
 */
export async function ownsScalpImageUrl(
  db: Database,
  memberId: number,
  url: string,
): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    select 1 as ok
      from scalp_images si
      join scalp_diagnoses d on d.id = si.diagnosis_id
      join shop_customers c on c.id = d.customer_id
      join shop_links l on l.shop_id = c.shop_id and l.phone = c.phone and l.member_id = ${memberId}
      left join member_diagnosis_states s on s.diagnosis_id = d.id and s.member_id = ${memberId}
     where (si.url = ${url} or si.thumb_url = ${url})
       and s.deleted_at is null
     limit 1`);
  return rows.rows.length > 0;
}

/** Whether the shop made `url` (a visit's photo, video, poster or thumbnail). */
export async function shopMadeRecordMediaUrl(
  db: Database,
  shopId: number,
  url: string,
): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    select 1 as ok from visit_media
     where shop_id = ${shopId} and (url = ${url} or thumb_url = ${url})
     limit 1`);
  return rows.rows.length > 0;
}

/** Whether the shop made `url` (a scalp microscope image or its thumbnail). */
export async function shopMadeScalpImageUrl(
  db: Database,
  shopId: number,
  url: string,
): Promise<boolean> {
  const rows = await db.execute<{ ok: number }>(sql`
    select 1 as ok from scalp_images
     where shop_id = ${shopId} and (url = ${url} or thumb_url = ${url})
     limit 1`);
  return rows.rows.length > 0;
}

/** Whether `url` is the try-on look (or its thumbnail) of one of the member's bookings (ADR 059). */
export async function ownsBookingLookUrl(
  db: Database,
  memberId: number,
  url: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingLooks.bookingId })
    .from(bookingLooks)
    .where(
      and(
        eq(bookingLooks.memberId, memberId),
        or(eq(bookingLooks.url, url), eq(bookingLooks.thumbUrl, url)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `url` is the try-on look (or its thumbnail) of a booking at the shop (ADR 059). */
export async function shopBookedLookUrl(
  db: Database,
  shopId: number,
  url: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: bookingLooks.bookingId })
    .from(bookingLooks)
    .where(
      and(
        eq(bookingLooks.shopId, shopId),
        or(eq(bookingLooks.url, url), eq(bookingLooks.thumbUrl, url)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
