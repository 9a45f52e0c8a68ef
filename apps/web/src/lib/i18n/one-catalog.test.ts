// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// The first load carries one language's catalog. The package root re-exports every
// catalog, so app code imports @carol/i18n/client (and a language by its own entry) instead.
describe('one catalog at a time', () => {
  it('no app module imports the @carol/i18n root', () => {
    const offenders = sources(src).filter((file) =>
      /from '@carol\/i18n'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(src, file))).toEqual([]);
  });
});
