import { defineConfig } from 'vitest/config';

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
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Every saved state kept in the state cache is checked against the tables (decision 186).
          env: { STARHOLD_CHECK_STATE_CACHE: '1' },
        },
      },
      { test: { name: 'tooling', root: 'tools', include: ['**/*.test.ts'], environment: 'node' } },
      'apps/web/vitest.config.ts',
      // The web app's build tooling runs in Node, without the browser set-up of the web project.
      { test: { name: 'web-build', root: 'apps/web', include: ['build/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
