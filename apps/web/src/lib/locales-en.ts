import { languageBundles, type Bundle } from './i18n-core';

/** The English texts, one chunk loaded when French is the language (decision 202). */
export default languageBundles(
  'en',
  import.meta.glob<Bundle>('../locales/en/*.json', { eager: true, import: 'default' }),
);
