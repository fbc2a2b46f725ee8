/**
 * The test files that replace a module with `vi.mock` or `vi.doMock`. The web and server projects
 * run their files without isolation (decision 247): a mocked module must be loaded after its
 * mock, so these files run in projects of their own, isolated (vitest.config.ts). Paths are
 * relative to the repository's root; `test-isolation.test.ts` fails on a mocking file missing here.
 */
export const MOCKING_TEST_FILES = [
  'apps/server/test/admin-socket-mode.test.ts',
  'apps/server/test/reset-confirm-cost.test.ts',
] as const;
