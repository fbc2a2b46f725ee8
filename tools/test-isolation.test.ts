import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKING_TEST_FILES } from './mocking-test-files.js';

const root = fileURLToPath(new URL('..', import.meta.url));

function testFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => relative(root, join(root, folder, file)));
}

const mocks = (file: string) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8'));

describe('test files without isolation (decision 247)', () => {
  it('lists every server test file that mocks a module, and only those', () => {
    expect(testFiles('apps/server/test').filter(mocks).sort()).toEqual([...MOCKING_TEST_FILES].sort());
  });

  it('has no web test file that mocks a module (the web project has no isolated part)', () => {
    expect(testFiles('apps/web/src').filter(mocks)).toEqual([]);
  });
});
