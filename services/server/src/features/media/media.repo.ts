import { and, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/index.js';
import { media } from '../../db/schema/index.js';

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
