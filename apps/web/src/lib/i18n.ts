import type { i18n as I18n } from 'i18next';
import { createI18nInstance, languageBundles, type Bundle, type LanguageBundles } from './i18n-core';
import type { Language } from './settings';

export { currentLanguage } from './i18n-core';

/**
 * Every src/locales/<lang>/<namespace>.json, both languages, for the tests (a feature adds its own
 * namespace file without editing this module). The app loads one language at a time
 * (i18n-instance.ts, locales-fr.ts, locales-en.ts).
 */
const localeFiles = import.meta.glob<Bundle>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Language, LanguageBundles> {
  return { fr: languageBundles('fr', localeFiles), en: languageBundles('en', localeFiles) };
}

export interface I18nOptions {
  /** Forces a language (tests); otherwise localStorage, then the browser, then French. */
  language?: Language;
}

/** An instance holding both languages' texts from the start (tests). */
export function createI18n(options: I18nOptions = {}): I18n {
  return createI18nInstance({ language: options.language, resources: buildResources() });
}
