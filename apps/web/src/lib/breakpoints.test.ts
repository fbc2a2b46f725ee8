import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../app/theme';
import { DESKTOP_MIN_WIDTH, MOBILE_MAX_WIDTH_PX, MOBILE_QUERY } from './breakpoints';

const srcDir = join(import.meta.dirname, '..');

/** The web app's source files ending with one of `extensions`, as [path, text]. */
function sourceFiles(extensions: string[]): [string, string][] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.some((extension) => file.endsWith(extension)))
    .map((file) => [relative(srcDir, join(srcDir, file)), readFileSync(join(srcDir, file), 'utf8')]);
}

describe('the mobile breakpoint (SPEC 9: 768 px wide or less)', () => {
  it('is 768 px, and Mantine counts 769 px and up as desktop', () => {
    expect(MOBILE_MAX_WIDTH_PX).toBe(768);
    expect(MOBILE_QUERY).toBe('(max-width: 768px)');
    expect(buildTheme('human').breakpoints?.sm).toBe(DESKTOP_MIN_WIDTH);
    expect(DESKTOP_MIN_WIDTH).toBe('769px');
  });

  it('is the only width of every media query in the stylesheets', () => {
    const queries = sourceFiles(['.css']).flatMap(([file, css]) =>
      [...css.matchAll(/@media\s*([^{]+)\{/g)].map((match) => `${file}: ${match[1]?.trim()}`),
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query).toMatch(/: \(max-width: 768px\)$/);
  });

  it('is written nowhere else in the code: screens use MOBILE_QUERY or Mantine breakpoints', () => {
    const code = sourceFiles(['.ts', '.tsx']).filter(
      ([file]) => !/\.test\.tsx?$/.test(file) && !file.endsWith('breakpoints.ts'),
    );
    expect(code.length).toBeGreaterThan(50);
    const literals = code.flatMap(([file, text]) =>
      [...text.matchAll(/\((max|min)-width:[^)]*\)/g)].map((match) => `${file}: ${match[0]}`),
    );
    expect(literals).toEqual([]);
  });
});
