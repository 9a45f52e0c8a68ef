import { isPrivateMediaUrl, mediaVariantWidths } from '@carol/contracts';

/**
 * Right-sized `/media/` images (ADR 031): the server answers `/media/<path>?w=<width>` with a
 * copy that wide in the best format the browser accepts. Only the widths in
 * `mediaVariantWidths` exist; any other is refused.
 */

/** Files the server resizes: public media of our own origin (not the private folders). */
const resizable = /^\/media\/[^?#]+\.(?:webp|avif|jpe?g|png)$/i;

export function isResizableMedia(url: string): boolean {
  return resizable.test(url) && !isPrivateMediaUrl(url);
}

/**
 * The full picture when the server cuts variants of it (they replace a fixed thumbnail), else
 * its thumbnail when there is one.
 */
export function resizableOr(full: string, thumb: string | null | undefined): string {
  return isResizableMedia(full) ? full : (thumb ?? full);
}

/** The URL of the `width` variant (the original URL when it is not resizable). */
export function mediaVariantUrl(url: string, width: number): string {
  return isResizableMedia(url) ? `${url}?w=${width}` : url;
}

/** The smallest variant width covering `pixels`, or the largest there is. */
function widthCovering(pixels: number): number {
  return mediaVariantWidths.find((w) => w >= pixels) ?? mediaVariantWidths.at(-1)!;
}

/**
 * The variant widths for an image shown `displayWidth` CSS pixels wide: from the one covering
 * 1× up to the one covering `maxDensity`× (2 by default: at 3× the eye sees no difference on a
 * photo, and the file is about twice as large).
 */
export function mediaWidthsFor(displayWidth: number, maxDensity = 2): number[] {
  const lowest = widthCovering(displayWidth);
  const highest = widthCovering(displayWidth * maxDensity);
  return mediaVariantWidths.filter((w) => w >= lowest && w <= highest);
}

/** `srcset` for `url` at the given widths; undefined when the URL is not resizable. */
export function mediaSrcSet(url: string, widths: readonly number[]): string | undefined {
  if (!isResizableMedia(url) || widths.length === 0) return undefined;
  return widths.map((w) => `${mediaVariantUrl(url, w)} ${w}w`).join(', ');
}

export interface MediaImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * `src`, `srcSet` and `sizes` for an image shown `displayWidth` CSS pixels wide at most
 * (`sizes` says how wide it is at each viewport; default: exactly `displayWidth` px). `src` is the
 * 2× variant, for browsers without srcset support.
 */
export function mediaSources(
  url: string,
  displayWidth: number,
  options: { sizes?: string; maxDensity?: number } = {},
): MediaImageSources {
  const widths = mediaWidthsFor(displayWidth, options.maxDensity);
  const srcSet = mediaSrcSet(url, widths);
  if (!srcSet) return { src: url };
  return {
    src: mediaVariantUrl(url, widths.at(-1)!),
    srcSet,
    sizes: options.sizes ?? `${displayWidth}px`,
  };
}

/** `sizes` for an image spanning the app's column (max 480 px wide, minus `gutter` px). */
export function columnSizes(gutter = 0): string {
  return `(min-width: 480px) ${480 - gutter}px, ${gutter ? `calc(100vw - ${gutter}px)` : '100vw'}`;
}
