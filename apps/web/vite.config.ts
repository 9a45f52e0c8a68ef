import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative imports: the config is bundled, so the catalogs' TypeScript is read at build time.
import { common as en } from '../../packages/i18n/src/locales/en/common';
import { common as ja } from '../../packages/i18n/src/locales/ja/common';
import { common as ko } from '../../packages/i18n/src/locales/ko/common';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), woff2Only(), loadErrorTexts()],
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
  },
});
