import { describe, expect, it } from 'vitest';
import { isPrivateMediaUrl } from './media.js';

describe('isPrivateMediaUrl', () => {
  it('knows the private folders in any case and with doubled slashes', () => {
    expect(isPrivateMediaUrl('/media/gallery/2026-11/a.webp')).toBe(true);
    expect(isPrivateMediaUrl('/media/Gallery/2026-11/a.webp')).toBe(true);
    expect(isPrivateMediaUrl('/media//gallery/2026-11/a.webp')).toBe(true);
  });

  it('leaves public folders and other URLs alone', () => {
    expect(isPrivateMediaUrl('/media/seed/v1/a.webp')).toBe(false);
    expect(isPrivateMediaUrl('/media/reviews/2026-11/a.jpg')).toBe(false);
    expect(isPrivateMediaUrl('/media/galleryx/a.webp')).toBe(false);
    expect(isPrivateMediaUrl('https://cdn.example/media/gallery/a.webp')).toBe(false);
  });
});
