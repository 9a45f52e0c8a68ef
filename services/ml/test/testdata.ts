import { fileURLToPath } from 'node:url';

/** The shared labelled photos (`../shared/testdata/faces` beside the repository). */
export const facesDir = fileURLToPath(
  new URL('../../../../shared/testdata/faces/', import.meta.url),
);
