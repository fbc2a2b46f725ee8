import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// The repository's own lint configuration, with type information switched off so that scratch
// files that exist only in memory can be linted; only the rules that hold the boundaries run.
const BOUNDARY_RULES = new Set([
  'boundaries/imports',
  'no-restricted-properties',
  'no-restricted-globals',
  'no-restricted-syntax',
]);
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('import boundaries', () => {
  it.each([
    [
      'packages/rules/src/scratch.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
    ],
    ['packages/rules/src/scratch.ts', "import { z } from 'zod';\nexport const x = z;"],
    [
      'packages/rules/src/scratch.ts',
      "import { ERROR_CATALOGUE } from '@starhold/contract';\nexport const x = ERROR_CATALOGUE;",
    ],
    [
      'packages/rules/src/scratch.ts',
      "import { x } from '../../contract/src/errors.js';\nexport const y = x;",
    ],
    ['packages/rules/src/scratch.ts', 'export const now = Date.now();'],
    ['packages/rules/src/scratch.ts', 'export const roll = Math.random();'],
    ['packages/rules/src/scratch.ts', 'export const today = new Date();'],
    ['packages/rules/src/scratch.ts', 'export const env = process.env;'],
    ['packages/contract/src/scratch.ts', "import { SHIPS } from '@starhold/rules';\nexport const x = SHIPS;"],
    ['packages/contract/src/scratch.ts', "import { join } from 'node:path';\nexport const x = join;"],
    [
      'apps/web/src/lib/scratch.ts',
      "import { buildApp } from '../../../server/src/app.js';\nexport const x = buildApp;",
    ],
    [
      'apps/web/src/lib/scratch.ts',
      "import { buildApp } from '@starhold/server/src/app.js';\nexport const x = buildApp;",
    ],
    [
      'apps/web/src/features/player/scratch.ts',
      "import { x } from '../leaderboard/api';\nexport const y = x;",
    ],
    [
      'apps/web/src/app/shell/scratch.ts',
      "import { x } from '../../features/emails/model/email-content';\nexport const y = x;",
    ],
    [
      'apps/server/src/modules/auth/scratch.ts',
      "import { x } from '../emails/emails.repository.js';\nexport const y = x;",
    ],
    [
      'apps/server/src/modules/planets/scratch.ts',
      "import { x } from '../constructions/constructions.service.js';\nexport const y = x;",
    ],
    [
      'apps/server/src/app-scratch.ts',
      "import { x } from './modules/emails/emails.repository.js';\nexport const y = x;",
    ],
  ])('refuses a crossing in %s: %s', async (file, code) => {
    const found = await problems(file, code);
    expect(found.length).toBeGreaterThan(0);
    expect(found.join('\n')).not.toMatch(/^parse:/m);
  });

  it.each([
    [
      'packages/rules/src/scratch.ts',
      "import { SHIPS } from './catalogue/index.js';\nexport const x = SHIPS;",
    ],
    [
      'packages/contract/src/scratch.ts',
      "import { z } from 'zod';\nimport { x } from './common.js';\nexport const y = [z, x];",
    ],
    ['apps/web/src/features/player/scratch.ts', "import { x } from '../leaderboard';\nexport const y = x;"],
    [
      'apps/web/src/features/player/scratch.ts',
      "import { x } from '../leaderboard/index';\nexport const y = x;",
    ],
    [
      'apps/web/src/features/emails/components/scratch.ts',
      "import { x } from '../model/email-content';\nexport const y = x;",
    ],
    [
      'apps/server/src/modules/auth/scratch.ts',
      "import { x } from '../emails/index.js';\nexport const y = x;",
    ],
    [
      'apps/server/src/modules/emails/scratch.ts',
      "import { x } from './emails.repository.js';\nexport const y = x;",
    ],
    ['apps/server/src/scratch.ts', "import { x } from './modules/emails/index.js';\nexport const y = x;"],
  ])('lets a permitted import through in %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
