import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: the process-level battery (listening servers, kill -9, load,
 * PostgreSQL) in reliability/, plus the server's in-process battery at the figures.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
