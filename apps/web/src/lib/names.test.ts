import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { planetTypeName, raceName, securityName, securityToneName } from './names';

const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every translated text of a language, with its path, outside common:names. */
function textsOutsideNames(language: string): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const walk = (value: unknown, path: string) => {
    if (path === 'common:names') return;
    if (typeof value === 'string') found.push({ path, text: value });
    else if (typeof value === 'object' && value !== null)
      for (const [key, child] of Object.entries(value))
        walk(child, path.endsWith(':') ? `${path}${key}` : `${path}.${key}`);
  };
  for (const [file, bundle] of Object.entries(localeFiles)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
    if (match?.[1] === language) walk(bundle, `${match[2]}:`);
  }
  return found;
}

describe('one name per concept', () => {
  it('names races, planet types and security bands as GAME_RULES and the SPEC legend do', () => {
    const fr = createI18n({ language: 'fr' }).t;
    const en = createI18n({ language: 'en' }).t;
    expect([1, 2, 3].map((id) => raceName(fr, id))).toEqual(['Humain', 'Insectoïde', 'Nomade']);
    expect([1, 2, 3].map((id) => raceName(en, id))).toEqual(['Human', 'Insectoid', 'Nomad']);
    expect(planetTypeName(fr, 'default')).toBe('Tempérée');
    expect(planetTypeName(en, 'default')).toBe('Temperate');
    expect(['high', 'low', 'null'].map((band) => securityName(fr, band))).toEqual([
      'Haute Sécurité',
      'Basse Sécurité',
      'Null Sec',
    ]);
    expect(securityName(en, 'very-high')).toBe('High Security');
    expect(securityToneName(fr, 'low')).toBe(securityName(fr, 'low'));
  });

  for (const language of ['fr', 'en'] as const) {
    it(`defines each name once, in common:names, so no screen keeps its own copy (${language})`, () => {
      const i18n = createI18n({ language });
      const names = i18n.getResource(language, 'common', 'names') as Record<string, Record<string, string>>;
      const labels = new Set(
        Object.values(names)
          .flatMap((group) => Object.values(group))
          .map((label) => label.toLowerCase()),
      );
      const copies = textsOutsideNames(language).filter(({ text }) => labels.has(text.toLowerCase()));
      expect(copies).toEqual([]);
      // A concept's group must not be redefined under another name either.
      const groups = textsOutsideNames(language).filter(({ path }) =>
        /[.:](races|planetTypes|securityLevels|security)\./.test(path),
      );
      expect(groups).toEqual([]);
    });
  }
});
