import type { PrivateMediaFolder } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  ownsBookingLookUrl,
  ownsMediaUrl,
  ownsRecordMediaUrl,
  ownsScalpImageUrl,
  shopMadeRecordMediaUrl,
  shopMadeScalpImageUrl,
  shopBookedLookUrl,
} from './media.repo.js';

/** Whether `url` (`/media/<folder>/...`) belongs to the member; anything else is a 404. */
export type MediaOwnerCheck = (db: Database, memberId: number, url: string) => Promise<boolean>;
/** Whether `url` was made by the shop (its console key may read it); anything else is a 404. */
export type MediaShopCheck = (db: Database, shopId: number, url: string) => Promise<boolean>;

export interface PublicMediaFolder {
  /** Cache-Control of the file and of its `?w=` variants. */
  cacheControl: string;
}

export interface OwnedMediaFolder {
  /** Cache-Control of the owner's answer: `private`, so no shared cache ever keeps it. */
  cacheControl: `private, ${string}`;
  /** Only a session whose member this says owns the URL gets the file; others get 404. */
  owner: MediaOwnerCheck;
  /**
   * The salon the file is for (it made the record, or the look was booked with it) may read it
   * with its console key (Authorization: Bearer).
   */
  maker?: MediaShopCheck;
}

export type MediaFolderPolicy = PublicMediaFolder | OwnedMediaFolder;

/**
 * Who may read each top-level folder of MEDIA_DIR and how long it may be cached: the one table
 * `GET /media/*` decides by (ADR 031). A folder that is not here is not served at all (404),
 * so a new kind of upload stays unreachable until it is given a policy here. The folders that
 * contracts' `privateMediaFolders` names must have an owner check (the type says so).
 *
 * - `seed/<renderer version>/...`: a pure function of its path, never rewritten: a year, immutable.
 * - `reviews/<yyyy-mm>/<random>...`: public review photos, written once under a fresh name;
 *   browsers keep them a year, shared caches a day, so a photo removed on withdrawal leaves
 *   CDNs within a day.
 * - `gallery/<yyyy-mm>/<random>...`: the member's own photos (photo or thumbnail of a live
 *   `media` row), only to that member, revalidated on every view (ETag) so a signed-out or
 *   withdrawn browser never shows it from its cache; no variants are cut of them.
 * - `records/<yyyy-mm>/<random>...`: a salon's styling history (photos, thumbnails, videos and
 *   their posters), only to a member linked with that salon under the recorded phone who has not
 *   deleted it; `scalp/<yyyy-mm>/<random>...`: scalp microscope images, the same rule.
 *   Both are also served to a console key of the salon that made the file (ADR 034).
 * - `looks/<yyyy-mm>/<random>...`: the copy of a try-on look kept with a booking, only to the
 *   member who booked and to the console key of the booked salon (ADR 059).
 */
export const mediaFolders = {
  seed: { cacheControl: 'public, max-age=31536000, immutable' },
  reviews: { cacheControl: 'public, max-age=31536000, s-maxage=86400, immutable' },
  gallery: { cacheControl: 'private, no-cache', owner: ownsMediaUrl },
  records: {
    cacheControl: 'private, no-cache',
    owner: ownsRecordMediaUrl,
    maker: shopMadeRecordMediaUrl,
  },
  scalp: {
    cacheControl: 'private, no-cache',
    owner: ownsScalpImageUrl,
    maker: shopMadeScalpImageUrl,
  },
  looks: {
    cacheControl: 'private, no-cache',
    owner: ownsBookingLookUrl,
    maker: shopBookedLookUrl,
  },
} as const satisfies Record<string, MediaFolderPolicy> &
  Record<PrivateMediaFolder, OwnedMediaFolder>;

/**
 * The policy of a path relative to MEDIA_DIR (already normalized: no dot segments, single
 * slashes), by its first segment compared without case — a case-insensitive disk must not
 * turn `Gallery/` into a public folder. Undefined: not served.
 */
export function mediaFolderOf(relative: string): MediaFolderPolicy | undefined {
  const slash = relative.indexOf('/');
  if (slash <= 0) return undefined;
  const folder = relative.slice(0, slash).toLowerCase();
  return Object.hasOwn(mediaFolders, folder)
    ? (mediaFolders as Record<string, MediaFolderPolicy>)[folder]
    : undefined;
}

export function isOwnedFolder(policy: MediaFolderPolicy): policy is OwnedMediaFolder {
  return 'owner' in policy;
}
