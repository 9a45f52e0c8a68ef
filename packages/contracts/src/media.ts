/**
 * Widths (CSS pixels × density) the server resizes `/media/...` images to on request
 * (`/media/<path>?w=<width>`, ADR 031). Any other width is refused, so the variant cache on disk
 * stays bounded: at most this many files per image and format.
 */
export const mediaVariantWidths = [160, 320, 480, 640, 960, 1280] as const;

export type MediaVariantWidth = (typeof mediaVariantWidths)[number];
