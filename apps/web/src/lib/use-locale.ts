import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from './format';

/** `formatInteger` in the app's current language (i18n.language), re-rendered when it changes. */
export function useFormatInteger(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatInteger(value, language), [language]);
}
