/**
 * `npm start`: build the web app when its sources are newer than the build, then run the
 * server, which migrates and seeds the embedded database on first start.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, repoRoot, runOrExit } from './lib.js';

const distIndex = join(repoRoot, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/i18n/src',
  'packages/contracts/src',
].map((p) => join(repoRoot, p));
const isStale = !existsSync(distIndex) || newestMtime(sources) > statSync(distIndex).mtimeMs;
if (isStale) {
  console.log('Building the web app...');
  await runOrExit('npm', ['run', 'build', '-w', '@carol/web']);
}
process.env.NODE_ENV ??= 'production';
await import('../services/server/src/main.js');
