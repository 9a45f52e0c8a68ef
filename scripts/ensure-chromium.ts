/**
 * The browser tests need Debian's Chromium (Playwright's own download cannot work here).
 * Installs it when running as root on Debian, otherwise fails with one line saying how.
 */
import { existsSync } from 'node:fs';
import { run } from './lib.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function ensureChromium(): Promise<void> {
  if (existsSync(chromiumPath)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian chromium and fonts-noto-cjk...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    await run('apt-get', ['update', '-qq'], { env });
    const code = await run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
      env,
    });
    if (code === 0 && existsSync(chromiumPath)) return;
  }
  console.error(
    `✖ Chromium is missing at ${chromiumPath}: run "sudo apt-get install -y chromium fonts-noto-cjk" (or set CHROMIUM_PATH), then npm test again.`,
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureChromium();
