import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), woff2Only()],
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
