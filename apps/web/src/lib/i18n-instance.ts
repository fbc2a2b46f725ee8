import { createI18n } from './i18n';

/** The application's i18next instance (language from localStorage, then the browser, then fr). */
export const i18n = createI18n();
