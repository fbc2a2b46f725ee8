import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { appLocale, formatInteger, type AppLocale } from './format';

/** The locale of the app's language (never the browser's), for the format helpers. */
export function useAppLocale(): AppLocale {
  const { i18n } = useTranslation();
  return appLocale(i18n.language);
}

/** `formatInteger` in the app's current language, re-rendered when it changes. */
export function useFormatInteger(): (value: number) => string {
  const locale = useAppLocale();
  return useCallback((value: number) => formatInteger(value, locale), [locale]);
}
