import { describe, expect, it } from 'vitest';
import {
  columnSizes,
  isResizableMedia,
  mediaSources,
  mediaSrcSet,
  mediaVariantUrl,
  mediaWidthsFor,
  resizableOr,
} from './media';

describe('isResizableMedia', () => {
  it('takes public /media/ images of our own origin only', () => {
    expect(isResizableMedia('/media/seed/v1/shops/a.webp')).toBe(true);
    expect(isResizableMedia('/media/reviews/2026-11/abc.JPG')).toBe(true);
    expect(isResizableMedia('/media/gallery/2026-11/abc.webp')).toBe(false);
    expect(isResizableMedia('/media/seed/a.webp?w=320')).toBe(false);
    expect(isResizableMedia('/media/seed/a.gif')).toBe(false);
    expect(isResizableMedia('https://cdn.example/media/a.webp')).toBe(false);
    expect(isResizableMedia('/assets/logo-abc.png')).toBe(false);
    expect(isResizableMedia('')).toBe(false);
  });
});

describe('mediaWidthsFor', () => {
  it('covers 1× to 2× the shown width with the allowed widths', () => {
    expect(mediaWidthsFor(72)).toEqual([160]);
    expect(mediaWidthsFor(132)).toEqual([160, 320]);
    expect(mediaWidthsFor(200)).toEqual([320, 480]);
    expect(mediaWidthsFor(480)).toEqual([480, 640, 960]);
    expect(mediaWidthsFor(480, 3)).toEqual([480, 640, 960, 1280]);
  });
  it('stops at the largest width there is', () => {
    expect(mediaWidthsFor(1000)).toEqual([1280]);
  });
});

describe('mediaSrcSet and mediaSources', () => {
  it('lists each variant with its width descriptor', () => {
    expect(mediaSrcSet('/media/seed/a.webp', [160, 320])).toBe(
      '/media/seed/a.webp?w=160 160w, /media/seed/a.webp?w=320 320w',
    );
    expect(mediaSrcSet('/media/gallery/2026-11/x.webp', [160])).toBeUndefined();
    expect(mediaSrcSet('/media/seed/a.webp', [])).toBeUndefined();
  });

  it('gives src (the 2× variant), srcSet and sizes', () => {
    expect(mediaSources('/media/seed/a.webp', 132)).toEqual({
      src: '/media/seed/a.webp?w=320',
      srcSet: '/media/seed/a.webp?w=160 160w, /media/seed/a.webp?w=320 320w',
      sizes: '132px',
    });
    expect(mediaSources('/media/seed/a.webp', 480, { sizes: columnSizes() }).sizes).toBe(
      '(min-width: 480px) 480px, 100vw',
    );
  });

  it('leaves a URL the server does not resize as it is', () => {
    expect(mediaSources('https://x.example/a.jpg', 200)).toEqual({
      src: 'https://x.example/a.jpg',
    });
    expect(mediaVariantUrl('/media/gallery/2026-11/x.webp', 320)).toBe(
      '/media/gallery/2026-11/x.webp',
    );
  });
});

describe('columnSizes and resizableOr', () => {
  it('spans the 480 px column, less a gutter', () => {
    expect(columnSizes(32)).toBe('(min-width: 480px) 448px, calc(100vw - 32px)');
  });
  it('prefers the full picture when variants exist, else the thumbnail', () => {
    expect(resizableOr('/media/seed/a.webp', '/media/seed/a-t.webp')).toBe('/media/seed/a.webp');
    expect(resizableOr('https://x.example/a.webp', '/t.webp')).toBe('/t.webp');
    expect(resizableOr('https://x.example/a.webp', null)).toBe('https://x.example/a.webp');
  });
});
