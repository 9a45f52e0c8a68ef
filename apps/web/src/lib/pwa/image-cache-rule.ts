/**
 * The service worker's runtime image cache rule (vite.config.ts, ADR 029): same-origin `/media/`
 * files and the bundle's images, but never a private folder's (the member's gallery, ADR 031; the salons' records and scalp images; the looks kept with bookings, ADR 059).
 * Cache Storage keeps what it is given for 30 days whatever its Cache-Control says, across
 * sign-outs, so an owner-only photo must not enter it. Workbox copies this function's text into
 * sw.js without its closure: it imports nothing, and the private folders are spelled out in it
 * (the build and image-cache-rule.test.ts check them against contracts' `privateMediaFolders`).
 */
export const publicImages = ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
  sameOrigin &&
  ((url.pathname.startsWith('/media/') &&
    !/^\/media\/+(?:gallery|records|scalp|looks)(?:\/|$)/i.test(url.pathname)) ||
    (url.pathname.startsWith('/assets/') &&
      /\.(?:png|jpe?g|webp|avif|gif|svg)$/.test(url.pathname)));
