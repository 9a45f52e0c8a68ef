import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// Relative imports: the config is bundled, so the catalogs' TypeScript is read at build time.
import { common as en } from '../../packages/i18n/src/locales/en/common';
import { common as ja } from '../../packages/i18n/src/locales/ja/common';
import { common as ko } from '../../packages/i18n/src/locales/ko/common';
import { ja as jaCatalog } from '../../packages/i18n/src/locales/ja/index';
import { ko as koCatalog } from '../../packages/i18n/src/locales/ko/index';
import { privateMediaFolders } from '../../packages/contracts/src/media';
import { publicImages } from './src/lib/pwa/image-cache-rule';
import { filesUnder, firstScreenFonts, intlTexts, stringsOf } from './build/first-screen-fonts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxiedPrefixes = ['/api', '/shop-api', '/ml-api', '/media', '/healthz', '/readyz'];

/**
 * @fontsource CSS lists a WOFF fallback after every WOFF2 file. Every browser we support reads
 * WOFF2, so drop the fallbacks: Vite then emits half as many font files (the fonts stay
 * self-hosted, split by unicode-range so a page downloads only the glyph ranges it uses).
 */
function woff2Only(): Plugin {
  return {
    name: 'carol:fontsource-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/@fontsource[\\/].+\.css$/.test(id)) return null;
      return { code: code.replace(/,\s*url\([^)]+\.woff\)\s*format\('woff'\)/g, ''), map: null };
    },
  };
}

/**
 * index.html's boot fallback (shown when the app's own files fail to load, ADR 023) cannot use
 * i18next: its texts are written into the page from the catalogs at build time.
 */
function loadErrorTexts(): Plugin {
  const texts = Object.fromEntries(
    Object.entries({ ko, en, ja }).map(([language, c]) => [
      language,
      { title: c.loadError.title, body: c.loadError.body, retry: c.actions.retry },
    ]),
  );
  return {
    name: 'carol:load-error-texts',
    transformIndexHtml: (html) =>
      html.replace('__CAROL_LOAD_ERROR_TEXTS__', JSON.stringify(texts).replace(/</g, '\\u003c')),
  };
}

/**
 * index.html's boot script links the current market's font stylesheet and preloads the current
 * language's catalog chunk before the app's script runs. Their hashed names are known
 * only once the bundle is written: this fills `__CAROL_LOCALE_ASSETS__` with them (empty in dev,
 * where main.tsx's own imports load both).
 */
function localeAssets(): Plugin {
  const sources = {
    fonts: { kr: '/src/styles/fonts-kr.css', jp: '/src/styles/fonts-jp.css' },
    catalogs: {
      ko: '/packages/i18n/src/locales/ko/index.ts',
      en: '/packages/i18n/src/locales/en/index.ts',
      ja: '/packages/i18n/src/locales/ja/index.ts',
    },
  };
  return {
    name: 'carol:locale-assets',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const found: { fonts: Record<string, string[]>; catalogs: Record<string, string[]> } = {
          fonts: {},
          catalogs: {},
        };
        for (const output of Object.values(ctx.bundle ?? {})) {
          // A dynamically imported stylesheet is emitted as a bare CSS asset (no JS chunk).
          if (output.type === 'asset') {
            for (const [market, source] of Object.entries(sources.fonts)) {
              if (output.originalFileNames.some((name) => `/${name}` === source)) {
                found.fonts[market] = [`/${output.fileName}`];
              }
            }
          } else if (output.facadeModuleId) {
            const id = output.facadeModuleId.replace(/\\/g, '/');
            for (const [language, source] of Object.entries(sources.catalogs)) {
              if (id.endsWith(source)) {
                found.catalogs[language] = [output, ...output.imports].map((file) =>
                  typeof file === 'string' ? `/${file}` : `/${file.fileName}`,
                );
              }
            }
          }
        }
        if (ctx.bundle) {
          for (const [kind, map] of Object.entries(sources)) {
            for (const key of Object.keys(map)) {
              const files = found[kind as keyof typeof found][key];
              if (!files?.length) throw new Error(`locale assets: no ${kind} files for ${key}`);
            }
          }
        }
        return html.replace('__CAROL_LOCALE_ASSETS__', JSON.stringify(found));
      },
    },
  };
}

/**
 * Each market's font: a first-screen subset built from the full font (the market language's
 * catalog less the legal texts and mails, the demo data's texts, the most frequent slices), and
 * @fontsource's slices for every other character (ADR 032). Written to
 * src/styles/generated/ (not in git), which fonts-kr.css and fonts-jp.css import.
 */
