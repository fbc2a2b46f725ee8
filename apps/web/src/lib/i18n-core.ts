import { ERROR_CATALOGUE, type ErrorKey } from '@starhold/contract';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, type Language } from './settings';

export type Bundle = Record<string, unknown>;
/** One language's texts, by namespace (src/locales/<lang>/<namespace>.json). */
export type LanguageBundles = Record<string, Bundle>;

/**
 * The namespaces of src/locales/<lang>/ (a test checks this list against the files): the app
 * loads one language's files at a time, so it cannot list them from the bundles it has.
 */
export const NAMESPACES = [
  'admin',
  'auth',
  'commandants',
  'common',
  'economy',
  'emails',
  'errors',
  'fleets',
  'goals',
  'leaderboard',
  'live',
  'modules',
  'profile',
  'simulator',
  'systems',
  'terms',
] as const;

function catalogueTexts(language: Language): Record<ErrorKey, string> {
  const entries = Object.entries(ERROR_CATALOGUE).map(([key, texts]) => [key, texts[language]]);
  return Object.fromEntries(entries) as Record<ErrorKey, string>;
}

/**
 * One language's namespaces from its locale files (as `import.meta.glob` gives them, by path).
 * The server's error texts live in the contract: one source for both apps; errors.json adds the
 * client-side keys (network, time-out).
 */
export function languageBundles(language: Language, files: Record<string, Bundle>): LanguageBundles {
  const bundles: LanguageBundles = {};
  for (const [path, bundle] of Object.entries(files)) {
    const match = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] !== language || !match[2]) continue;
    bundles[match[2]] = bundle;
  }
  bundles.errors = { ...catalogueTexts(language), ...bundles.errors };
  return bundles;
}

export interface I18nInstanceOptions {
  /** Forces a language (tests); otherwise localStorage, then the browser, then French. */
  language?: Language;
  /** Every language's texts at once (tests)... */
  resources?: Record<Language, LanguageBundles>;
  /** ...or each language's loaded when it is first used (the app: decision 202). */
  load?: (language: Language) => Promise<LanguageBundles>;
}

/**
 * An i18next instance over either all the texts or a loader of one language's. With a loader,
 * i18next asks it for the detected language at once, and for another before switching to it
 * (`changeLanguage` resolves once its texts are in), so the page never shows a missing text.
 */
export function createI18nInstance({ language, resources, load }: I18nInstanceOptions): I18n {
  const instance = i18next.createInstance();
  if (!language) instance.use(LanguageDetector);
  if (load) {
    const loaded = new Map<Language, Promise<LanguageBundles>>();
    const backend: BackendModule = {
      type: 'backend',
      init: () => undefined,
      read: (requested, namespace, callback) => {
        const target: Language = requested.startsWith('en') ? 'en' : 'fr';
        let bundles = loaded.get(target);
        if (!bundles) {
          bundles = load(target);
          loaded.set(target, bundles);
          // A failed load (a network error) is asked again on the next use.
          bundles.catch(() => loaded.delete(target));
        }
        bundles.then(
          (texts) => callback(null, texts[namespace] ?? {}),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
        );
      },
    };
    instance.use(backend);
  }
  instance.use(initReactI18next);
  void instance.init({
    ...(resources ? { resources } : {}),
    lng: language,
    // French for a language the app does not have; none for English, whose texts are complete (a
    // test checks the keys): with one, i18next would load French's texts with English's.
    fallbackLng: { en: [], default: ['fr'] },
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: [...NAMESPACES],
    interpolation: { escapeValue: false },
    initAsync: false,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (detected: string) => detected.split('-')[0] ?? detected,
    },
  });
  return instance;
}

export function currentLanguage(instance: I18n): Language {
  const resolved = instance.resolvedLanguage ?? instance.language;
  return resolved?.startsWith('en') ? 'en' : 'fr';
}

/**
 * Resolves once the instance's first language has its texts (at once when they were given): i18next
 * ends its initialisation when the loads of its language are done, or have failed (the page then
 * shows the keys rather than nothing).
 */
export function languageReady(instance: I18n): Promise<void> {
  if (instance.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      instance.off('initialized', done);
      resolve();
    };
    instance.on('initialized', done);
  });
}
