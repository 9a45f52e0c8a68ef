import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one for its own process, which on the 2-core CI machine
    // ran the test files one at a time (the PGlite pass 433 s, the PostgreSQL pass 293 s; with
    // both cores 276 s and 203 s, measured). The main process only waits meanwhile.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      'apps/web',
    ],
  },
});
