import { languageBundles, type Bundle } from './i18n-core';

/** The French texts, one chunk loaded when French is the language (decision 202). */
export default languageBundles(
  'fr',
  import.meta.glob<Bundle>('../locales/fr/*.json', { eager: true, import: 'default' }),
);
