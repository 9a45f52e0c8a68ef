import { describe, expect, it } from 'vitest';
import { privateMediaFolders } from '@carol/contracts';
import { publicImages } from './image-cache-rule';

// What sw.js gets: the function's text alone, without anything it could have closed over.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const copy = new Function(`return ${publicImages.toString()}`) as () => typeof publicImages;
const copied = copy();

const at = (path: string, sameOrigin = true) => ({
  url: new URL(path, sameOrigin ? 'https://carol.example' : 'https://cdn.example'),
  sameOrigin,
});

describe('the service worker image cache rule', () => {
  it('keeps public media and bundle images of our origin', () => {
    for (const rule of [publicImages, copied]) {
      expect(rule(at('/media/seed/v1/styles/bob.webp?w=320'))).toBe(true);
      expect(rule(at('/media/reviews/2026-11/a.jpg'))).toBe(true);
      expect(rule(at('/assets/logo-Ab12.png'))).toBe(true);
      expect(rule(at('/media/seed/v1/a.webp', false))).toBe(false);
    }
  });

  it("never keeps a private folder's photo, however the path is spelled", () => {
    for (const rule of [publicImages, copied]) {
      for (const folder of privateMediaFolders) {
        for (const path of [
          `/media/${folder}/2026-11/a.webp`,
          `/media/${folder}/2026-11/a_t.webp`,
          `/media//${folder}/2026-11/a.webp`,
          `/media/${folder.toUpperCase()}/2026-11/a.webp`,
        ]) {
          expect(rule(at(path)), path).toBe(false);
        }
      }
    }
  });
});
