import type { ImgHTMLAttributes } from 'react';
import { mediaSources } from '../lib/media';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width'> & {
  src: string;
  /** The widest the image is shown, in CSS pixels (picks the variants). */
  width: number;
  /** How wide it is shown per viewport (default `${width}px`). */
  sizes?: string;
  /**
   * The page's largest first-screen image (LCP): loaded at once with high priority. Everything
   * else loads lazily.
   */
  isPriority?: boolean;
};

/**
 * An `<img>` of a `/media/` picture in the variants the server cuts (ADR 031): `srcSet` of the
 * allowed widths from 1× to 2× the shown width, AVIF or WebP by the browser's Accept header.
 * Pass `width` and `height` (or give the box an aspect-ratio) so nothing shifts when it loads.
 */
export function MediaImage({ src, width, sizes, isPriority = false, alt = '', ...rest }: Props) {
  const sources = mediaSources(src, width, sizes ? { sizes } : {});
  return (
    <img
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding={isPriority ? undefined : 'async'}
      {...(isPriority ? { fetchPriority: 'high' as const } : {})}
      width={width}
      {...rest}
      {...sources}
    />
  );
}
