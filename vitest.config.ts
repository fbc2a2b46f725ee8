import { defineConfig } from 'vitest/config';
import { MOCKING_TEST_FILES } from './tools/mocking-test-files.js';

const SERVER = {
  root: 'apps/server',
  environment: 'node',
  testTimeout: 30000,
  hookTimeout: 60000,
  // Every saved state kept in the state cache is checked against the tables (decision 186).
  env: { STARHOLD_CHECK_STATE_CACHE: '1' },
} as const;

/** The server's test files that use vi.mock (a mocked module must be loaded after the mock). */
const MOCKING_SERVER_FILES = MOCKING_TEST_FILES.map((file) => file.replace(/^apps\/server\//, ''));

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'rules', root: 'packages/rules', include: ['test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: MOCKING_SERVER_FILES,
          // The files of a worker share one module graph: importing the server's modules again for
          // each of the 79 files was about half of the project's time (the suite on PostgreSQL:
          // 168 s -> 95 s; all of `npm test`, with the web project's: 362 s -> 134 s). Every file
          // builds its own app and database (test/helpers), so the modules hold no state a file
          // leaves behind except caches keyed by that database.
          isolate: false,
        },
      },
      // The files that replace a module (vi.mock) need it loaded for them alone.
      { test: { ...SERVER, name: 'server-mocking', include: MOCKING_SERVER_FILES } },
      { test: { name: 'tooling', root: 'tools', include: ['**/*.test.ts'], environment: 'node' } },
      'apps/web/vitest.config.ts',
      // The web app's build tooling runs in Node, without the browser set-up of the web project.
      { test: { name: 'web-build', root: 'apps/web', include: ['build/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
