/**
 * The web app manifest's PNG icons and the Apple touch icon, drawn once from
 * apps/web/public/favicon.svg (ADR 029): `npx tsx scripts/generate-pwa-icons.ts`, then commit
 * apps/web/public/icons/. Run again only when the favicon changes.
 *
 * - icon-192/512: the favicon as it is (rounded square, transparent corners).
 * - icon-maskable-512 and apple-touch-icon (180): the same mark on a full square, because the
 *   platform cuts its own shape; the mark already sits inside the maskable safe zone (the
 *   centre circle of 80 % diameter).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'apps', 'web', 'public');
const outDir = join(publicDir, 'icons');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const fullBleed = favicon.replace(/<rect([^>]*?) rx="[^"]*"/, '<rect$1');
if (fullBleed === favicon) throw new Error('favicon.svg: no rounded <rect> background found');

const icons: { file: string; svg: string; size: number }[] = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: fullBleed, size: 512 },
  { file: 'apple-touch-icon.png', svg: fullBleed, size: 180 },
];

mkdirSync(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  // Rendered at the target size (density scales the 64-unit viewBox), not scaled from a bitmap.
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(outDir, file));
  console.log(`${file} ${size}×${size}`);
}
