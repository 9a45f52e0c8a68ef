/**
 * Widths (CSS pixels × density) the server resizes `/media/...` images to on request
 * (`/media/<path>?w=<width>`, ADR 031). Any other width is refused, so the variant cache on disk
 * stays bounded: at most this many files per image and format.
 */
export const mediaVariantWidths = [160, 320, 480, 640, 960, 1280] as const;

export type MediaVariantWidth = (typeof mediaVariantWidths)[number];

/**
 * Top-level folders under `/media/` whose files only their owner may read (ADR 031): the
 * member's gallery, the salons' styling history (`records/`: photos, posters, videos) and scalp
 * microscope images (`scalp/`), and the copies of try-on looks kept with a booking (`looks/`,
 * the member and the booked salon; ADR 059). The server's folder table
 * (`services/server/src/features/media/media-folders.ts`) must give each of them an owner check;
 * the web asks for no variants of them. Add a new private folder here first.
 */
export const privateMediaFolders = ['gallery', 'records', 'scalp', 'looks'] as const;

export type PrivateMediaFolder = (typeof privateMediaFolders)[number];

/**
 * Whether a same-origin `/media/...` URL is in a private folder. Case-insensitive: on a disk
 * that ignores case, `/media/Gallery/...` is the same file.
 */
export function isPrivateMediaUrl(url: string): boolean {
  const match = /^\/media\/+([^/?#]+)\//.exec(url);
  const folder = match?.[1]?.toLowerCase();
  return folder !== undefined && (privateMediaFolders as readonly string[]).includes(folder);
}