function marketFonts(): Plugin {
  const seed = fileURLToPath(new URL('../../services/server/src/db/seed', import.meta.url));
  const source = fileURLToPath(new URL('./src', import.meta.url));
  // The namespaces of the pages people arrive on (home, search, a salon, the style book, the
  // sign-in) and what every page shows; the other screens' texts come from the slices.
  const firstScreens = new Set(['common', 'nav', 'footer', 'errors', 'seo', 'home', 'search']);
  for (const ns of ['shops', 'reviews', 'stylebook', 'auth', 'coord', 'map']) firstScreens.add(ns);
  const firstScreenTexts = (catalog: Record<string, unknown>) =>
    stringsOf(Object.entries(catalog).filter(([ns]) => firstScreens.has(ns)));
  return firstScreenFonts(
    async () => {
      // The demo data (its generator's sources and data files: salons, areas, designers, menus,
      // banners, reviews).
      // and the interface's own symbols in its components (★ ratings, ♥ favourites).
      const textFiles = [
        ...(await filesUnder(seed, /^(?!.*\.test\.ts$).*\.(?:ts|json)$/)),
        ...(await filesUnder(source, /^(?!.*\.test\.tsx?$).*\.tsx?$/)),
      ];
      return [
        {
          market: 'kr',
          family: 'Noto Sans KR',
          fontsource: '@fontsource/noto-sans-kr',
          weights: [400, 700],
          fullFonts: {
            400: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
            700: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
          },
          frequentSlices: FREQUENT_SLICES.kr,
          texts: [...firstScreenTexts(koCatalog), ...intlTexts('ko-KR', 'KRW')],
          textFiles,
        },
        {
          market: 'jp',
          family: 'Noto Sans JP',
          fontsource: '@fontsource/noto-sans-jp',
          weights: [400, 700],
          fullFonts: {
            400: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
            700: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
          },
          frequentSlices: FREQUENT_SLICES.jp,
          texts: [...firstScreenTexts(jaCatalog), ...intlTexts('ja-JP', 'JPY')],
          textFiles,
        },
      ];
    },
    fileURLToPath(new URL('./src/styles/generated', import.meta.url)),
  );
}
/** The most frequent slices taken whole: Korean's two top (common syllables), Japanese's kana. */
const FREQUENT_SLICES = { kr: 2, jp: 1 };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `name.br` (Brotli, quality 11) and `name.gz` (gzip -9) beside every compressible
 * file of the build above 1 KB (ADR 028). The server's @fastify/static picks one by the
 * request's Accept-Encoding, so no byte is compressed per request. Source maps are skipped:
 * only developers fetch them.
 */
function precompress(): Plugin {
  let outDir = '';
  async function* filesUnder(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* filesUnder(path);
      else if (entry.isFile()) yield path;
    }
  }
  return {
    name: 'carol:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files: string[] = [];
      for await (const path of filesUnder(outDir)) {
        if (compressible.test(path) && (await stat(path)).size > 1024) files.push(path);
      }
      await Promise.all(
        files.map(async (path) => {
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          // A compressed copy that is not smaller would only cost the client a decode.
          if (br.length < body.length) await writeFile(`${path}.br`, br);
          if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

// The image cache rule names the private folders in its own text (sw.js gets no closure).
for (const folder of privateMediaFolders) {
  if (!publicImages.toString().includes(folder)) {
    throw new Error(`vite.config.ts: the image cache rule must leave out /media/${folder}/`);
  }
}

/**
 * Service worker and web app manifest (ADR 029): Workbox precaches the app shell (index.html,
 * scripts, styles, icons; not the ~740 font subsets nor source maps), answers SPA navigations
 * with index.html except the server's own paths, and keeps fonts and images in size-limited
 * runtime caches. The API is POST only and never matches a rule. A new version waits until the
 * person taps Reload (registerType 'prompt'; registered by src/lib/pwa/register-sw.ts).
 */
function serviceWorker() {
  // Server paths a navigation must reach, never answered by the SPA's index.html.
  const serverPaths = ['api', 'shop-api', 'ml-api', 'media', 'healthz', 'readyz'];
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    // Precached besides the build and the manifest with its icons (added by the plugin, which
    // also writes the manifest's <link> into index.html).
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    manifest: {
      id: '/',
      name: 'Carol',
      short_name: 'Carol',
      description: ko.slogan,
      lang: 'ko',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#faf6f2',
      background_color: '#faf6f2',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html}'],
      globIgnores: ['**/*.map', '**/*.woff2', '**/*.woff'],
      // The lazy colour try-on chunks are large; a shell without them would fail offline.
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [
        new RegExp(`^/(${serverPaths.join('|')})(/|$)`),
        /^\/robots\.txt$/,
        /^\/sitemap\.xml$/,
      ],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Fingerprinted font subsets: fetched the first time a page needs the glyph range.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.woff2'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'carol-fonts',
            expiration: { maxEntries: 120, maxAgeSeconds: 365 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Shop photos, stylebook and generated images (/media) and the bundle's own images.
          urlPattern: publicImages,
          handler: 'CacheFirst',
          options: {
            cacheName: 'carol-images',
            expiration: {
              maxEntries: 300,
              maxAgeSeconds: 30 * 24 * 60 * 60,
              purgeOnQuotaError: true,
            },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    marketFonts(),
    woff2Only(),
    loadErrorTexts(),
    localeAssets(),
    serviceWorker(),
    precompress(),
  ],
  server: {
    port: 3000,
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  preview: {
    port: 3000,
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // No <link rel=modulepreload> in index.html for the entry's imports (ADR 032):
    // fetched all at once they shared the phone's bandwidth with the stylesheets and delayed the
    // first paint (Lighthouse FCP 3.0 s → 1.6 s without, LCP unchanged); the browser finds them
    // when it parses the entry. Lazy screens keep their dependencies preloaded.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? [] : dependencies,
    },
  },
});
