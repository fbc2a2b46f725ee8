import { ERROR_CATALOGUE, type ErrorKey } from '@starhold/contract';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type Language } from './settings';

type Bundle = Record<string, unknown>;

/**
 * Every src/locales/<lang>/<namespace>.json is picked up here, so a feature adds its own
 * namespace file without editing this module.
 */
const localeFiles = import.meta.glob<Bundle>('../locales/*/*.json', { eager: true, import: 'default' });

function catalogueTexts(language: Language): Record<ErrorKey, string> {
  const entries = Object.entries(ERROR_CATALOGUE).map(([key, texts]) => [key, texts[language]]);
  return Object.fromEntries(entries) as Record<ErrorKey, string>;
}

export function buildResources(): Record<Language, Record<string, Bundle>> {
  const resources: Record<Language, Record<string, Bundle>> = { fr: {}, en: {} };
  for (const [path, bundle] of Object.entries(localeFiles)) {
    const match = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
    const language = match?.[1] as Language | undefined;
    const namespace = match?.[2];
    if (!language || !namespace || !SUPPORTED_LANGUAGES.includes(language)) continue;
    resources[language][namespace] = bundle;
  }
  // The server's error texts live in the contract: one source for both apps. errors.json adds
  // the client-side keys (network, time-out).
  for (const language of SUPPORTED_LANGUAGES) {
    resources[language].errors = { ...catalogueTexts(language), ...resources[language].errors };
  }
  return resources;
}

export interface I18nOptions {
  /** Forces a language (tests); otherwise localStorage, then the browser, then French. */
  language?: Language;
}

export function createI18n(options: I18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  if (!options.language) instance.use(LanguageDetector);
  instance.use(initReactI18next);
  void instance.init({
    resources: buildResources(),
    lng: options.language,
    fallbackLng: 'fr',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: Object.keys(buildResources().fr),
    interpolation: { escapeValue: false },
    initAsync: false,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (language: string) => language.split('-')[0] ?? language,
    },
  });
  return instance;
}

export function currentLanguage(instance: I18n): Language {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return resolved?.startsWith('en') ? 'en' : 'fr';
}
