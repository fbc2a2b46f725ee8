import { CLIENT_ERROR_KEYS, ERROR_CATALOGUE, ERROR_KEYS } from '@starhold/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildResources, createI18n } from './i18n';
import { createI18nInstance, languageReady, NAMESPACES, type LanguageBundles } from './i18n-core';
import type { Language } from './settings';
import { LANGUAGE_STORAGE_KEY } from './settings';

describe('i18n', () => {
  afterEach(() => vi.restoreAllMocks());

  it('translates every error key of the contract and the client in French and English', () => {
    const resources = buildResources();
    for (const key of [...ERROR_KEYS, ...CLIENT_ERROR_KEYS]) {
      expect(resources.fr.errors?.[key], `fr ${key}`).toEqual(expect.any(String));
      expect(resources.en.errors?.[key], `en ${key}`).toEqual(expect.any(String));
    }
    expect(resources.fr.errors?.INSUFFICIENT_RESOURCES).toBe(ERROR_CATALOGUE.INSUFFICIENT_RESOURCES.fr);
  });

  it('has the same keys in French and English for every namespace', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
        : [prefix];
    const { fr, en } = buildResources();
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const namespace of Object.keys(fr)) {
      expect(keysOf(en[namespace]).sort(), namespace).toEqual(keysOf(fr[namespace]).sort());
    }
  });

  it('uses the stored language before the browser language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(createI18n().t('common:error.title')).toBe('Error');
  });

  it('follows an English browser and remembers the choice', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB', 'en']);
    expect(createI18n().t('common:error.title')).toBe('Error');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('falls back to French when the browser language is not supported', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(createI18n().t('common:error.title')).toBe('Erreur');
  });

  it('lists every namespace of the locale files (the app loads one language and cannot list them)', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(buildResources().fr).sort());
  });

  it("loads only the page's language, and the other one before switching to it", async () => {
    const { fr, en } = buildResources();
    const loads: Language[] = [];
    const instance = createI18nInstance({
      language: 'en',
      load: (language) => {
        loads.push(language);
        return Promise.resolve<LanguageBundles>(language === 'fr' ? fr : en);
      },
    });
    await languageReady(instance);
    expect(loads).toEqual(['en']);
    expect(instance.t('common:error.title')).toBe('Error');
    await instance.changeLanguage('fr');
    expect(loads).toEqual(['en', 'fr']);
    expect(instance.t('common:error.title')).toBe('Erreur');
    expect(instance.t('errors:INSUFFICIENT_RESOURCES')).toBe(ERROR_CATALOGUE.INSUFFICIENT_RESOURCES.fr);
  });
});
