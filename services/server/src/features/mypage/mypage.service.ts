import type { MypageSummary, Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { memberForSession } from '../account/account.service.js';
import { upcomingBookingsOf } from '../booking/booking-history.service.js';
import { favoriteCountsOf } from '../favorites/favorites.service.js';
import { galleryCountOf } from '../gallery/gallery.service.js';

/**
 * My page at a glance (ADR 027): the member's name, the next reservation, and counts that are
 * exactly the totals of the favourites lists (for the request's server) and of the gallery.
 * Every part is read for the session's member only; nothing in the request names a member.
 */
export async function mypageSummaryOf(
  db: Database,
  memberId: number,
  server: Server,
  now = new Date(),
): Promise<MypageSummary> {
  const [member, upcoming, favorites, galleryPhotos] = await Promise.all([
    memberForSession(db, memberId),
    upcomingBookingsOf(db, memberId, now),
    favoriteCountsOf(db, memberId, server),
    galleryCountOf(db, memberId),
  ]);
  return {
    member: { family_name: member.familyName, given_name: member.givenName },
    next_booking: upcoming.next,
    upcoming_count: upcoming.count,
    counts: {
      favorite_styles: favorites.styles,
      favorite_designers: favorites.designers,
      favorite_shops: favorites.shops,
      gallery_photos: galleryPhotos,
    },
  };
}
