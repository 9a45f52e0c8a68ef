import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shared labelled photos (evaluation-only licence, never copied into the repository):
 * `FACE_TESTDATA_DIR` when set, else `../shared/testdata/faces` beside the repository, else the
 * workplace's `/work/shared/testdata/faces` (a CI clone may live elsewhere). Missing data is an
 * error with the fix in its message, never a silent skip.
 */
export function findFacesDir(): string {
  const candidates = [
    process.env.FACE_TESTDATA_DIR,
    fileURLToPath(new URL('../../../../shared/testdata/faces/', import.meta.url)),
    '/work/shared/testdata/faces/',
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(dir));
  if (!found)
    throw new Error(
      `The face test data is missing (looked in ${candidates.join(', ')}): set FACE_TESTDATA_DIR to a folder laid out like ../shared/testdata/faces`,
    );
  return found.endsWith('/') ? found : `${found}/`;
}

export const facesDir = findFacesDir();
