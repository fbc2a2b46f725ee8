import { createI18nInstance, languageReady, type LanguageBundles } from './i18n-core';
import type { Language } from './settings';

const LOCALES: Record<Language, () => Promise<{ default: LanguageBundles }>> = {
  fr: () => import('./locales-fr'),
  en: () => import('./locales-en'),
};

/**
 * The application's i18next instance (language from localStorage, then the browser, then fr). It
 * holds the texts of its language only: the other's are loaded when the player switches
 * (decision 202); index.html's early script preloads the likely one.
 */
export const i18n = createI18nInstance({
  load: (language) => LOCALES[language]().then((module) => module.default),
});

/** Resolves once the current language's texts are in (main.tsx renders after it). */
export const i18nReady: Promise<void> = languageReady(i18n);
